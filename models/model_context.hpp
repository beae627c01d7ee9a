// What the analytic cost models know: point-to-point parameters of a communicator on a platform, the hosts'
// computing speed, and the collective's arguments. Models are pure functions of these; no simulation inside.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace tireplay::models {

struct HierarchyModel;  // models/hierarchy.hpp

/// Cost of one message alone on its route, in pLogP's terms (Kielmann et al.; adaptive-collectives paper 2.2):
/// a message of m bytes takes L + g(m) from the start of the send to the end of the receive, and keeps the
/// sender busy for g(m) (the gap) before it can start the next one. Hockney's alpha = L, beta = slope of g.
struct PointToPoint {
  double latency = 0;  // L, seconds
  /// g(m) = gap_fixed[i] + m * gap_per_byte[i] for m in [size_bounds[i], size_bounds[i+1]): piecewise linear,
  /// as SMPI's bandwidth and latency factors are.
  std::vector<double> size_bounds{0};
  std::vector<double> gap_fixed{0};
  std::vector<double> gap_per_byte{0};
  double send_overhead_per_message    = 0;  // o_s (smpi/os), seconds
  double receive_overhead_per_message = 0;  // o_r (smpi/or), seconds

  double gap(double bytes) const;
  double time(double bytes) const { return latency + gap(bytes); }
  /// Hockney's model fitted to this one: alpha + beta * m.
  static PointToPoint hockney(double alpha, double beta);
};

/// A network's "contention signature" (paper section IV): gamma and delta, fitted for one network by
/// comparing measured all-to-all times with Proposition 1 (section V).
struct ContentionSignature {
  double gamma           = 1;  // γ, the contention ratio: how much contention stretches the mβ term
  double delta_seconds   = 0;  // δ, the start-up cost added to each of the n - 1 communications when m >= M
  double threshold_bytes = 0;  // M, the message size from which δ applies
};

/// A communicator on a platform, as the models see it.
struct ModelContext {
  int size = 1;                 // P, ranks in the communicator
  PointToPoint p2p;             // between two ranks (a homogeneous communicator: any pair)
  double flops_per_second = 1;  // speed of the hosts, for reduction flops
  double detached_send_threshold = 65536;  // smpi/send-is-detached-thresh: smaller sends do not wait
  /// The network's all-to-all contention signature (--contention-signature), if the user gave one: the linear
  /// all-to-all is then costed by its equation 5 instead of the contention-free bound.
  std::optional<ContentionSignature> alltoall_contention;

  /// What a link carries per flow when its rank sends one message and receives another at once: 1, or with
  /// SimGrid's TCP cross-traffic (network/crosstraffic) 1.05, the acknowledgements of the received message sharing
  /// the link of the sent one (a chain's or a ring's ranks).
  double two_way_load = 1;
  /// The narrowest link that the routes of different pairs of ranks in one zone share (a cluster's backbone), as
  /// the number of messages it carries at a route's full rate (its bandwidth over that rate): n messages under way
  /// at once through it are slowed by max(1, n / backbone_flows). Infinite when no such link is shared.
  double backbone_flows = std::numeric_limits<double>::infinity();

  /// Route-aware view, for communicators spread over several netzones (clusters): zone_of[r] is rank r's zone
  /// (0..zones-1), zone_p2p[a * zones + b] a message's parameters from zone a to zone b. Empty when every pair
  /// is priced as `p2p` (one zone, or a context built by hand).
  int zones = 0;
  std::vector<int> zone_of;
  std::vector<PointToPoint> zone_p2p;
  /// The links that the messages from zone a to zone b share (a route's links that another pair's route uses
  /// too): the narrowest one, as the messages from a to b it carries at their full rate (its bandwidth over their
  /// route's rate; infinite: none), and whether messages from b to a share it. k such messages at once are
  /// slowed by max(1, k / zone_cut_flows) (SMPI's bandwidth factor slows them all alike).
  std::vector<double> zone_cut_flows;
  std::vector<char> zone_cut_both_ways;

  /// The ranks' levels (zones, clusters, hosts) with a model context per level, for the hierarchical and grid
  /// algorithms; nullptr when the ranks form no hierarchy.
  std::shared_ptr<const HierarchyModel> hierarchy;

  /// The parameters of a message from rank i to rank j: their zones', or `p2p`.
  const PointToPoint& pair(int i, int j) const
  {
    return zone_of.empty() ? p2p : zone_p2p[static_cast<size_t>(zone_of[i] * zones + zone_of[j])];
  }
  /// Whether messages between i and j cross zones (and share the links between them).
  bool crosses(int i, int j) const { return !zone_of.empty() && zone_of[i] != zone_of[j]; }
};

} // namespace tireplay::models
