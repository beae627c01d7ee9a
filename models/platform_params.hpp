// Point-to-point parameters read from a SimGrid platform: the route between two hosts reduced to what one
// message alone on it sees under SimGrid 3.32's SMPI network model (src/surf/network_cm02.cpp, network_smpi.cpp),
// and the model context of a communicator. Needs a running s4u::Engine with the platform loaded.
#pragma once

#include "models/model_context.hpp"
#include "models/point_to_point.hpp"

#include <stdexcept>
#include <utility>
#include <vector>

namespace simgrid::s4u {
class Host;
class Link;
}

namespace tireplay::models {

/// Zone properties: the factors of messages between two ranks of one of the zone's hosts ("threshold:value;..."
/// as smpi/lat-factor and smpi/bw-factor), instead of SMPI's (`tireplay calibrate pingpong --loopback`).
inline const char* const kLoopbackLatencyFactors   = "tireplay/loopback-lat-factor";
inline const char* const kLoopbackBandwidthFactors = "tireplay/loopback-bw-factor";

/// The factors of the engine's configuration: smpi/bw-factor, smpi/lat-factor, network/TCP-gamma,
/// network/crosstraffic, as given with --cfg or SimGrid's defaults; and the loopback factors of every host whose
/// zone declares them. Throws std::invalid_argument naming the zone and property on a malformed one.
NetworkFactors network_factors_from_config();

/// A route and the weight a flow has on each link it loads (cm02's comm_action_expand_constraints): 1 per crossing
/// of a SHARED or SPLITDUPLEX link (FATPIPE: at most 1), plus 0.05 per crossing of the reverse route with
/// cross-traffic. `weights` holds each link once, in the order met (forward route, then reverse route).
/// Throws std::invalid_argument on a WIFI or NONLINEAR link (their sharing depends on other flows), NoRoute between
/// two hosts the platform does not connect (no link, no latency: SimGrid's simulation stops there too).
struct NoRoute : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
/// `src.route_to(dst)`: its links and their latency; throws NoRoute where there are neither.
double route_between(const simgrid::s4u::Host& src, const simgrid::s4u::Host& dst,
                     std::vector<simgrid::s4u::Link*>& links);
/// SimGrid 3.32's Dijkstra zones crash (no route: a null graph node) or loop for ever (a one-way route looked up the
/// other way) where a route is missing: with `risky` (the platform has such a zone), route_between() first looks
/// each pair of hosts up in a child process, once, and throws NoRoute if the child does not come back with it.
void probe_routes_first(bool risky);
struct WeightedRoute {
  std::vector<simgrid::s4u::Link*> links;  // the forward route, in order
  double latency_seconds = 0;              // its links' latencies, before SMPI's factor
  std::vector<std::pair<const simgrid::s4u::Link*, double>> weights;
};
WeightedRoute weighted_route(const simgrid::s4u::Host& src, const simgrid::s4u::Host& dst, const NetworkFactors& f);

/// The route from `src` to `dst` (`src.route_to`), and, with cross-traffic, the reverse route: the flow's
/// weight on each link is 1 per crossing (FATPIPE: at most 1) plus 0.05 per crossing of the reverse route
/// (cm02's comm_action_expand_constraints), so that a lone message on a SHARED link that both directions use
/// gets bandwidth / 1.05, and on a SPLITDUPLEX link (one link per direction) the whole bandwidth.
/// Seals the platform (as the simulation would) so that a host's route to itself is its loopback.
/// Throws std::invalid_argument on a WIFI or NONLINEAR link (their sharing depends on other flows).
RouteParams route_params(const simgrid::s4u::Host& src, const simgrid::s4u::Host& dst, const NetworkFactors& f);

/// One message from `src` to `dst` alone on the platform: smpi_point_to_point of the route.
PointToPoint point_to_point(const simgrid::s4u::Host& src, const simgrid::s4u::Host& dst, const NetworkFactors& f);

/// The model context of a communicator whose rank r runs on `hosts_of_comm_ranks[r]`: P, the point-to-point
/// parameters of the slowest pair among rank 0 → rank r for up to `max_samples` ranks r spread over 1..P-1
/// (slowest: the longest time for a message of `reference_bytes`), and the slowest host's speed.
/// A one-rank communicator sends nothing: its PointToPoint is all zero.
ModelContext context_for(const std::vector<simgrid::s4u::Host*>& hosts_of_comm_ranks, const NetworkFactors& f,
                         double reference_bytes = 1 << 20, int max_samples = 16);

} // namespace tireplay::models
