#include "replay/collectives/coll.hpp"

#include "replay/collectives/registry.hpp"
#include "format/action.hpp"

#include <stdexcept>
#include <string>

namespace tireplay {

Coll::Coll(P2PWorld& world, const Communicator& comm, int world_rank)
    : world_(world), comm_(comm), world_rank_(world_rank), rank_(comm.local_rank(world_rank))
{
}

void Coll::collective(ActionKind op, const CollArgs& a)
{
  if (dispatch_ != nullptr)
    dispatch_->run(op, *this, a);
  else
    find_algorithm(collective_operation(op), collective_operation(op).smpi_default).run(*this, a);  // SMPI's default
}

uint64_t Coll::checked_segments(uint64_t segments)
{
  // Segments posted at once, or sent ahead of their receivers, all share the network: the simulation's work grows
  // as their square (a 1 GiB pipelined broadcast in 8 KiB segments: a minute).
  if (segments > kMaxSegments)
    throw std::length_error("this collective cuts its message into " + std::to_string(segments) + " segments; the "
                            "replay takes at most " + std::to_string(kMaxSegments) + ": choose another algorithm "
                            "(--coll) or larger segments (--segment-bytes)");
  return segments;
}

void Coll::send(int dst, uint64_t bytes, int tag)
{
  world_.wait(world_.post_send(world_rank_, comm_.world_rank(dst), tag, comm_.id(), bytes, false, false));
}

void Coll::recv(int src, uint64_t bytes, int tag)
{
  world_.wait(world_.post_recv(src < 0 ? src : comm_.world_rank(src), world_rank_, tag, comm_.id(), bytes));
}

Request* Coll::isend(int dst, uint64_t bytes, int tag)
{
  return world_.post_send(world_rank_, comm_.world_rank(dst), tag, comm_.id(), bytes, true, false);
}

Request* Coll::irecv(int src, uint64_t bytes, int tag)
{
  return world_.post_recv(src < 0 ? src : comm_.world_rank(src), world_rank_, tag, comm_.id(), bytes);
}

void Coll::waitall(std::vector<Request*>& requests)
{
  world_.waitall(requests);
}

void Coll::compute(double flops)
{
  world_.compute(world_rank_, flops);
}

void Coll::sendrecv(int dst, uint64_t send_bytes, int send_tag, int src, uint64_t recv_bytes, int recv_tag)
{
  // SMPI (Request::sendrecv): isend_init + irecv_init, startall, waitall; MPI_PROC_NULL's half is no request; a
  // rank exchanging with itself only copies (no message).
  if (dst == rank_ && src == rank_)
    return;
  std::vector<Request*> both;
  if (dst != kProcNull)
    both.push_back(isend(dst, send_bytes, send_tag));
  if (src != kProcNull)
    both.push_back(irecv(src, recv_bytes, recv_tag));
  world_.waitall(both);
}

void Coll::fan_in(int root, uint64_t send_bytes, uint64_t recv_bytes, const std::vector<uint64_t>* recv_counts,
                  int tag)
{
  if (rank() != root) {
    scratch_.push_back(isend(root, send_bytes, tag));
  } else {
    for (int src = 0; src < size(); src++)
      if (src != root)
        scratch_.push_back(irecv(src, recv_counts != nullptr ? (*recv_counts)[src] : recv_bytes, tag));
  }
  waitall(scratch_);
}

void Coll::fan_out(int root, uint64_t send_bytes, const std::vector<uint64_t>* send_counts, uint64_t recv_bytes,
                   int tag)
{
  if (rank() != root) {
    scratch_.push_back(irecv(root, recv_bytes, tag));
  } else {
    for (int dst = 0; dst < size(); dst++)
      if (dst != root)
        scratch_.push_back(isend(dst, send_counts != nullptr ? (*send_counts)[dst] : send_bytes, tag));
  }
  waitall(scratch_);
}

} // namespace tireplay
