// The OTF2 references of the communicators a traced program uses: MPI_COMM_WORLD is 0, MPI_COMM_SELF 1, and each
// communicator the program creates gets (its rank 0's world rank + 1) * 4096 + how many communicators that rank
// has led before. The members agree on it when the communicator is created (the leader broadcasts its count), so
// every member's events name it the same way without a global pass during the run.
#pragma once

#include <mpi.h>
#include <otf2/otf2.h>

#include <cstdint>
#include <map>
#include <vector>

namespace tracer {

constexpr OTF2_CommRef kWorldRef = 0;
constexpr OTF2_CommRef kSelfRef  = 1;

/// The world ranks of `group`'s members, in its rank order.
std::vector<int> world_ranks(MPI_Group group);

/// Lists held by each rank (reference -> values), gathered on world rank 0 (empty elsewhere). Collective over
/// MPI_COMM_WORLD.
std::map<uint32_t, std::vector<uint64_t>> gather_lists_on_root(const std::map<uint32_t, std::vector<uint64_t>>& mine);

class Communicators {
public:
  OTF2_CommRef ref(MPI_Comm comm) const;  // OTF2_UNDEFINED_COMM for one the tracer did not see created
  /// Records `comm` just created (MPI_COMM_NULL: this rank is not in it). Collective over its members, made on
  /// `over` when given: a communicator of the same members in the same order (MPI_Comm_idup's parent, as its new
  /// communicator may not be used before its request completes).
  void created(MPI_Comm comm, MPI_Comm over = MPI_COMM_NULL);
  void freed(MPI_Comm comm) { refs_.erase(comm); }
  /// The communicators every rank created, on world rank 0 (empty elsewhere): reference -> members' world ranks
  /// in the communicator's rank order. Collective over MPI_COMM_WORLD.
  std::map<OTF2_CommRef, std::vector<uint64_t>> gather_on_root() const;

private:
  std::map<MPI_Comm, OTF2_CommRef> refs_;
  std::map<OTF2_CommRef, std::vector<uint64_t>> led_;  // the communicators this rank is rank 0 of
};

} // namespace tracer
