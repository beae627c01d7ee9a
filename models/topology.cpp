#include "models/topology.hpp"

#include "models/platform_params.hpp"
#include "models/quantities.hpp"
#include "format/rank_reader.hpp"

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

namespace sg4 = simgrid::s4u;

namespace tireplay::models {

DistanceMatrix platform_distances(const std::vector<sg4::Host*>& hosts, const NetworkFactors& f)
{
  std::vector<std::string> names;
  for (const auto* h : hosts)
    names.push_back(h->get_name());
  DistanceMatrix d = DistanceMatrix::unknown(names);
  const size_t n   = hosts.size();
  for (size_t a = 0; a < n; a++)
    for (size_t b = 0; b < n; b++) {
      if (a == b)
        continue;
      RouteParams r                   = route_params(*hosts[a], *hosts[b], f);
      d.latency_seconds[a * n + b]       = r.latency_seconds;
      d.bandwidth_bytes_per_s[a * n + b] = r.rate_bytes_per_second;
    }
  return d;
}

DistanceMatrix read_distances(const std::string& path)
{
  std::ifstream in(path);
  if (!in)
    throw InputError(path + ": cannot open the distances file");
  struct Measure {
    size_t a, b;
    double latency, bandwidth;
  };
  std::vector<Measure> measures;
  std::map<std::pair<size_t, size_t>, int> first_line;  // each pair and way once
  std::vector<std::string> names;
  std::map<std::string, size_t> index;
  auto host = [&](const std::string& name) {
    auto [it, added] = index.emplace(name, names.size());
    if (added)
      names.push_back(name);
    return it->second;
  };
  std::string line;
  for (int number = 1; std::getline(in, line); number++) {
    const std::string raw = line;  // echoed under a message, as the trace reader does
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string x; words >> x;)
      w.push_back(x);
    if (w.empty())
      continue;
    std::string where = path + ":" + std::to_string(number) + ": ";
    auto fail = [&where, &raw](const std::string& why) { throw InputError(where + why + "\n    " + raw); };
    if (w.size() < 3 || w.size() > 4)
      fail("expected 'HOST_A HOST_B LATENCY [BANDWIDTH]', got " + std::to_string(w.size()) + " fields");
    double latency   = parse_quantity(w[2], kTimeUnits);
    double bandwidth = w.size() == 4 ? parse_quantity(w[3], kRateUnits) : 0;
    if (std::isnan(latency))
      fail("latency '" + w[2] + "' is not a time (seconds, or with ns, us, ms, s)");
    if (std::isnan(bandwidth))
      fail("bandwidth '" + w[3] + "' is not a rate (bytes/s, or with Bps, MBps, Gbps...)");
    if (latency > 1e6)  // what a network measures (a day is 8.6e4 s); beyond, the tables print 300 digits
      fail("latency '" + w[2] + "' is beyond 1e6 s: not a network's");
    if (w.size() == 4 && !(bandwidth > 0 && bandwidth <= 1e30))
      fail("bandwidth '" + w[3] + "' must be from 1e-30 to 1e30 bytes/s (leave it out when it was not measured)");
    if (w[0] == w[1])
      fail("a host's distance to itself ('" + w[0] + "') is not a measurement");
    measures.push_back({host(w[0]), host(w[1]), latency, bandwidth});
    if (auto [it, fresh] = first_line.emplace(std::pair{measures.back().a, measures.back().b}, number); !fresh)
      fail(w[0] + " to " + w[1] + " is given on line " + std::to_string(it->second) +
           " already: one measurement a pair and way (a mean of two would pass unseen)");
  }
  if (names.size() > kMaxTopologyHosts)
    throw InputError(path + ": " + std::to_string(names.size()) + " hosts; topology weighs every pair of them and "
                     "takes at most " + std::to_string(kMaxTopologyHosts));
  DistanceMatrix d = DistanceMatrix::unknown(names);
  const size_t n   = names.size();
  std::vector<char> given(n * n, 0);
  for (const auto& m : measures) {  // both ways first, then the ways given explicitly win
    for (auto [x, y] : {std::pair{m.a, m.b}, std::pair{m.b, m.a}})
      if (!given[x * n + y]) {
        d.latency_seconds[x * n + y]       = m.latency;
        d.bandwidth_bytes_per_s[x * n + y] = m.bandwidth;
      }
    given[m.a * n + m.b] = 1;
  }
  return d;
}

ZoneNode zone_tree(const sg4::NetZone& zone)
{
  ZoneNode node{zone.get_name(), static_cast<int>(zone.get_all_hosts().size()), {}};  // its own hosts
  for (const auto* child : zone.get_children()) {
    node.children.push_back(zone_tree(*child));
    node.hosts += node.children.back().hosts;
  }
  return node;
}

std::vector<int> zone_clusters(const std::vector<sg4::Host*>& hosts)
{
  std::map<const sg4::NetZone*, int> group;
  std::vector<int> of;
  for (const auto* h : hosts)
    of.push_back(group.emplace(h->get_englobing_zone(), static_cast<int>(group.size())).first->second);
  return of;
}

namespace {

void sort_hosts_naturally(std::vector<sg4::Host*>& hosts)
{
  // Compares runs of digits by value, everything else character by character.
  auto natural_less = [](const std::string& x, const std::string& y) {
    size_t i = 0, j = 0;
    while (i < x.size() && j < y.size()) {
      if (std::isdigit(static_cast<unsigned char>(x[i])) && std::isdigit(static_cast<unsigned char>(y[j]))) {
        size_t i2 = i, j2 = j;
        while (i2 < x.size() && std::isdigit(static_cast<unsigned char>(x[i2])))
          i2++;
        while (j2 < y.size() && std::isdigit(static_cast<unsigned char>(y[j2])))
          j2++;
        std::string a = x.substr(i, i2 - i), b = y.substr(j, j2 - j);
        a.erase(0, std::min(a.find_first_not_of('0'), a.size() - 1));
        b.erase(0, std::min(b.find_first_not_of('0'), b.size() - 1));
        if (a.size() != b.size())
          return a.size() < b.size();
        if (a != b)
          return a < b;
        i = i2, j = j2;
      } else {
        if (x[i] != y[j])
          return x[i] < y[j];
        i++, j++;
      }
    }
    return x.size() - i < y.size() - j;
  };
  std::stable_sort(hosts.begin(), hosts.end(),
                   [&](const sg4::Host* a, const sg4::Host* b) { return natural_less(a->get_name(), b->get_name()); });
}

} // namespace

std::vector<sg4::Host*> hosts_in_zone_order(const sg4::NetZone& zone)
{
  std::vector<sg4::Host*> hosts = zone.get_all_hosts();  // its own
  sort_hosts_naturally(hosts);
  for (const auto* child : zone.get_children()) {
    auto more = hosts_in_zone_order(*child);
    hosts.insert(hosts.end(), more.begin(), more.end());
  }
  return hosts;
}

} // namespace tireplay::models
