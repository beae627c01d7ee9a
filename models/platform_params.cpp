#include "models/platform_params.hpp"

#include "models/host_speed.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <pthread.h>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sg4 = simgrid::s4u;

namespace tireplay::models {
namespace {

/// The flow's weight on a link (cm02 lmm expand): SHARED adds up, FATPIPE keeps the largest.
void add_weight(std::vector<std::pair<const sg4::Link*, double>>& weights, const sg4::Link* link, double weight)
{
  auto policy = link->get_sharing_policy();
  if (policy == sg4::Link::SharingPolicy::WIFI || policy == sg4::Link::SharingPolicy::NONLINEAR)
    throw std::invalid_argument("link '" + link->get_name() +
                                "': the models know SHARED, SPLITDUPLEX and FATPIPE links only");
  auto it = std::find_if(weights.begin(), weights.end(), [link](const auto& lw) { return lw.first == link; });
  if (it == weights.end())
    weights.emplace_back(link, weight);
  else
    it->second = policy == sg4::Link::SharingPolicy::FATPIPE ? std::max(it->second, weight) : it->second + weight;
}

/// The narrowest non-FATPIPE link on both routes, bytes/s (infinite: none).
double shared_bandwidth(const std::vector<sg4::Link*>& one, const std::vector<sg4::Link*>& two)
{
  double narrowest = std::numeric_limits<double>::infinity();
  for (const auto* link : one)
    if (link->get_sharing_policy() != sg4::Link::SharingPolicy::FATPIPE &&
        std::find(two.begin(), two.end(), link) != two.end())
      narrowest = std::min(narrowest, link->get_bandwidth());
  return narrowest;
}

/// ModelContext::backbone_flows of the ranks `members` (one zone): the link that two pairs of distinct hosts
/// among them share, over the first pair's rate; infinite without four distinct hosts or a shared link.
double backbone_flows(const std::vector<sg4::Host*>& hosts, const std::vector<int>& members, const NetworkFactors& f)
{
  std::vector<sg4::Host*> distinct;
  for (int r : members)
    if (std::find(distinct.begin(), distinct.end(), hosts[r]) == distinct.end() && distinct.size() < 4)
      distinct.push_back(hosts[r]);
  if (distinct.size() < 4)
    return std::numeric_limits<double>::infinity();
  std::vector<sg4::Link*> one, two;
  distinct[0]->route_to(distinct[1], one, nullptr);
  distinct[2]->route_to(distinct[3], two, nullptr);
  return shared_bandwidth(one, two) / route_params(*distinct[0], *distinct[1], f).rate_bytes_per_second;
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
  std::vector<const sg4::NetZone*> zones{sg4::Engine::get_instance()->get_netzone_root()};
  for (size_t i = 0; i < zones.size(); i++) {  // every zone, breadth first
    const sg4::NetZone* zone = zones[i];
    for (const auto* child : zone->get_children())
      zones.push_back(child);
    const char* lat = zone->get_property(kLoopbackLatencyFactors);
    const char* bw  = zone->get_property(kLoopbackBandwidthFactors);
    if (lat == nullptr && bw == nullptr)
      continue;
    auto named = [&](const char* key) { return "zone '" + zone->get_name() + "': " + key; };
    f.loopback.emplace(zone, LoopbackFactors{bw != nullptr ? SizeFactors(bw, named(kLoopbackBandwidthFactors))
                                                           : f.bandwidth,
                                             lat != nullptr ? SizeFactors(lat, named(kLoopbackLatencyFactors))
                                                            : f.latency});
  }
  return f;
}

const SizeFactors& NetworkFactors::latency_between(const sg4::Host* src, const sg4::Host* dst) const
{
  auto it = src == dst && !loopback.empty() ? loopback.find(src->get_englobing_zone()) : loopback.end();
  return it == loopback.end() ? latency : it->second.latency;
}

const SizeFactors& NetworkFactors::bandwidth_between(const sg4::Host* src, const sg4::Host* dst) const
{
  auto it = src == dst && !loopback.empty() ? loopback.find(src->get_englobing_zone()) : loopback.end();
  return it == loopback.end() ? bandwidth : it->second.bandwidth;
}

namespace {
bool g_probe_routes = false;
std::map<std::pair<const sg4::Host*, const sg4::Host*>, bool> g_probed;  // pair -> route found

/// Whether a child process finds a route from `src` to `dst` within 10 s (the lookup may crash or never end).
bool route_found_in_child(const sg4::Host& src, const sg4::Host& dst)
{
  std::fflush(nullptr);  // nothing buffered twice
  pid_t parent = getpid();
  // A Ctrl-C to the process group must not run our handlers in the child before it resets them: held until then
  sigset_t stops, before;
  sigemptyset(&stops);
  for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
    sigaddset(&stops, signal);
  pthread_sigmask(SIG_BLOCK, &stops, &before);
  pid_t child = fork();
  if (child != 0)
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
  if (child < 0)
    return true;  // no process to spare: the lookup is made here, as without the probe
  if (child == 0) {
    // It dies with the replay (killed, or stopped by a signal before its timer): it may be looping for ever
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
      _exit(5);
    // A copy of the replay that must touch nothing: no handler of ours (they remove the temporary files), no
    // output, no core file, no exception climbing back into the copied ranks
    for (int signal : {SIGSEGV, SIGABRT, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGBUS, SIGFPE})
      std::signal(signal, SIG_DFL);
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
    rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    if (int null = open("/dev/null", O_WRONLY); null >= 0) {
      dup2(null, STDOUT_FILENO);
      dup2(null, STDERR_FILENO);
    }
    try {
      std::vector<sg4::Link*> links;
      double latency = 0;
      src.route_to(&dst, links, &latency);
      _exit(links.empty() && !(latency > 0) ? 3 : 0);
    } catch (...) {
      _exit(4);
    }
  }
  int status = 0;
  for (int waited_us = 0, step = 20; waited_us < 10000000; waited_us += step, step = std::min(2 * step, 10000)) {
    if (waitpid(child, &status, WNOHANG) == child)
      return WIFEXITED(status) && WEXITSTATUS(status) == 0;
    usleep(static_cast<useconds_t>(step));
  }
  kill(child, SIGKILL);
  waitpid(child, &status, 0);
  return false;
}
} // namespace

void probe_routes_first(bool risky)
{
  g_probe_routes = risky;
  g_probed.clear();  // a new platform: hosts of the last one may share addresses with its own
}

double route_between(const sg4::Host& src, const sg4::Host& dst, std::vector<sg4::Link*>& links)
{
  if (g_probe_routes) {
    auto found = [](const sg4::Host& from, const sg4::Host& to) {
      auto [known, fresh] = g_probed.try_emplace({&from, &to}, false);
      if (fresh)
        known->second = route_found_in_child(from, to);
      return known->second;
    };
    if (!found(src, dst))
      throw NoRoute("no route from host '" + src.get_name() + "' to host '" + dst.get_name() + "' (its Dijkstra " +
                    "zone has none, and SimGrid 3.32 crashes or loops looking for it)");
    // SimGrid's TCP cross-traffic looks the way back up for every message (its acknowledgements)
    if (&src != &dst && simgrid::config::get_value<bool>("network/crosstraffic") && !found(dst, src))
      throw NoRoute("no route from host '" + dst.get_name() + "' to host '" + src.get_name() + "', the way back " +
                    "that SimGrid's TCP cross-traffic takes for a message from '" + src.get_name() + "' (its " +
                    "Dijkstra zone has none, and SimGrid 3.32 crashes or loops looking for it; --cfg " +
                    "network/crosstraffic:0 leaves the way back out)");
  }
  double latency = 0;
  src.route_to(&dst, links, &latency);
  // SimGrid's full level stops there too (between two hosts, or from a host to itself: a torus has no loopback)
  if (links.empty() && !(latency > 0))
    throw NoRoute("no route from host '" + src.get_name() + "' to host '" + dst.get_name() +
                  "': the platform gives them no link and no latency");
  return latency;
}

WeightedRoute weighted_route(const sg4::Host& src, const sg4::Host& dst, const NetworkFactors& f)
{
  // Routes are complete once the platform is sealed (Full, Floyd and Dijkstra zones add the loopback of a host
  // to itself then). Sealing twice does nothing, and the simulation seals it anyway.
  sg4::Engine::get_instance()->seal_platform();
  WeightedRoute route;
  route.latency_seconds = route_between(src, dst, route.links);
  for (const auto* link : route.links)
    add_weight(route.weights, link, 1.0);
  if (f.crosstraffic) {
    std::vector<sg4::Link*> back_route;
    dst.route_to(&src, back_route, nullptr);
    for (const auto* link : back_route)
      add_weight(route.weights, link, 0.05);
  }
  return route;
}

RouteParams route_params(const sg4::Host& src, const sg4::Host& dst, const NetworkFactors& f)
{
  WeightedRoute route = weighted_route(src, dst, f);
  // cm02 bounds the flow by its route's smallest bandwidth and by TCP-gamma / (2 * latency) (the latency
  // before SMPI's factor); every link then shares its bandwidth among the weights on it.
  double rate = std::numeric_limits<double>::infinity();
  if (!route.links.empty()) {
    for (const auto* link : route.links)
      rate = std::min(rate, link->get_bandwidth());
    if (route.latency_seconds > 0)
      rate = std::min(rate, f.tcp_gamma_bytes / (2 * route.latency_seconds));
    for (const auto& [link, weight] : route.weights)
      rate = std::min(rate, link->get_bandwidth() / weight);
  }
  return {route.latency_seconds, rate};
}

PointToPoint point_to_point(const sg4::Host& src, const sg4::Host& dst, const NetworkFactors& f)
{
  return smpi_point_to_point(route_params(src, dst, f), f.between(&src, &dst));
}

ModelContext context_for(const std::vector<sg4::Host*>& hosts, const NetworkFactors& f, double reference_bytes,
                         int max_samples)
{
  ModelContext context;
  context.size = static_cast<int>(hosts.size());
  if (hosts.empty())
    return context;
  context.flops_per_second = effective_speed(*hosts[0]);
  for (const auto* host : hosts)
    context.flops_per_second = std::min(context.flops_per_second, effective_speed(*host));
  if (context.size < 2)
    return context;
  context.two_way_load = f.crosstraffic ? 1.05 : 1;

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

  // Zones: the netzone of each rank's host, numbered in order of first appearance; one pair of hosts per pair of
  // zones prices every message between them (a zone's hosts are alike: a cluster). One zone: no view.
  std::vector<const sg4::NetZone*> zones;
  std::vector<int> first_rank;
  std::vector<int> zone_of(hosts.size());
  for (size_t r = 0; r < hosts.size(); r++) {
    const sg4::NetZone* zone = hosts[r]->get_englobing_zone();
    auto it = std::find(zones.begin(), zones.end(), zone);
    if (it == zones.end()) {
      zones.push_back(zone);
      first_rank.push_back(static_cast<int>(r));
      it = zones.end() - 1;
    }
    zone_of[r] = static_cast<int>(it - zones.begin());
  }
  if (zones.size() <= 64)
    for (int zone = 0; zone < static_cast<int>(zones.size()); zone++) {
      std::vector<int> members;
      for (size_t r = 0; r < hosts.size(); r++)
        if (zone_of[r] == zone)
          members.push_back(static_cast<int>(r));
      context.backbone_flows = std::min(context.backbone_flows, backbone_flows(hosts, members, f));
    }
  // One zone: no view. Past 64 zones (hosts in zones of their own, say), zones are not clusters and pricing every
  // pair of them would cost a route per pair: the slowest pair prices all, as without the view.
  if (zones.size() < 2 || zones.size() > 64)
    return context;
  const int n = static_cast<int>(zones.size());
  context.zones   = n;
  context.zone_of = std::move(zone_of);
  context.zone_p2p.resize(static_cast<size_t>(n * n));
  context.zone_cut_flows.assign(static_cast<size_t>(n * n), std::numeric_limits<double>::infinity());
  context.zone_cut_both_ways.assign(static_cast<size_t>(n * n), 0);
  auto other_rank = [&](int zone, int not_this) {  // a second rank of the zone, or -1
    for (size_t r = 0; r < hosts.size(); r++)
      if (context.zone_of[r] == zone && static_cast<int>(r) != not_this && hosts[r] != hosts[not_this])
        return static_cast<int>(r);
    return -1;
  };
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      int src2 = other_rank(a, first_rank[a]), dst2 = other_rank(b, first_rank[b]);
      if (a == b || src2 < 0 || dst2 < 0)
        continue;
      std::vector<sg4::Link*> one, two, back;
      hosts[first_rank[a]]->route_to(hosts[first_rank[b]], one, nullptr);
      hosts[src2]->route_to(hosts[dst2], two, nullptr);
      hosts[dst2]->route_to(hosts[src2], back, nullptr);
      for (const auto* link : one)
        if (std::find(two.begin(), two.end(), link) != two.end() &&
            link->get_sharing_policy() != sg4::Link::SharingPolicy::FATPIPE) {
          size_t ab = static_cast<size_t>(a * n + b);
          double flows = link->get_bandwidth() / route_params(*hosts[first_rank[a]], *hosts[first_rank[b]], f).rate_bytes_per_second;
          if (flows < context.zone_cut_flows[ab]) {
            context.zone_cut_flows[ab] = flows;
            context.zone_cut_both_ways[ab] = std::find(back.begin(), back.end(), link) != back.end();
          }
        }
    }
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      int src = first_rank[a], dst = first_rank[b];
      if (a == b)  // another rank of the same zone, if there is one
        for (size_t r = 0; r < hosts.size() && dst == src; r++)
          if (context.zone_of[r] == a && static_cast<int>(r) != src)
            dst = static_cast<int>(r);
      context.zone_p2p[static_cast<size_t>(a * n + b)] =
          src == dst ? context.p2p : point_to_point(*hosts[src], *hosts[dst], f);
    }
  return context;
}

} // namespace tireplay::models
