#include "replay/model_contexts.hpp"

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sg4 = simgrid::s4u;

namespace tireplay {

models::ModelContext model_context(const std::vector<sg4::Host*>& hosts, const std::vector<std::string>&)
{
  // Hockney parameters of the route from rank 0 to rank 1: summed latency, bottleneck bandwidth.
  // (To be refined with SMPI's size-dependent factors by models/platform_params.)
  models::ModelContext ctx;
  ctx.size             = static_cast<int>(hosts.size());
  ctx.flops_per_second = hosts[0]->get_speed();
  if (hosts.size() < 2)
    return ctx;
  std::vector<sg4::Link*> links;
  double latency = 0;
  hosts[0]->route_to(hosts[1], links, &latency);
  double bandwidth = std::numeric_limits<double>::infinity();
  for (const auto* link : links)
    bandwidth = std::min(bandwidth, link->get_bandwidth());
  ctx.p2p = models::PointToPoint::hockney(latency, std::isfinite(bandwidth) ? 1 / bandwidth : 0);
  return ctx;
}

} // namespace tireplay
