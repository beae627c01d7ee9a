// Communicators: MPI_COMM_WORLD and those that comm_split / comm_dup actions create.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tireplay {

class Communicator {
public:
  Communicator(int id, std::vector<int> members, int world_size);

  int id() const { return id_; }
  int size() const { return static_cast<int>(members_.size()); }
  int world_rank(int local) const { return members_[local]; }
  /// Rank of a world rank in this communicator, -1 if it is not a member.
  int local_rank(int world) const { return local_[world]; }
  const std::vector<int>& members() const { return members_; }
  /// Whether local rank `local` already ran SMPI's Comm::init_smp on this communicator (its SMP-aware algorithms
  /// do at their first call there, replay/collectives/bcast/smp.cpp).
  bool smp_ready(int local) const { return smp_ready_[local] != 0; }
  void set_smp_ready(int local) const { smp_ready_[local] = 1; }

private:
  int id_;
  std::vector<int> members_;  // world rank of each local rank
  std::vector<int> local_;    // local rank of each world rank, -1 outside
  mutable std::vector<char> smp_ready_;  // by local rank
};

/// Every communicator of a replay, by id (0 = world). Ranks register the ones their traces create.
class CommTable {
public:
  /// Communicator 0 holds every rank; with `job_sizes` (several jobs, replay/jobs.hpp), communicator j is job
  /// j's MPI_COMM_WORLD: its ranks, numbered on from the previous jobs'.
  explicit CommTable(int world_size, const std::vector<int>& job_sizes = {});
  const Communicator& get(int id) const { return *comms_[id]; }
  /// Defines communicator `id`; a second definition must list the same members. Returns an error text or "".
  std::string define(int id, const std::vector<int>& members);
  /// The members of communicator `id`, or nullptr if undefined.
  const Communicator* find(int id) const;
  /// The communicator of `members` (world ranks, ascending) inside communicator `parent`, for the hierarchical
  /// and grid algorithms: made at the first request, with an id above any a trace defines.
  const Communicator& sub(int parent, const std::vector<int>& members);

private:
  int world_size_;
  std::vector<std::unique_ptr<Communicator>> comms_;
  std::map<std::pair<int, std::vector<int>>, std::unique_ptr<Communicator>> subs_;
};

} // namespace tireplay
