// Ranks that share a core (tireplay/wakeup-delay, docs/calibration.md "Ranks that share a core"): a rank waiting in
// MPI yields its core to a neighbour that computes (Open MPI's mpi_yield_when_idle) and takes nothing from it, but
// when its message comes the scheduler gives it the core back only at the end of the neighbour's time slice (about
// 2 ms measured in the lab), or sooner if the neighbour stops computing. And a program's checks for messages between
// pieces of its work (the trace's `poll`) each hand the core to a waiting neighbour for one of its polls
// (tireplay/poll-cpu-shared). The MPI layer's part, written once for both fidelity levels (P2PWorld, replay/p2p.hpp).
#include "replay/p2p.hpp"

#include <algorithm>
#include <cmath>

namespace tireplay {

P2PWorld::CoreUse& P2PWorld::core_use(int rank)
{
  if (core_uses_.empty()) {  // first use: the ranks of each host
    int last = *std::max_element(host_ids.begin(), host_ids.end());
    core_uses_.resize(static_cast<size_t>(last) + 1);
    for (int host : host_ids)
      core_uses_[static_cast<size_t>(host)].ranks++;
  }
  return core_uses_[static_cast<size_t>(host_ids[static_cast<size_t>(rank)])];
}

void P2PWorld::compute(int rank, double flops)
{
  if (config.wakeup_delay <= 0 || flops <= 0) {
    execute_in_quota(rank, flops);
    return;
  }
  const CoreUse::Computation mine{transport->now(), transport->now() + flops / speeds[static_cast<size_t>(rank)],
                                  rank};
  core_use(rank).computing.push_back(mine);
  execute_in_quota(rank, flops);
  CoreUse& use = core_use(rank);
  use.computing.erase(std::find(use.computing.begin(), use.computing.end(), mine));
  if (!use.delayed.empty() && computing_before_now(use) < cores[static_cast<size_t>(rank)]) {
    int next = use.delayed.front().rank;  // a core is free: the rank that waited longest takes it
    use.delayed.erase(use.delayed.begin());
    transport->cut_short(next);
  }
}

void P2PWorld::poll(int rank, uint64_t count)
{
  double each = config.poll_cpu;
  if (config.poll_cpu_shared >= 0 && core_use(rank).ranks > cores[static_cast<size_t>(rank)])
    each = config.poll_cpu_shared;
  if (each > 0 && count > 0)
    compute(rank, static_cast<double>(count) * each * speeds[static_cast<size_t>(rank)]);
}

bool P2PWorld::holds_core(const CoreUse::Computation& c) const
{
  // Begun before this date, and not over at it (at its full-speed end, or later for one that shares a core: the
  // transport says), whether or not the engine has run its rank at this date yet (its order of ranks at one date is
  // its own: the two levels' differ).
  double now = transport->now();
  return c.start < now - kDatePrecision && std::abs(c.end - now) > kDatePrecision &&
         transport->computing(c.rank);
}

int P2PWorld::computing_before_now(const CoreUse& use) const
{
  return static_cast<int>(
      std::count_if(use.computing.begin(), use.computing.end(), [this](const auto& c) { return holds_core(c); }));
}

double P2PWorld::reaction_delay(int rank)
{
  CoreUse& use   = core_use(rank);
  int host_cores = cores[static_cast<size_t>(rank)];
  if (config.wakeup_delay > 0 && computing_before_now(use) >= host_cores) {
    // Until the first of the computations ends (at full speed: a lower bound), or the delay
    double now = transport->now(), first = now + config.wakeup_delay;
    for (const auto& c : use.computing)
      if (holds_core(c))
        first = std::min(first, c.end);
    return std::clamp(first - now, 0.0, config.wakeup_delay);
  }
  return use.ranks > host_cores ? config.wakeup_delay_polling : 0;
}

void P2PWorld::wakeup_after(int rank, double blocked_since, bool from_another_host)
{
  // Blocked: for more than SimGrid's precision on dates (1e-9 s, surf/precision), which the two levels' dates may
  // differ by: a message there at the wait's start (the full level) must not be one that came 1e-12 s later (fast).
  if (!scheduler_delays() || !(transport->now() > blocked_since + kDatePrecision))
    return;
  CoreUse& use = core_use(rank);
  int host_cores = cores[static_cast<size_t>(rank)];
  if (computing_before_now(use) < host_cores || config.wakeup_delay <= 0) {
    // Nobody computes on every core: the neighbours poll. (A message between two ranks of the host is the
    // loopback's, whose calibration has the neighbours' polling in its latency.)
    if (from_another_host && use.ranks > host_cores && config.wakeup_delay_polling > 0)
      transport->sleep(config.wakeup_delay_polling);
    return;
  }
  // Oldest first; ranks delayed at one date by rank, not by the engine's order of ranks at that date (the two
  // levels' differ).
  double now = transport->now();
  auto at    = std::find_if(use.delayed.begin(), use.delayed.end(), [&](const CoreUse::Delayed& d) {
    return d.since > now - kDatePrecision && d.rank > rank;  // (none was delayed after now)
  });
  use.delayed.insert(at, {now, rank});
  transport->suspend_for(config.wakeup_delay);
  // Over by the delay, it no longer waits for a core (a rank that freed one at the same date took it off already).
  auto& delayed = core_use(rank).delayed;
  if (auto it = std::find_if(delayed.begin(), delayed.end(), [rank](const auto& d) { return d.rank == rank; });
      it != delayed.end())
    delayed.erase(it);
}

} // namespace tireplay
