#include "replay/fast/platform_view.hpp"

#include "models/platform_params.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace sg4 = simgrid::s4u;

namespace tireplay::fast {

void check_network_model()
{
  // CM02 with loopback factors: SMPI's model given through callbacks (replay/configuration.hpp).
  if (auto model = simgrid::config::get_value<std::string>("network/model");
      model != "SMPI" && !(model == "CM02" && !models::network_factors_from_config().loopback.empty()))
    throw std::invalid_argument("--fidelity fast prices messages as SimGrid's SMPI network model does, not " + model +
                                " (use --fidelity full, or leave network/model at SMPI)");
}

PlatformView::PlatformView(const std::vector<sg4::Host*>& rank_hosts, Sharing& sharing)
    : sharing_(sharing), factors_(models::network_factors_from_config()),
      weight_s_(simgrid::config::get_value<double>("network/weight-S"))
{
  check_network_model();
  std::map<const sg4::Host*, int> index;
  for (sg4::Host* host : rank_hosts) {
    auto [it, fresh] = index.try_emplace(host, static_cast<int>(hosts_.size()));
    if (fresh) {
      double speed = host->get_speed();
      hosts_.push_back({host, sharing_.add_resource(speed * host->get_core_count()), speed});
    }
    rank_host_.push_back(it->second);
  }
  sg4::Engine::get_instance()->seal_platform();  // routes are complete once sealed (the loopbacks)
}

int PlatformView::link_resource(const sg4::Link* link, bool fatpipe)
{
  auto [it, fresh] = links_.try_emplace(link, -1);
  if (fresh)
    it->second = sharing_.add_resource(link->get_bandwidth(), fatpipe);
  return it->second;
}

Route& PlatformView::route(int src_host, int dst_host)
{
  uint64_t key = (static_cast<uint64_t>(src_host) << 32) | static_cast<uint32_t>(dst_host);
  auto [it, fresh] = routes_.try_emplace(key);
  if (!fresh)
    return it->second;
  Route& route = it->second;
  const sg4::Host* src = hosts_[static_cast<size_t>(src_host)].host;
  const sg4::Host* dst = hosts_[static_cast<size_t>(dst_host)].host;

  models::WeightedRoute weighted;
  try {
    weighted = models::weighted_route(*src, *dst, factors_);
  } catch (const models::NoRoute&) {
    routes_.erase(it);  // not half made: the next message between them is refused too
    throw;
  } catch (const std::invalid_argument& e) {
    routes_.erase(it);
    throw std::invalid_argument(std::string(e.what()) + " (use --fidelity full)");
  }
  route.latency           = weighted.latency_seconds;
  route.latency_factors   = &factors_.latency_between(src, dst);
  route.bandwidth_factors = &factors_.bandwidth_between(src, dst);
  double bound            = std::numeric_limits<double>::infinity();
  double penalty = route.latency;
  for (const auto* link : weighted.links) {
    bound = std::min(bound, link->get_bandwidth());
    if (weight_s_ > 0)
      penalty += weight_s_ / link->get_bandwidth();
  }
  if (route.latency > 0 && factors_.tcp_gamma_bytes > 0)
    bound = std::min(bound, factors_.tcp_gamma_bytes / (2 * route.latency));
  for (const auto& [link, weight] : weighted.weights) {
    if (link->get_sharing_policy() == sg4::Link::SharingPolicy::FATPIPE) {
      // Each flow alone gets the bandwidth; flows of different penalties on it get less (Resource::fatpipe)
      bound = std::min(bound, link->get_bandwidth() / weight);
      route.uses.push_back({link_resource(link, true), -1, weight});
    } else {
      route.uses.push_back({link_resource(link), -1, weight});
    }
  }
  route.bound = bound;
  // SimGrid gives a communication its penalty when its latency is over; one without latency gets 1.
  route.penalty = route.latency > 0 ? penalty : 1.0;
  return route;
}

} // namespace tireplay::fast
