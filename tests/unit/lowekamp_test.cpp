// Unit tests of models/lowekamp: Algorithm 1 of the adaptive-collectives paper (section 4.1.2) on hand-made
// matrices and on the latencies of its Table 4 (the 88-machine grid, found as 6 clusters with ρ = 30%).
#include "models/lowekamp.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace tireplay::models;

namespace {

/// A symmetric matrix of n hosts "h0".."h<n-1>" from latency(a, b).
template <class Latency>
DistanceMatrix matrix(int n, Latency latency)
{
  std::vector<std::string> hosts;
  for (int i = 0; i < n; i++)
    hosts.push_back("h" + std::to_string(i));
  DistanceMatrix d = DistanceMatrix::unknown(hosts);
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      if (a != b)
        d.latency_seconds[static_cast<size_t>(a * n + b)] = latency(a, b);
  return d;
}

// Table 4 (µs): clusters of 31, 29, 6, 1, 1 and 20 machines.
const std::vector<int> kSizes = {31, 29, 6, 1, 1, 20};
const double kTable4[6][6] = {{47.56, 62.10, 12181.52, 12187.24, 12197.49, 5210.99},
                              {62.10, 47.92, 12181.52, 12198.03, 12195.22, 5211.47},
                              {12181.52, 12181.52, 35.52, 60.08, 60.08, 5388.49},
                              {12187.24, 12198.03, 60.08, -1, 242.47, 5393.98},
                              {12197.49, 12195.22, 60.08, 242.47, -1, 5394.10},
                              {5210.99, 5211.47, 5388.49, 5393.98, 5394.10, 27.53}};

std::vector<int> table4_cluster_of_host()
{
  std::vector<int> of;
  for (int c = 0; c < 6; c++)
    of.insert(of.end(), static_cast<size_t>(kSizes[static_cast<size_t>(c)]), c);
  return of;
}

} // namespace

TEST_CASE("Table 4's grid splits into its 6 clusters with rho = 30% and 20%", "[models][lowekamp]")
{
  std::vector<int> truth = table4_cluster_of_host();
  DistanceMatrix d       = matrix(88, [&](int a, int b) {
    return kTable4[truth[static_cast<size_t>(a)]][truth[static_cast<size_t>(b)]] * 1e-6;
  });
  CHECK(lowekamp_clusters(d, 0.3) == truth);
  CHECK(lowekamp_clusters(d, 0.2) == truth);
  // The two Orsay clusters (47.56 and 47.92 µs inside, 62.10 between) merge once 62.10 <= (1 + rho) 47.56.
  std::vector<int> merged = lowekamp_clusters(d, 0.31);
  CHECK(cluster_count(merged) == 5);
  CHECK(merged[0] == merged[31]);
  // Table 4 back from the clusters: the means are the table's entries, -1 for the one-host clusters' own.
  std::vector<double> mean = cluster_latencies(d, truth);
  for (int a = 0; a < 6; a++)
    for (int b = 0; b < 6; b++) {
      double expected = kTable4[a][b] < 0 ? -1 : kTable4[a][b] * 1e-6;
      CHECK(mean[static_cast<size_t>(a * 6 + b)] == Approx(expected));
    }
}

TEST_CASE("an edge joins subnets only within (1 + rho) of the smallest edges around it", "[models][lowekamp]")
{
  // h0-h1 10, h2-h3 10, h1-h2 11.5, everything else 30: with rho = 0.2, 11.5 <= 12 joins all four;
  // with rho = 0.1 (limit 11) two pairs stay apart; h4, 30 from everyone, is alone either way.
  DistanceMatrix d = matrix(5, [](int a, int b) {
    auto pair = [&](int x, int y) { return (a == x && b == y) || (a == y && b == x); };
    if (pair(0, 1) || pair(2, 3))
      return 10.0;
    return pair(1, 2) ? 11.5 : 30.0;
  });
  CHECK(lowekamp_clusters(d, 0.2) == std::vector<int>{0, 0, 0, 0, 1});
  CHECK(lowekamp_clusters(d, 0.1) == std::vector<int>{0, 0, 1, 1, 2});
}

TEST_CASE("unknown pairs are no edge; a host measured with nobody is its own cluster", "[models][lowekamp]")
{
  DistanceMatrix d = matrix(3, [](int a, int b) { return (a == 2 || b == 2) ? -1.0 : 5.0; });
  CHECK(lowekamp_clusters(d, 0.2) == std::vector<int>{0, 0, 1});
  CHECK(cluster_count({}) == 0);
}
