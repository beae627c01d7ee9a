// A rendezvous without asynchronous progress (`--cfg tireplay/async-progress:no`, docs/calibration.md "Progress only
// inside MPI"): Open MPI's TCP transport has no progress thread, so a large message's bytes move only once the
// receiver, from inside an MPI call, has answered the sender's request to send, and the sender, from inside an MPI
// call, has seen the answer. A rank that computes answers at its next MPI call; a rank waiting in MPI answers after
// its reaction delay (tireplay/wakeup-delay, -polling: the scheduler's, where ranks share a core; under a CPU quota,
// once its host runs again). Measured in the lab (docs/calibration.md): a receiver that computes 200 ms after
// MPI_Irecv gets 1 MiB over 100 Mbit/s at 287 ms, not 200; tools/accuracy/pingpong.c checks it for the calibration.
// The MPI layer's part, written once for both fidelity levels (P2PWorld, replay/p2p.hpp).
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
  int rank = send->answered ? send->src : send->dst;
  if (running == rank) {
    act(send, running);
  } else if (waiting_[static_cast<size_t>(rank)]) {
    if (double delay = answer_delay(rank); delay > 0)
      transport->call_later(delay, [this, send]() { act(send, -1); });
    else
      act(send, -1);
  } else {
    to_act_[static_cast<size_t>(rank)].push_back(send);
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

void P2PWorld::progress(int rank)
{
  auto& owed = to_act_[static_cast<size_t>(rank)];
  if (owed.empty())
    return;
  std::vector<Request*> now;
  now.swap(owed);
  for (Request* send : now)
    act(send, rank);
}

} // namespace tireplay
