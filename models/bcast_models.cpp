#include "models/bcast_models.hpp"

#include "models/collective_models.hpp"
#include "models/message_timing.hpp"

#include "models/coll_args.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace tireplay::models {
namespace {

int ceil_log2(int P)
{
  int bits = 0;
  while ((1LL << bits) < P)
    bits++;
  return bits;
}

int floor_log2(int P)
{
  int bits = 0;
  while ((2LL << bits) <= P)
    bits++;
  return bits;
}

/// The segment the formulas use: s, or the whole message when it is shorter.
double segment_of(double m, double s)
{
  if (m > 0 && !(s > 0))
    throw std::invalid_argument("a segmented broadcast needs a positive segment size");
  return std::min(s, m);
}

// Segment size of bcast/segmented_chain.cpp when CollArgs::segment_bytes is 0.
constexpr double kSegmentedChainDefaultBytes = 8192;

} // namespace

namespace bcast {

double segment_count(double m, double s)
{
  return segment_of(m, s) < m ? std::ceil(m / s) : 1;
}

double flat_tree(int P, double m, const PointToPoint& p)
{
  // L + (P - 1) × g(m)
  return p.latency + (P - 1) * p.gap(m);
}

double flat_tree_rendezvous(int P, double m, const PointToPoint& p)
{
  // 3 × L + (P - 1) × g(m) + 2 × g(1)
  return 3 * p.latency + (P - 1) * p.gap(m) + 2 * p.gap(1);
}

double segmented_flat_tree(int P, double m, double s, const PointToPoint& p)
{
  // L + (P - 1) × (g(s) × k)
  s = segment_of(m, s);
  return p.latency + (P - 1) * (p.gap(s) * segment_count(m, s));
}

double chain(int P, double m, const PointToPoint& p)
{
  // (P - 1) × (g(m) + L)
  return (P - 1) * (p.gap(m) + p.latency);
}

double chain_rendezvous(int P, double m, const PointToPoint& p)
{
  // (P - 1) × (g(m) + 2 × g(1) + 3 × L)
  return (P - 1) * (p.gap(m) + 2 * p.gap(1) + 3 * p.latency);
}

double segmented_chain(int P, double m, double s, const PointToPoint& p)
{
  // (P - 1) × (g(s) + L) + (g(s) × (k - 1))
  s = segment_of(m, s);
  return (P - 1) * (p.gap(s) + p.latency) + (p.gap(s) * (segment_count(m, s) - 1));
}

double binary_tree(int P, double m, const PointToPoint& p)
{
  // ≤ ⌈log2 P⌉ × (2 × g(m) + L)
  return ceil_log2(P) * (2 * p.gap(m) + p.latency);
}

double binomial_tree(int P, double m, const PointToPoint& p)
{
  // ⌈log2 P⌉ × L + ⌊log2 P⌋ × g(m)
  return ceil_log2(P) * p.latency + floor_log2(P) * p.gap(m);
}

double binomial_tree_rendezvous(int P, double m, const PointToPoint& p)
{
  // ⌈log2 P⌉ × (2 × g(1) + 3 × L) + ⌊log2 P⌋ × g(m)
  return ceil_log2(P) * (2 * p.gap(1) + 3 * p.latency) + floor_log2(P) * p.gap(m);
}

double segmented_binomial_tree(int P, double m, double s, const PointToPoint& p)
{
  // ⌈log2 P⌉ × L + ⌊log2 P⌋ × g(s) × k
  s = segment_of(m, s);
  return ceil_log2(P) * p.latency + floor_log2(P) * p.gap(s) * segment_count(m, s);
}

double scatter_collection(int P, double m, const PointToPoint& p)
{
  // (log2 P + P - 1) × L + 2 × ((P - 1) / P) × g(m)
  return (std::log2(P) + P - 1) * p.latency + 2 * (static_cast<double>(P - 1) / P) * p.gap(m);
}

} // namespace bcast

SegmentChoice best_segment(double m, const std::function<double(double)>& predicted_seconds)
{
  // s = m / 2^i for i in [0, log2 m]: down to the last s >= 1 byte.
  int last = m >= 1 ? std::ilogb(m) : 0;
  SegmentChoice best{m, predicted_seconds(m)};
  for (int i = 1; i <= last; i++) {
    double s       = std::ldexp(m, -i);
    double seconds = predicted_seconds(s);
    if (seconds < best.predicted_seconds)
      best = {s, seconds};
  }
  return best;
}

double predict_bcast_binomial(const ModelContext& c, const CollArgs& a)
{
  // The code's tree, not Table 1's ⌈log2 P⌉ L + ⌊log2 P⌋ g(m): for P not a power of two the root's subtree
  // sends ⌈log2 P⌉ times one after the other, and small messages to the children of a rank share its port.
  return c.size > 1 ? binomial_bcast_seconds(c, a.root, static_cast<double>(a.bytes)) : 0;
}

double predict_bcast_flat(const ModelContext& c, const CollArgs& a)
{
  // flat.cpp posts the P - 1 sends at once: their latencies overlap and only their bytes queue on the root's link
  // (fan_seconds), where Table 1's Flat Tree, L + (P - 1) g(m), sends them one after the other.
  return c.size > 1 ? fan_seconds(c.size - 1, static_cast<double>(a.bytes), c.p2p) : 0;
}

double predict_bcast_chain(const ModelContext& c, const CollArgs& a)
{
  // Table 1's (P − 1) (g(m) + L), each hop on its own route (zones).
  if (c.zone_of.empty())
    return c.size > 1 ? bcast::chain(c.size, static_cast<double>(a.bytes), c.p2p) : 0;
  double seconds = 0;
  for (int hop = 0; hop + 1 < c.size; hop++)
    seconds += c.pair((a.root + hop) % c.size, (a.root + hop + 1) % c.size).time(static_cast<double>(a.bytes));
  return seconds;
}

namespace {
/// segmented_chain.cpp as it runs: each rank keeps two receives posted and forwards each segment with a blocking
/// send. A detached segment (below the threshold) is sent at once and moves as soon as its receive is posted, so
/// segments cross each hop in pairs that share the link, L + 2 w (w = link_seconds(s)); a rendezvous one holds its
/// sender until it has arrived, L + w alone. The N = P − 1 hops work in lockstep on these units one behind the
/// other: with K units, the first crosses the N hops, then one unit leaves the last hop each step,
///   Σ_{t=1..N} unit(min(t, K)) + Σ_{i=1..K−1} unit(min(N, i)),
/// where unit(a), a the hops at work in the step, has its bytes' time stretched by `crowded`: the a hops' messages
/// share the backbone, and a middle rank receives the next unit as it sends one (TCP cross-traffic; from K = 2).
/// With k odd the last unit is a lone segment. Table 1's Segmented Chain assumes one segment every g(s).
/// With zones, the first unit takes each hop's route and the slowest hop paces the others.
double pipelined_chain(const ModelContext& c, double m, double s, int root)
{
  if (c.size <= 1)
    return 0;
  s               = std::min(s, std::max(m, 1.0));
  double k        = bcast::segment_count(m, s);
  bool detached   = s < c.detached_send_threshold;
  double units    = detached ? std::ceil(k / 2) : k;
  bool pairs      = detached && k > 1;
  bool lone_last  = pairs && std::fmod(k, 2) == 1;
  int hops        = c.size - 1;
  bool two_way    = hops > 1 && units > 1;
  auto unit       = [&](const PointToPoint& route, double a, bool pair) {
    PointToPoint p2p = crowded(c, route, a, two_way);
    return p2p.time(s) + (pair ? link_seconds(p2p, s) : 0);
  };
  const PointToPoint* slowest = &c.p2p;
  double fill = 0;
  for (int hop = 0; hop < hops; hop++) {
    const PointToPoint& p2p = c.pair((root + hop) % c.size, (root + hop + 1) % c.size);
    fill += unit(p2p, std::min<double>(hop + 1, units), pairs && !(units == 1 && lone_last));
    if (hop == 0 || p2p.time(s) > slowest->time(s))
      slowest = &p2p;
  }
  // i = 1 .. K − 1: the ramp down to min(N, K − 1), then N for the rest.
  double ramp = std::min<double>(hops, units - 1), drain = 0;
  for (int i = 1; i <= ramp; i++)
    drain += unit(*slowest, i, pairs && !(i == 1 && lone_last));
  return fill + drain + (units - 1 - ramp) * unit(*slowest, hops, pairs);
}
} // namespace

double predict_bcast_segmented_chain(const ModelContext& c, const CollArgs& a)
{
  double s = a.segment_bytes > 0 ? static_cast<double>(a.segment_bytes) : kSegmentedChainDefaultBytes;
  return pipelined_chain(c, static_cast<double>(a.bytes), s, a.root);
}

void tune_bcast_segmented_chain(const ModelContext& c, CollArgs& a)
{
  double m  = static_cast<double>(a.bytes);
  auto best = best_segment(m, [&c, &a, m](double s) { return pipelined_chain(c, m, s, a.root); });
  a.segment_bytes = std::max<uint64_t>(1, static_cast<uint64_t>(std::floor(best.segment_bytes)));
}

double predict_bcast_binary_tree(const ModelContext& c, const CollArgs& a)
{
  // binary_tree.cpp as it runs: each node posts its sends to its (one or two) children at once, so a level costs
  // fan_seconds(children) (Table 1's <= ceil(log2 P) (2 g(m) + L) is a bound on this), its messages crowded by
  // the others of the level (all the nodes of a depth receive together; the fan already serializes a node's
  // own: as many crowds as ports). Each edge is priced by its route, and the k edges of a level from zone a to
  // zone b share the narrowest link between them (as exchange_step_seconds). The latest arrival.
  if (c.size <= 1)
    return 0;
  double m    = static_cast<double>(a.bytes);
  auto depth  = [](int node) { return std::ilogb(node + 1); };
  auto rank   = [&](int node) { return (node + a.root) % c.size; };
  int levels  = depth(c.size - 1) + 1;
  std::vector<int> at_depth(static_cast<size_t>(levels), 0);
  std::vector<int> crossing(static_cast<size_t>(levels * c.zones * c.zones), 0);  // per depth and zone pair
  auto zone_pair = [&](int node) {
    int from = c.zone_of[rank((node - 1) / 2)], to = c.zone_of[rank(node)];
    return static_cast<size_t>((depth(node) * c.zones + from) * c.zones + to);
  };
  for (int node = 0; node < c.size; node++) {
    at_depth[static_cast<size_t>(depth(node))]++;
    if (node > 0 && c.crosses(rank((node - 1) / 2), rank(node)))
      crossing[zone_pair(node)]++;
  }
  std::vector<double> arrival(static_cast<size_t>(c.size), 0);
  for (int node = 1; node < c.size; node++) {
    int parent                = (node - 1) / 2;
    int children              = (2 * parent + 2 < c.size) ? 2 : 1;
    double crowd              = static_cast<double>(at_depth[static_cast<size_t>(depth(node))]) / children;
    const PointToPoint& route = c.pair(rank(parent), rank(node));
    double edge               = fan_seconds(children, m, crowded(c, route, crowd, false));
    if (c.crosses(rank(parent), rank(node))) {
      size_t ab = static_cast<size_t>(c.zone_of[rank(parent)] * c.zones + c.zone_of[rank(node)]);
      if (std::isfinite(c.zone_cut_flows[ab]))
        edge = std::max(edge, cut_seconds(c, route, ab, crossing[zone_pair(node)], m));
    }
    arrival[static_cast<size_t>(node)] = arrival[static_cast<size_t>(parent)] + edge;
  }
  return *std::max_element(arrival.begin(), arrival.end());
}

double predict_bcast_scatter_allgather(const ModelContext& c, const CollArgs& a)
{
  // scatter_allgather.cpp as it runs: a binomial scatter of blocks of ceil(m / P) bytes, then a ring allgather of
  // those blocks (Table 1's Scatter/Collection formula idealizes both phases).
  if (c.size <= 1)
    return 0;
  CollArgs block;
  block.bytes = block.bytes2 = (a.bytes + static_cast<uint64_t>(c.size) - 1) / static_cast<uint64_t>(c.size);
  return predict_scatter_binomial(c, block) + predict_allgather_ring(c, block);
}

} // namespace tireplay::models
