// A host under a CPU quota (`--set host.quota`, docs/calibration.md "A node under a CPU quota"): its ranks run the
// first share of each tireplay/quota-period and are stopped for the rest. The MPI layer's gate and computations,
// written once for both fidelity levels (P2PWorld, replay/p2p.hpp).
#include "replay/cpu_quota.hpp"

#include "models/host_speed.hpp"
#include "replay/p2p.hpp"
#include "format/rank_reader.hpp"

#include <simgrid/s4u/Host.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace tireplay {

namespace {
/// Where `now` is in its quota period, to within `tolerance`: more than SimGrid's precision (a sleep may end 1 ns
/// early) and than the clock's rounding at `now`.
struct Phase {
  double tolerance, seconds;  // seconds since the period's start
};

Phase phase_of(double now, double period)
{
  double ulp       = std::nextafter(now, std::numeric_limits<double>::infinity()) - now;
  double tolerance = std::max({1e-9 * period, 1e-8, 4 * ulp});
  double seconds   = now - std::floor(now / period) * period;
  // Within the tolerance of the period's end is the next period's start (the quotient's floor may fall one short).
  return {tolerance, seconds < 0 || seconds >= period - tolerance ? 0 : seconds};
}
} // namespace

void P2PWorld::gate(int rank)
{
  double quota = quotas[static_cast<size_t>(rank)];
  if (quota >= 1)
    return;
  double period = config.quota_period;
  for (;;) {  // stopped: to the next period (each sleep moves the clock by more than SimGrid's precision)
    Phase p = phase_of(transport->now(), period);
    if (p.seconds < quota * period - p.tolerance)
      return;
    transport->sleep(std::max(period - p.seconds, p.tolerance));
  }
}

double P2PWorld::until_running(int rank) const
{
  double quota = quotas[static_cast<size_t>(rank)];
  if (quota >= 1)
    return 0;
  double period = config.quota_period;
  Phase p       = phase_of(transport->now(), period);
  return p.seconds < quota * period - p.tolerance ? 0 : period - p.seconds;
}

void P2PWorld::execute_in_quota(int rank, double flops)
{
  double quota = quotas[static_cast<size_t>(rank)];
  while (flops > 0 && quota < 1) {  // what the host runs before it stops, then the rest from the next period
    gate(rank);
    double period = config.quota_period;
    Phase p       = phase_of(transport->now(), period);
    double chunk  = (quota * period - p.seconds) * speeds[static_cast<size_t>(rank)];  // > 0 after the gate
    if (chunk >= flops * (1 - 1e-12))
      break;
    if (double whole = std::floor(flops / chunk) - 1; p.seconds < p.tolerance && whole >= 1) {
      // From a period's start, whole periods at once: alone on its core (check_quota_placement), the rank computes
      // `whole` shares and is stopped as often, as that many rounds of this loop would.
      transport->execute(whole * chunk / speed_factors[rank]);
      transport->sleep(whole * period * (1 - quota));
      flops -= whole * chunk;
      continue;
    }
    transport->execute(chunk / speed_factors[rank]);
    flops -= chunk;
  }
  if (flops > 0)
    transport->execute(flops / speed_factors[rank]);
}

void check_quota_placement(const std::vector<simgrid::s4u::Host*>& rank_hosts, const std::string& platform)
{
  std::map<const simgrid::s4u::Host*, int> ranks_on;
  for (const auto* host : rank_hosts)
    ranks_on[host]++;
  for (const auto& [host, ranks] : ranks_on)
    if (ranks > host->get_core_count() && models::cpu_quota(*host) < 1)
      throw InputError(platform + ": host '" + host->get_name() + "' is under a CPU quota (" +
                       models::kCpuQuotaProperty + ") and holds " + std::to_string(ranks) + " ranks on " +
                       std::to_string(host->get_core_count()) + " core(s): the replay models a quota for a core "
                       "per rank only");
}

} // namespace tireplay
