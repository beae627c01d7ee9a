// The topology view of a platform: host-to-host distances from its routes or from a file of measurements, and
// the platform's own zone tree as a second source of hierarchy. Logical clusters come from models/lowekamp.hpp.
// The platform functions need a running s4u::Engine with the platform loaded.
#pragma once

#include "models/lowekamp.hpp"
#include "models/point_to_point.hpp"

#include <string>
#include <vector>

namespace simgrid::s4u {
class Host;
class NetZone;
}

namespace tireplay::models {

/// Each pair's route as one message alone on it sees it (route_params): its latency (the links' sum, before
/// SMPI's latency factor) and its rate.
DistanceMatrix platform_distances(const std::vector<simgrid::s4u::Host*>& hosts, const NetworkFactors& f);

/// The most hosts topology groups (it weighs every pair: 165 MB and 3 s at 2,000 hosts, 6 GB at 12,000).
constexpr size_t kMaxTopologyHosts = 4096;

/// Measured distances, one pair per line: `HOST_A HOST_B LATENCY [BANDWIDTH]`, '#' starting a comment. LATENCY in
/// seconds, or with a unit (ns, us, ms, s); BANDWIDTH in bytes/s, or with a unit (Bps, kBps, MBps, GBps, and bits:
/// bps, kbps, Mbps, Gbps). A pair given one way holds both ways unless the other way is given too. Hosts are
/// numbered in the order they first appear. Throws InputError "FILE:LINE: ..." on a malformed line.
DistanceMatrix read_distances(const std::string& path);

/// The platform's zones as a tree, with the hosts each one holds (its own and its children's).
struct ZoneNode {
  std::string name;
  int hosts = 0;
  std::vector<ZoneNode> children;
};
ZoneNode zone_tree(const simgrid::s4u::NetZone& zone);

/// Hosts grouped by the zone that directly holds them (a <cluster> for instance): each host's group, numbered in
/// the order of first appearance.
std::vector<int> zone_clusters(const std::vector<simgrid::s4u::Host*>& hosts);

/// The hosts of `zone` and its children, zone by zone in the order the platform declares them, each zone's own
/// hosts in natural order of their names ("node-2" before "node-10"): the order views and clusters read in.
std::vector<simgrid::s4u::Host*> hosts_in_zone_order(const simgrid::s4u::NetZone& zone);

} // namespace tireplay::models
