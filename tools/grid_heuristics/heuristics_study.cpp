// Section 6 of Steffenel (INRIA inria-00116897, 2006): for each number of clusters C, `instances` random
// broadcasts whose parameters are drawn uniformly from Table 3 (L in [1, 15] ms, g in [100, 600] ms per pair of
// clusters, symmetric; T in [20, 3000] ms per cluster; the root's cluster is 0); prints, per C, each heuristic's
// average makespan in seconds (models/grid_bcast.hpp). Deterministic: a fixed seed per C.
// usage: heuristics_study INSTANCES MIN_CLUSTERS MAX_CLUSTERS
#include "models/grid_bcast.hpp"

#include <cstdio>
#include <cstdlib>
#include <random>

using namespace tireplay::models;

int main(int argc, char** argv)
{
  if (argc != 4) {
    std::fprintf(stderr, "usage: heuristics_study INSTANCES MIN_CLUSTERS MAX_CLUSTERS\n");
    return 2;
  }
  const int instances = std::atoi(argv[1]), low = std::atoi(argv[2]), high = std::atoi(argv[3]);
  if (instances < 1 || low < 2 || high < low) {
    std::fprintf(stderr, "heuristics_study: need INSTANCES >= 1 and 2 <= MIN_CLUSTERS <= MAX_CLUSTERS\n");
    return 2;
  }
  const auto& heuristics = grid_heuristics();
  std::printf("# clusters");
  for (const auto& h : heuristics)
    std::printf(" %.*s", static_cast<int>(h.name.size()), h.name.data());
  std::printf("   (average makespan, seconds, over %d instances)\n", instances);
  for (int c = low; c <= high; c++) {
    std::mt19937_64 random(1000003u * static_cast<unsigned>(c));
    std::uniform_real_distribution<double> L(1e-3, 15e-3), g(100e-3, 600e-3), T(20e-3, 3000e-3);
    std::vector<double> sum(heuristics.size(), 0);
    GridBcastInstance in;
    in.clusters = c;
    for (int k = 0; k < instances; k++) {
      in.latency.assign(static_cast<size_t>(c * c), 0);
      in.gap.assign(static_cast<size_t>(c * c), 0);
      in.internal.resize(static_cast<size_t>(c));
      for (int i = 0; i < c; i++)
        for (int j = i + 1; j < c; j++) {
          in.latency[static_cast<size_t>(i * c + j)] = in.latency[static_cast<size_t>(j * c + i)] = L(random);
          in.gap[static_cast<size_t>(i * c + j)] = in.gap[static_cast<size_t>(j * c + i)] = g(random);
        }
      for (auto& t : in.internal)
        t = T(random);
      for (size_t h = 0; h < heuristics.size(); h++)
        sum[h] += schedule_grid_bcast(heuristics[h], in).makespan_seconds;
    }
    std::printf("%d", c);
    for (double s : sum)
      std::printf(" %.4f", s / instances);
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}
