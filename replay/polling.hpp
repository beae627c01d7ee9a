// tireplay/polling (tireplay's, not SMPI's): a rank waiting in MPI keeps polling on a core of its host, as Open
// MPI's progress loop does, instead of leaving the core to the ranks that compute. Only where a host holds more
// ranks than cores does that take CPU from a computation (docs/calibration.md, "Ranks that poll").
#pragma once

#include <vector>

namespace simgrid::s4u {
class Host;
}

namespace tireplay {

/// A polling rank's waiting, as an execution that never ends: removed when the rank wakes.
constexpr double kPollFlops = 1e300;

/// By rank: whether it polls while it waits (`polling` on, and its host has more ranks than cores).
std::vector<bool> polling_ranks(const std::vector<simgrid::s4u::Host*>& rank_hosts, bool polling);

} // namespace tireplay
