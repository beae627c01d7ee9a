// A rendezvous without asynchronous progress (`--cfg tireplay/async-progress:no`, docs/calibration.md "Progress only
// inside MPI"): Open MPI's TCP transport has no progress thread, so a large message's bytes move only once the
// receiver, from inside an MPI call, has answered the sender's request to send, and the sender, from inside an MPI
// call, has seen the answer. A rank that computes answers at its next MPI call; a rank waiting in MPI answers after
// its reaction delay (tireplay/wakeup-delay, -polling: the scheduler's, where ranks share a core; under a CPU quota,
// once its host runs again). Measured in the lab (docs/calibration.md): a receiver that computes 200 ms after
// MPI_Irecv gets 1 MiB over 100 Mbit/s at 287 ms, not 200; tools/accuracy/pingpong.c checks it for the calibration.
// One-sided messages that need their target's MPI library (tireplay/rma-target-progress, replay/rma.cpp) are handled
// by the same rule (when_in_mpi). The MPI layer's part, written once for both fidelity levels (P2PWorld,
// replay/p2p.hpp).
#include "replay/p2p.hpp"

namespace tireplay {

double P2PWorld::answer_delay(int rank)
{
  // A host under a CPU quota answers once it runs again (its kernel keeps the request meanwhile); then, where ranks
  // share a core, the scheduler's delay.
  if (double stopped = until_running(rank); stopped > 0)
    return stopped;
  return reaction_delay(rank);
}

void P2PWorld::handshake(Request* send, Request* recv, bool sender_posts)
{
  send->partner = recv;
  send->refs++;  // both held until the bytes start
  recv->refs++;
  turn(send, sender_posts ? send->src : recv->dst);
}

void P2PWorld::turn(Request* send, int running)
{
  // The request and the answer take no time here, where they take a latency: at the date the other half was posted,
  // the rank has not seen it yet, whichever of the two the engine ran first (its order of ranks at one date is its
  // own: the two levels' differ). It acts at its first MPI call at a later date, or as a waiting rank if it waits
  // from this date (progress()) or its wait ends at it: inside MPI at this date, whether it has left the wait yet or
  // not (the engines wake the ranks of one date in their own orders), as for one-sided messages (when_in_mpi).
  int rank             = send->answered ? send->src : send->dst;
  const Request* other = send->answered ? send->partner : send;  // the half that `rank` did not post
  auto r               = static_cast<size_t>(rank);
  if (running == rank && other->posted_at < transport->now() - kDatePrecision) {
    act(send, running);
  } else if (inside_mpi(rank)) {
    if (double delay = answer_delay(rank); delay > 0)
      transport->call_later(delay, [this, send]() { act(send, -1); });
    else
      act(send, -1);
  } else {
    send->owed_at = transport->now();
    to_act_[r].push_back(send);
  }
}

void P2PWorld::act(Request* send, int running)
{
  if (send->answered) {
    start_after_handshake(send);
    return;
  }
  send->answered = true;
  turn(send, running);
}

void P2PWorld::start_after_handshake(Request* send)
{
  Request* recv = send->partner;
  send->partner = nullptr;
  start_transfer(send);
  recv->transfer = send->transfer;
  recv->transfer->refs++;
  wake(send);
  wake(recv);
  release(recv);
  release(send);
}

void P2PWorld::finish(int rank)
{
  waiting_[static_cast<size_t>(rank)] = 1;  // before progress(), as in wait()
  progress(rank);
}

void P2PWorld::when_in_mpi(int rank, std::function<void()> handle)
{
  auto r      = static_cast<size_t>(rank);
  bool inside = inside_mpi(rank);
  to_handle_[r].push_back({std::move(handle), transport->now(), inside});
  if (!inside)
    return;  // at its next MPI call (progress())
  if (double delay = answer_delay(rank); delay > 0)
    transport->call_later(delay, [this, rank]() { handle_owed(rank, false); });
  else
    handle_owed(rank, false);
}

void P2PWorld::handle_owed(int rank, bool entering)
{
  auto r = static_cast<size_t>(rank);
  if (handling_[r])
    return;  // a handler made the engine run this (its loop below takes what came meanwhile)
  handling_[r] = true;
  auto& owed   = to_handle_[r];
  // In order: on entering MPI, all but what came at this date to a rank outside MPI (the other ranks' calls at this
  // date come before, as for handshakes: progress()); else those that came while it was inside MPI
  while (!owed.empty()) {
    const Owed& next = owed.front();
    bool earlier = next.arrived < transport->now() - kDatePrecision;
    bool take    = entering ? (next.inside || waiting_[r] || earlier) : next.inside;
    if (!take)
      break;
    std::function<void()> handle = std::move(owed.front().handle);
    owed.pop_front();
    handle();
  }
  handling_[r] = false;
}

void P2PWorld::enter_mpi(int rank, bool waits)
{
  if (waits)
    waiting_[static_cast<size_t>(rank)] = 1;  // before progress(), as in wait()
  progress(rank);
}

void P2PWorld::take_owed(int rank)
{
  if (!to_handle_[static_cast<size_t>(rank)].empty())
    handle_owed(rank, true);
  auto& owed = to_act_[static_cast<size_t>(rank)];
  if (owed.empty())
    return;
  std::vector<Request*> now;
  now.swap(owed);
  for (Request* send : now) {
    // Owed since this date: the rank's calls at this date came before the request, unless it waits from this date:
    // then as a rank that waited when the request came.
    bool same_date = transport->now() - send->owed_at <= kDatePrecision;
    if (same_date && !waiting_[static_cast<size_t>(rank)])
      owed.push_back(send);
    else if (same_date)
      turn(send, -1);
    else
      act(send, rank);
  }
}

} // namespace tireplay
