// Hosts under a CPU quota (host.quota): the MPI layer's gate and computations are P2PWorld's (replay/p2p.hpp,
// defined in replay/cpu_quota.cpp); this checks the placement they assume.
#pragma once

#include <string>
#include <vector>

namespace simgrid::s4u {
class Host;
}

namespace tireplay {

/// Refuses (InputError naming `platform`) a host under a CPU quota that holds more ranks than cores: the quota's
/// computations are cut at the stop as if each rank had its core, which shared cores would make meaningless.
void check_quota_placement(const std::vector<simgrid::s4u::Host*>& rank_hosts, const std::string& platform);

} // namespace tireplay
