// `tireplay topology`: the logical clusters of a platform's hosts (Lowekamp's algorithm on the latencies of its
// routes, or of a file of measurements), the latency and bandwidth between clusters (Table 4 of the
// adaptive-collectives paper), and the platform's own zone tree.
#include "models/platform_params.hpp"
#include "models/topology.hpp"
#include "replay/configuration.hpp"
#include "src/cli/commands.hpp"
#include "src/cli/platform_engine.hpp"
#include "format/rank_reader.hpp"

#include <boost/program_options.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace tireplay {
namespace {

void print_clusters(const models::DistanceMatrix& d, const std::vector<int>& cluster_of)
{
  int count = models::cluster_count(cluster_of);
  for (int c = 0; c < count; c++) {
    std::vector<std::string> members;
    for (size_t h = 0; h < d.size(); h++)
      if (cluster_of[h] == c)
        members.push_back(d.hosts[h]);
    // Up to four names in full; beyond, the first two and the last ("a .. c" read as if b belonged)
    std::string shown = members.front();
    for (size_t k = 1; k < members.size(); k++)
      if (members.size() <= 4 || k < 2)
        shown += ", " + members[k];
      else if (k == members.size() - 1)
        shown += ", ..., " + members[k];
    std::printf("  C%-3d %4zu host%s  %s\n", c, members.size(), members.size() == 1 ? " " : "s", shown.c_str());
  }
}

void print_matrix(const char* title, const std::vector<double>& values, int count, double scale)
{
  std::printf("\n%s\n      ", title);
  for (int b = 0; b < count; b++)
    std::printf(" %11s", ("C" + std::to_string(b)).c_str());
  std::printf("\n");
  for (int a = 0; a < count; a++) {
    std::printf("  C%-3d", a);
    for (int b = 0; b < count; b++) {
      double v = values[static_cast<size_t>(a * count + b)];
      if (v < 0 || !std::isfinite(v))
        std::printf(" %11s", "-");
      else
        std::printf(" %11.2f", v * scale);
    }
    std::printf("\n");
  }
}

void print_zones(const models::ZoneNode& z, int depth)
{
  std::printf("  %*s%s: %d host%s\n", 2 * depth, "", z.name.c_str(), z.hosts, z.hosts == 1 ? "" : "s");
  for (const auto& child : z.children)
    print_zones(child, depth + 1);
}

} // namespace

int topology_command(int argc, char** argv)
{
  std::string platform, distances_file;
  double rho = 0.2;
  std::vector<std::string> cfg;
  po::options_description desc(
      "usage: tireplay topology --platform P.xml [--rho 0.2] [--distances FILE]\n\n"
      "Groups the hosts into logical clusters by Lowekamp's algorithm (two hosts share a cluster when their\n"
      "latency is within 1 + rho of the smallest ones around them), from the latencies of the platform's\n"
      "routes or of measured distances, and prints the latency and bandwidth between clusters and the\n"
      "platform's zone tree.\n\noptions");
  desc.add_options()("help,h", "this help")
      ("platform", po::value(&platform), "SimGrid XML platform")
      ("distances", po::value(&distances_file),
       "measured distances instead of the platform's routes: lines 'HOST_A HOST_B LATENCY [BANDWIDTH]'")
      ("rho", po::value(&rho)->default_value(0.2, "0.2"), "Lowekamp's tolerance (0.2: 20%)")
      ("cfg", po::value(&cfg)->composing(), "key:value, as for replay");

  return guarded("topology", [&]() -> int {
    if (!parse_options(argc, argv, desc))
      return kExitOk;
    if (platform.empty() && distances_file.empty())
      throw po::error("--platform or --distances is required");
    if (!(rho >= 0) || !std::isfinite(rho))
      throw po::error("--rho must be a finite number >= 0");
    models::DistanceMatrix d;
    std::unique_ptr<simgrid::s4u::Engine> engine;
    if (!platform.empty()) {
      engine     = engine_with_platform(platform, cfg);
      auto hosts = models::hosts_in_zone_order(*engine->get_netzone_root());
      if (distances_file.empty() && hosts.size() > models::kMaxTopologyHosts)
        throw InputError(platform + ": " + std::to_string(hosts.size()) + " hosts; topology weighs every pair of "
                         "them and takes at most " + std::to_string(models::kMaxTopologyHosts));
      if (distances_file.empty()) {
        check_routes(hosts, platform);
        d = models::platform_distances(hosts, models::network_factors_from_config());
      }
    }
    if (!distances_file.empty()) {
      d = models::read_distances(distances_file);
      for (const auto& host : d.hosts)  // a misspelt host would make a cluster of its own, silently
        if (engine && engine->host_by_name_or_null(host) == nullptr)
          throw InputError(distances_file + ": host '" + host + "' is not on the platform " + platform +
                           " (--distances alone groups hosts of its own)");
    }
    if (d.size() == 0)
      throw InputError((distances_file.empty() ? platform : distances_file) + ": no host");
    std::vector<int> clusters = models::lowekamp_clusters(d, rho);
    int count                 = models::cluster_count(clusters);
    std::printf("%s: %zu hosts in %d logical cluster%s (Lowekamp, rho = %g)\n",
                distances_file.empty() ? platform.c_str() : distances_file.c_str(), d.size(), count,
                count == 1 ? "" : "s", rho);
    print_clusters(d, clusters);
    print_matrix("Latency between clusters, mean over host pairs (us; '-': none measured, or a one-host cluster's "
                 "own):",
                 models::cluster_latencies(d, clusters), count, 1e6);
    size_t unknown = 0;  // pairs a distances file does not give: the clusters come from the others
    for (size_t a = 0; a < d.size(); a++)
      for (size_t b = 0; b < d.size(); b++)
        unknown += a != b && !(d.latency_seconds[a * d.size() + b] >= 0) ? 1 : 0;
    if (unknown > 0)
      std::printf("\nnote: %zu of %zu host pairs (both ways) have no measurement: the clusters and means come from "
                  "the others\n", unknown, d.size() * (d.size() - 1));
    print_matrix("Bandwidth between clusters, mean over host pairs (MB/s; '-': none measured):", models::cluster_bandwidths(d, clusters), count,
                 1e-6);
    if (engine) {
      std::printf("\nZones of the platform:\n");
      print_zones(models::zone_tree(*engine->get_netzone_root()), 0);
    }
    return kExitOk;
  });
}

} // namespace tireplay
