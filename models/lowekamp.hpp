// Logical clusters of hosts from their distances: Lowekamp's greedy partition (Algorithm 1 of Steffenel, "A
// Framework for Adaptive Collective Communications on Heterogeneous Hierarchical Networks", INRIA inria-00116897,
// 2006, section 4.1.2), and the Table-4 view of the result (mean latency between and within clusters).
// Pure functions of a distance matrix; models/topology.hpp builds one from a platform or a file of measurements.
#pragma once

#include <string>
#include <vector>

namespace tireplay::models {

/// Host-to-host distances: the latency and the bandwidth of a lone message's route. A pair without a
/// measurement has latency < 0 (the matrix need not be complete, section 4.1).
struct DistanceMatrix {
  std::vector<std::string> hosts;
  std::vector<double> latency_seconds;         // hosts² entries, row = source; diagonal 0
  std::vector<double> bandwidth_bytes_per_s;   // hosts² entries; 0 where unknown

  size_t size() const { return hosts.size(); }
  double latency(size_t a, size_t b) const { return latency_seconds[a * hosts.size() + b]; }
  double bandwidth(size_t a, size_t b) const { return bandwidth_bytes_per_s[a * hosts.size() + b]; }
  /// An empty matrix of n hosts: every latency unknown (-1) but the diagonal, every bandwidth 0.
  static DistanceMatrix unknown(std::vector<std::string> hosts);
};

/// Lowekamp's Algorithm 1 with tolerance `rho` (the paper's 20% is rho = 0.2): the edges {a, b} weighted by their
/// latency (the mean of both directions; a pair unknown either way is no edge) are taken by nondecreasing weight
/// (ties by a, then b); an edge joins the subnets of a and b unless its weight exceeds (1 + rho) times the
/// smallest edge of a, of b, or of the subnet a or b is already in. Returns each host's cluster, clusters numbered
/// 0, 1, ... in the order of their first host.
std::vector<int> lowekamp_clusters(const DistanceMatrix& distances, double rho);

/// The clusters' mean latencies, Table 4's view: entry [a * count + b] is the mean latency (seconds) over the
/// known pairs of a host of cluster a and a host of cluster b (a ≠ b), or of two distinct hosts of a (a = b);
/// -1 where there is no such pair (a one-host cluster's own entry).
std::vector<double> cluster_latencies(const DistanceMatrix& distances, const std::vector<int>& cluster_of);
/// The same for the bandwidths (bytes/s), over the pairs whose bandwidth is known.
std::vector<double> cluster_bandwidths(const DistanceMatrix& distances, const std::vector<int>& cluster_of);

/// The number of clusters in `cluster_of` (its largest entry + 1).
int cluster_count(const std::vector<int>& cluster_of);

} // namespace tireplay::models
