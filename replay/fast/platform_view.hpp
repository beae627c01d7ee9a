// The platform as the fast level sees it: read once through SimGrid (hosts, routes, links), then plain data.
// A route is priced as SimGrid 3.32's SMPI network model prices a communication (network_cm02.cpp): the
// links it crosses with their weights (1, cross-traffic 0.05 on the reverse route), a bound (its narrowest
// link, TCP-gamma / 2 latency, FATPIPE links), a sharing penalty (latency + weight-S / bandwidth per link) and
// SMPI's size factors on latency and bandwidth.
#pragma once

#include "models/point_to_point.hpp"
#include "replay/fast/sharing.hpp"

#include <map>
#include <unordered_map>
#include <vector>

namespace simgrid::s4u {
class Host;
class Link;
}

namespace tireplay::fast {

struct Route {
  std::vector<Use> uses;  // shared links (resources of the Sharing), each once
  double latency = 0;     // seconds, before SMPI's latency factor
  double bound   = 0;     // bytes/s
  double penalty = 1;
  const models::SizeFactors* latency_factors   = nullptr;  // SMPI's, or the loopback's of the host's zone
  const models::SizeFactors* bandwidth_factors = nullptr;
  // The factors of the route's last message size: a trace sends the same sizes again and again (a look-up is a
  // walk along the factors' steps).
  double last_bytes            = -1;
  double last_latency_factor   = 1;
  double last_bandwidth_factor = 1;

  /// Fills the last_*_factor for a message of `bytes` (payload).
  void factors_for(double bytes)
  {
    if (bytes != last_bytes) {
      last_bytes            = bytes;
      last_latency_factor   = latency_factors->at(bytes);
      last_bandwidth_factor = bandwidth_factors->at(bytes);
    }
  }
};

/// Throws std::invalid_argument when SimGrid's configured network model is not one the fast level prices (SMPI's, or
/// CM02 with the zones' loopback factors): checked before a sweep's first run too.
void check_network_model();

class PlatformView {
public:
  /// rank_hosts[r]: rank r's host. Creates a CPU resource per distinct host in `sharing`.
  PlatformView(const std::vector<simgrid::s4u::Host*>& rank_hosts, Sharing& sharing);

  size_t ranks() const { return rank_host_.size(); }
  int host_of(int rank) const { return rank_host_[static_cast<size_t>(rank)]; }
  /// A host's CPU resource and the speed of one of its cores (flop/s).
  int cpu(int host) const { return hosts_[static_cast<size_t>(host)].cpu; }
  double core_speed(int host) const { return hosts_[static_cast<size_t>(host)].speed; }
  /// The route between two hosts (read at its first use, then kept).
  Route& route(int src_host, int dst_host);
  const models::NetworkFactors& factors() const { return factors_; }

private:
  struct HostInfo {
    simgrid::s4u::Host* host;
    int cpu;
    double speed;
  };
  int link_resource(const simgrid::s4u::Link* link, bool fatpipe = false);

  Sharing& sharing_;
  models::NetworkFactors factors_;
  double weight_s_ = 0;
  std::vector<HostInfo> hosts_;
  std::vector<int> rank_host_;
  std::map<const simgrid::s4u::Link*, int> links_;
  std::unordered_map<uint64_t, Route> routes_;
};

} // namespace tireplay::fast
