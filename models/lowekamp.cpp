#include "models/lowekamp.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <tuple>

namespace tireplay::models {

DistanceMatrix DistanceMatrix::unknown(std::vector<std::string> hosts)
{
  DistanceMatrix d;
  size_t n = hosts.size();
  d.hosts  = std::move(hosts);
  d.latency_seconds.assign(n * n, -1);
  d.bandwidth_bytes_per_s.assign(n * n, 0);
  for (size_t i = 0; i < n; i++)
    d.latency_seconds[i * n + i] = 0;
  return d;
}

namespace {

struct Edge {
  double weight;
  size_t a, b;
};

/// Union-find over the hosts, with each subnet's smallest edge (infinite for a host in no subnet yet).
struct Subnets {
  std::vector<size_t> parent;
  std::vector<double> min_edge;

  explicit Subnets(size_t n) : parent(n), min_edge(n, std::numeric_limits<double>::infinity())
  {
    std::iota(parent.begin(), parent.end(), size_t{0});
  }
  size_t root(size_t x)
  {
    while (parent[x] != x)
      x = parent[x] = parent[parent[x]];
    return x;
  }
};

} // namespace

std::vector<int> lowekamp_clusters(const DistanceMatrix& distances, double rho)
{
  const size_t n = distances.size();
  std::vector<Edge> edges;
  std::vector<double> node_min(n, std::numeric_limits<double>::infinity());
  for (size_t a = 0; a < n; a++)
    for (size_t b = a + 1; b < n; b++) {
      double ab = distances.latency(a, b), ba = distances.latency(b, a);
      if (ab < 0 || ba < 0)
        continue;
      double w = (ab + ba) / 2;
      edges.push_back({w, a, b});
      node_min[a] = std::min(node_min[a], w);
      node_min[b] = std::min(node_min[b], w);
    }
  std::sort(edges.begin(), edges.end(),
            [](const Edge& x, const Edge& y) { return std::tie(x.weight, x.a, x.b) < std::tie(y.weight, y.a, y.b); });
  const double tolerance = 1 + rho;
  Subnets subnets(n);
  for (const Edge& e : edges) {
    size_t ra = subnets.root(e.a), rb = subnets.root(e.b);
    if (ra == rb)
      continue;
    if (e.weight > tolerance * node_min[e.a] || e.weight > tolerance * node_min[e.b])
      continue;
    if (e.weight > tolerance * subnets.min_edge[ra] || e.weight > tolerance * subnets.min_edge[rb])
      continue;  // a host in no subnet yet has an infinite subnet minimum: no constraint
    subnets.parent[rb]   = ra;
    subnets.min_edge[ra] = std::min({e.weight, subnets.min_edge[ra], subnets.min_edge[rb]});
  }
  std::vector<int> cluster_of(n, -1), cluster_of_root(n, -1);
  int clusters = 0;
  for (size_t h = 0; h < n; h++) {
    int& c = cluster_of_root[subnets.root(h)];
    if (c < 0)
      c = clusters++;
    cluster_of[h] = c;
  }
  return cluster_of;
}

int cluster_count(const std::vector<int>& cluster_of)
{
  return cluster_of.empty() ? 0 : *std::max_element(cluster_of.begin(), cluster_of.end()) + 1;
}

namespace {

/// Per pair of clusters, the mean of `value(a, b)` over the host pairs where it is known (`known`), else -1.
template <class Value, class Known>
std::vector<double> cluster_means(const DistanceMatrix& distances, const std::vector<int>& cluster_of, Value value,
                                  Known known)
{
  const size_t c = static_cast<size_t>(cluster_count(cluster_of));
  std::vector<double> sum(c * c, 0), pairs(c * c, 0), mean(c * c, -1);
  for (size_t a = 0; a < distances.size(); a++)
    for (size_t b = 0; b < distances.size(); b++) {
      if (a == b || !known(value(a, b)))
        continue;
      size_t k = static_cast<size_t>(cluster_of[a]) * c + static_cast<size_t>(cluster_of[b]);
      sum[k] += value(a, b);
      pairs[k] += 1;
    }
  for (size_t k = 0; k < c * c; k++)
    if (pairs[k] > 0)
      mean[k] = sum[k] / pairs[k];
  return mean;
}

} // namespace

std::vector<double> cluster_latencies(const DistanceMatrix& distances, const std::vector<int>& cluster_of)
{
  return cluster_means(
      distances, cluster_of, [&](size_t a, size_t b) { return distances.latency(a, b); },
      [](double latency) { return latency >= 0; });
}

std::vector<double> cluster_bandwidths(const DistanceMatrix& distances, const std::vector<int>& cluster_of)
{
  return cluster_means(
      distances, cluster_of, [&](size_t a, size_t b) { return distances.bandwidth(a, b); },
      [](double bandwidth) { return bandwidth > 0; });
}

} // namespace tireplay::models
