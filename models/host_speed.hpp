// The speed a host computes at in a replay. SimGrid seals a host's speed when the platform is loaded
// (Host::set_pstate_speed aborts after that), so `--scale host.speed` and `--set host.speed` leave the
// platform alone and record a factor in the host's property `tireplay/speed-factor`: ranks execute
// flops / factor (exact: s flop/s running f / k flops takes f / (k s) seconds), and the models cost
// computation at speed * factor.
#pragma once

namespace simgrid::s4u {
class Host;
}

namespace tireplay::models {

/// The host property holding the factor (absent: 1).
constexpr const char* kSpeedFactorProperty = "tireplay/speed-factor";

/// The factor on the host's speed recorded by --scale/--set host.speed; 1 when none.
double speed_factor(const simgrid::s4u::Host& host);

/// The host's speed as the replay sees it: its platform speed times speed_factor, flop/s.
double effective_speed(const simgrid::s4u::Host& host);

} // namespace tireplay::models
