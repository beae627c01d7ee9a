// The speed a host computes at in a replay. SimGrid seals a host's speed when the platform is loaded
// (Host::set_pstate_speed aborts after that), so `--scale host.speed` and `--set host.speed` leave the
// platform alone and record a factor in the host's property `tireplay/speed-factor`: ranks execute
// flops / factor (exact: s flop/s running f / k flops takes f / (k s) seconds), and the models cost
// computation at speed * factor. A CPU quota (`--set host.quota`) is a host property too: the MPI layer gives the
// host's ranks the first share of each period and stops them for the rest (replay/p2p.hpp, docs/calibration.md).
#pragma once

namespace simgrid::s4u {
class Host;
}

namespace tireplay::models {

/// The host property holding the factor (absent: 1).
constexpr const char* kSpeedFactorProperty = "tireplay/speed-factor";

/// The host property holding the share of each quota period the host runs (`--set host.quota`, or the platform's
/// own <prop>): a CPU quota (Linux's cpu.cfs_quota_us / cpu.cfs_period_us), absent: 1, none.
constexpr const char* kCpuQuotaProperty = "tireplay/cpu-quota";

/// Whether `share` is a CPU quota: from 0.001 to 1.
constexpr bool is_cpu_quota(double share) { return share >= 0.001 && share <= 1; }

/// The host's CPU quota, from 0.001 to 1. Throws std::invalid_argument naming the host on another value.
double cpu_quota(const simgrid::s4u::Host& host);

/// The factor on the host's speed recorded by --scale/--set host.speed; 1 when none.
double speed_factor(const simgrid::s4u::Host& host);

/// The host's speed as the replay sees it: its platform speed times speed_factor, flop/s.
double effective_speed(const simgrid::s4u::Host& host);

} // namespace tireplay::models
