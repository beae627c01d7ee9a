#include "models/platform_params.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>

namespace sg4 = simgrid::s4u;

namespace tireplay::models {
namespace {

/// The flow's weight on a link (cm02 lmm expand): SHARED adds up, FATPIPE keeps the largest.
void add_weight(std::map<const sg4::Link*, double>& weights, const sg4::Link* link, double weight)
{
  auto policy = link->get_sharing_policy();
  if (policy == sg4::Link::SharingPolicy::WIFI || policy == sg4::Link::SharingPolicy::NONLINEAR)
    throw std::invalid_argument("link '" + link->get_name() +
                                "': the models know SHARED, SPLITDUPLEX and FATPIPE links only");
  auto [it, fresh] = weights.try_emplace(link, weight);
  if (!fresh)
    it->second = policy == sg4::Link::SharingPolicy::FATPIPE ? std::max(it->second, weight) : it->second + weight;
}

} // namespace

NetworkFactors network_factors_from_config()
{
  namespace cfg = simgrid::config;
  NetworkFactors f;
  f.bandwidth       = SizeFactors(cfg::get_value<std::string>("smpi/bw-factor"), "smpi/bw-factor");
  f.latency         = SizeFactors(cfg::get_value<std::string>("smpi/lat-factor"), "smpi/lat-factor");
  f.tcp_gamma_bytes = cfg::get_value<double>("network/TCP-gamma");
  f.crosstraffic    = cfg::get_value<bool>("network/crosstraffic");
  return f;
}

RouteParams route_params(const sg4::Host& src, const sg4::Host& dst, const NetworkFactors& f)
{
  // Routes are complete once the platform is sealed (Full, Floyd and Dijkstra zones add the loopback of a host
  // to itself then). Sealing twice does nothing, and the simulation seals it anyway.
  sg4::Engine::get_instance()->seal_platform();
  std::vector<sg4::Link*> route;
  double latency = 0;
  src.route_to(&dst, route, &latency);
  std::map<const sg4::Link*, double> weights;
  for (const auto* link : route)
    add_weight(weights, link, 1.0);
  if (f.crosstraffic) {
    std::vector<sg4::Link*> back_route;
    dst.route_to(&src, back_route, nullptr);
    for (const auto* link : back_route)
      add_weight(weights, link, 0.05);
  }

  // cm02 bounds the flow by its route's smallest bandwidth and by TCP-gamma / (2 * latency) (the latency
  // before SMPI's factor); every link then shares its bandwidth among the weights on it.
  double rate = std::numeric_limits<double>::infinity();
  if (!route.empty()) {
    for (const auto* link : route)
      rate = std::min(rate, link->get_bandwidth());
    if (latency > 0)
      rate = std::min(rate, f.tcp_gamma_bytes / (2 * latency));
    for (const auto& [link, weight] : weights)
      rate = std::min(rate, link->get_bandwidth() / weight);
  }
  return {latency, rate};
}

PointToPoint point_to_point(const sg4::Host& src, const sg4::Host& dst, const NetworkFactors& f)
{
  return smpi_point_to_point(route_params(src, dst, f), f);
}

ModelContext context_for(const std::vector<sg4::Host*>& hosts, const NetworkFactors& f, double reference_bytes,
                         int max_samples)
{
  ModelContext context;
  context.size = static_cast<int>(hosts.size());
  if (hosts.empty())
    return context;
  context.flops_per_second = hosts[0]->get_speed();
  for (const auto* host : hosts)
    context.flops_per_second = std::min(context.flops_per_second, host->get_speed());
  if (context.size < 2)
    return context;

  // Ranks 1..P-1, or max_samples of them evenly spread, always including 1 and P-1.
  int others  = context.size - 1;
  int samples = std::max(1, std::min(others, max_samples));
  double slowest = -1;
  for (int j = 0; j < samples; j++) {
    int r = samples == 1 ? 1 : 1 + static_cast<int>(static_cast<long long>(j) * (others - 1) / (samples - 1));
    PointToPoint candidate = point_to_point(*hosts[0], *hosts[r], f);
    double seconds         = candidate.time(reference_bytes);
    if (seconds > slowest) {
      slowest     = seconds;
      context.p2p = candidate;
    }
  }
  return context;
}

} // namespace tireplay::models
