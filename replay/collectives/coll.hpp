// What a collective algorithm sees: its communicator, and blocking / non-blocking point-to-point
// operations in that communicator's ranks. Algorithms are plain functions of a Coll and CollArgs,
// one per file under replay/collectives/<operation>/, registered in registry.cpp.
#pragma once

#include "models/coll_args.hpp"
#include "models/model_context.hpp"
#include "replay/communicator.hpp"
#include "replay/p2p.hpp"

#include <cstdint>
#include <vector>

namespace tireplay {

// SMPI's tags for collective messages (src/smpi/include/private.hpp): disjoint from user tags, which are >= 0.
constexpr int kTagGather        = -445;
constexpr int kTagAllgather     = -556;
constexpr int kTagAllgatherv    = -667;
constexpr int kTagBarrier       = -778;
constexpr int kTagReduceScatter = -889;
constexpr int kTagAlltoallv     = -1000;
constexpr int kTagAlltoall      = -1112;
constexpr int kTagGatherv       = -2223;
constexpr int kTagBcast         = -3334;
constexpr int kTagAllreduce     = -4445;
constexpr int kTagReduce        = -112;
constexpr int kTagScatter       = -223;
constexpr int kTagScatterv      = -334;
constexpr int kTagScan          = -888;

/// The operation whose messages carry `tag` (one of the tags above), or nullptr for a user's tag.
inline const char* collective_of_tag(int tag)
{
  switch (tag) {
    case kTagGather: return "gather";
    case kTagAllgather: return "allgather";
    case kTagAllgatherv: return "allgatherv";
    case kTagBarrier: return "barrier";
    case kTagReduceScatter: return "reducescatter";
    case kTagAlltoallv: return "alltoallv";
    case kTagAlltoall: return "alltoall";
    case kTagGatherv: return "gatherv";
    case kTagBcast: return "bcast";
    case kTagAllreduce: return "allreduce";
    case kTagReduce: return "reduce";
    case kTagScatter: return "scatter";
    case kTagScatterv: return "scatterv";
    case kTagScan: return "scan";
    default: return nullptr;
  }
}

class Coll;
enum class ActionKind : uint8_t;

/// Runs the collective an algorithm calls inside its own (SMPI's colls::reduce in allreduce__redbcast, colls::bcast
/// for the remainder of NTSL): the algorithm the replay's selector picks for that operation on this communicator.
class CollDispatch {
public:
  virtual void run(ActionKind op, Coll& c, const CollArgs& a) = 0;

protected:
  ~CollDispatch() = default;
};

class Coll {
public:
  Coll(P2PWorld& world, const Communicator& comm, int world_rank);

  int rank() const { return rank_; }
  int size() const { return comm_.size(); }
  const Communicator& comm() const { return comm_; }
  /// This rank in another communicator it belongs to (a hierarchical algorithm's sub-communicator).
  Coll on(const Communicator& other) const
  {
    Coll c(world_, other, world_rank_);
    c.dispatch_ = dispatch_;
    return c;
  }
  /// Who picks the algorithm of a collective called by an algorithm (none: SMPI's default algorithm runs).
  void set_dispatch(CollDispatch* dispatch) { dispatch_ = dispatch; }
  /// The host of a rank (an id shared by the ranks on one host), for SMPI's SMP-aware algorithms.
  int host(int rank) const { return world_.host_ids[static_cast<size_t>(comm_.world_rank(rank))]; }
  /// Runs operation `op` on this communicator, as the selector picks it (see CollDispatch).
  void collective(ActionKind op, const CollArgs& a);
  /// `segments`, the pieces an algorithm cuts one message into, if at most kMaxSegments; else throws
  /// std::length_error before any is sent (a 1e15-byte broadcast in 8 KiB segments would run for days).
  static uint64_t checked_segments(uint64_t segments);
  static constexpr uint64_t kMaxSegments = uint64_t{1} << 17;  // 1 GiB in 8 KiB segments

  void send(int dst, uint64_t bytes, int tag);
  void recv(int src, uint64_t bytes, int tag);
  Request* isend(int dst, uint64_t bytes, int tag);
  Request* irecv(int src, uint64_t bytes, int tag);
  void wait(Request* r) { world_.wait(r); }
  /// Waits for every request and clears the vector.
  void waitall(std::vector<Request*>& requests);
  /// Executes `flops` on this rank's host (a reduction), blocking; nothing for 0.
  void compute(double flops);
  /// Simulated seconds, and a pause of this rank (an algorithm that holds a message until a planned date).
  double now() const { return world_.now(); }
  void sleep(double seconds) { world_.sleep(seconds); }
  /// MPI_Sendrecv: isend + irecv, then both waited. A peer that is kProcNull (MPI_PROC_NULL) leaves its half out.
  void sendrecv(int dst, uint64_t send_bytes, int send_tag, int src, uint64_t recv_bytes, int recv_tag);
  void sendrecv(int dst, uint64_t send_bytes, int src, uint64_t recv_bytes, int tag)
  {
    sendrecv(dst, send_bytes, tag, src, recv_bytes, tag);
  }

  /// Linear patterns around a root, all messages posted at once then waited. `fan_in`: every other rank sends
  /// `send_bytes` to the root, which receives (in rank order) `recv_counts[src]`, or `recv_bytes` from each.
  void fan_in(int root, uint64_t send_bytes, uint64_t recv_bytes, const std::vector<uint64_t>* recv_counts, int tag);
  /// `fan_out`: the root sends `send_counts[dst]` (or `send_bytes`) to every other rank, in rank order.
  void fan_out(int root, uint64_t send_bytes, const std::vector<uint64_t>* send_counts, uint64_t recv_bytes, int tag);

  /// A vector that algorithms may use for their requests (kept between calls: no allocation per call).
  std::vector<Request*>& scratch() { return scratch_; }

private:
  P2PWorld& world_;
  const Communicator& comm_;
  int world_rank_;
  int rank_;
  CollDispatch* dispatch_ = nullptr;
  std::vector<Request*> scratch_;
};

} // namespace tireplay
