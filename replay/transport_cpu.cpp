// The transport's CPU time (tireplay/transport-cpu; docs/calibration.md "The transport's CPU time"):
// moving a message between two hosts takes CPU on both (over TCP: the copies into and out of the kernel, the
// protocol's processing), which a computation sharing the core does not get. Measured in the lab: two ranks on each
// node's core, MPB's transposes of 96 KiB exchanges take 213 us each where the replay gave 147 (docs/accuracy.md).
// On a host holding more ranks than cores, a rank spends it inside MPI while it completes its requests, before it
// waits for their bytes: a computation on its host's cores, at the same time as the transfer, shared with its
// neighbours' computations (and their own transport CPU), during which it answers its partners' requests to send as
// a rank waiting in MPI does. The MPI layer's part, written once for both fidelity levels (P2PWorld, replay/p2p.hpp).
#include "replay/p2p.hpp"

namespace tireplay {

void P2PWorld::pay_transport_cpu(int rank, Request* const* requests, size_t count, bool completed)
{
  // With a core per rank the transport's CPU time takes nothing from anyone: the communicating rank spends it inside
  // its MPI call, in the time that the calibration's ping-pongs and exchanges (one rank per core) already give the
  // message. Only where ranks outnumber cores does it come out of a neighbour's share.
  if (config.transport_cpu.empty() || core_use(rank).ranks <= cores[static_cast<size_t>(rank)])
    return;
  double seconds = 0;
  for (size_t i = 0; i < count; i++) {
    Request* r = requests[i];
    if (r->cpu_paid || r->src < 0 || !across_hosts(r))
      continue;  // paid, a receive from a sender not known yet, or within a host (its own calibration)
    if (!completed && r->from_any && r->matched_at > now() - 1e-9)
      continue;  // matched at this date: the engine's order of ranks at one date must not decide when it pays
    r->cpu_paid = true;
    seconds += config.transport_cpu_for(static_cast<double>(r->bytes));
  }
  // Not a computation for the scheduler's delays (compute()): the rank is inside MPI and yields the core at each
  // poll, so it answers its partners and leaves its neighbours no slice to wait for.
  if (seconds > 0)
    execute_in_quota(rank, seconds * speeds[static_cast<size_t>(rank)]);
}

} // namespace tireplay
