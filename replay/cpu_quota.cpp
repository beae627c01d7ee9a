// A host under a CPU quota (`--set host.quota`, docs/calibration.md "A node under a CPU quota"): its ranks run the
// first share of each tireplay/quota-period and are stopped for the rest. The MPI layer's gate and computations,
// written once for both fidelity levels (P2PWorld, replay/p2p.hpp).
#include "replay/p2p.hpp"

#include <algorithm>
#include <cmath>

namespace tireplay {

namespace {
/// Seconds since the start of the quota period holding `now`; within a nanosecond of the period's end counts as
/// the next period's start (the quotient's floor may fall one period short).
double phase_of(double now, double period)
{
  double phase = now - std::floor(now / period) * period;
  return phase < 0 || phase >= period * (1 - 1e-9) ? 0 : phase;
}
} // namespace

void P2PWorld::gate(int rank)
{
  double quota = quotas[static_cast<size_t>(rank)];
  if (quota >= 1)
    return;
  double period = config.quota_period, phase = phase_of(transport->now(), config.quota_period);
  if (phase >= (quota - 1e-9) * period)  // stopped until the next period
    transport->sleep(period - phase);
}

void P2PWorld::compute(int rank, double flops)
{
  double quota = quotas[static_cast<size_t>(rank)];
  while (flops > 0 && quota < 1) {  // what the host runs before it stops, then the rest from the next period
    gate(rank);
    double period = config.quota_period, phase = phase_of(transport->now(), config.quota_period);
    double chunk  = std::min(flops, (quota * period - phase) * speeds[static_cast<size_t>(rank)]);
    if (chunk >= flops * (1 - 1e-12))
      break;
    transport->execute(chunk / speed_factors[rank]);  // more than 1e-9 of a period's work: the gate saw to it
    flops -= chunk;
  }
  if (flops > 0)
    transport->execute(flops / speed_factors[rank]);
}

} // namespace tireplay
