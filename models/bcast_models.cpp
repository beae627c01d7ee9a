#include "models/bcast_models.hpp"

#include "models/collective_models.hpp"

#include "replay/collectives/coll.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

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
  return c.size > 1 ? bcast::chain(c.size, static_cast<double>(a.bytes), c.p2p) : 0;
}

namespace {
/// segmented_chain.cpp as it runs: each rank keeps two receives posted and forwards each segment with a blocking
/// send. The first segment crosses the P - 1 hops one after the other, each in T = L + g(s); then one segment
/// arrives every T_seg. A rendezvous segment (>= the detached threshold) holds the sender for its whole transfer:
/// T_seg = T. A detached one is sent at once, but moves only once its receive is posted, and the receiver posts
/// the next one when the last has arrived: segments move in pairs that start together and share the link, one
/// pair every L + 2 w (w the bytes' time): T_seg = (T + w) / 2 (exact for two ranks; down a longer chain the
/// pairs drift and the simulation is up to 19% slower). Table 1's Segmented Chain assumes T_seg = g(s).
double pipelined_chain(const ModelContext& c, double m, double s, int root)
{
  if (c.size <= 1)
    return 0;
  s        = std::min(s, std::max(m, 1.0));
  double k = bcast::segment_count(m, s);
  // With routes that differ (zones), the first segment crosses each hop at its own pace and the slowest hop
  // sets the pace of the others.
  double fill = 0, per_segment = 0;
  for (int hop = 0; hop + 1 < c.size; hop++) {
    const PointToPoint& p2p = c.pair((root + hop) % c.size, (root + hop + 1) % c.size);
    double first            = p2p.time(s);
    fill += first;
    per_segment = std::max(per_segment, s >= c.detached_send_threshold ? first : (first + link_seconds(p2p, s)) / 2);
    if (c.zone_of.empty()) {  // every hop alike
      fill *= c.size - 1;
      break;
    }
  }
  return fill + (k - 1) * per_segment;
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
  // fan_seconds(children) (Table 1's <= ceil(log2 P) (2 g(m) + L) is a bound on this). The last leaves of the
  // heap, P - 1 and P - 2, end the deepest paths.
  double m     = static_cast<double>(a.bytes);
  auto path    = [&](int leaf) {
    double t = 0;
    for (int node = leaf; node > 0; node = (node - 1) / 2) {
      int parent   = (node - 1) / 2;
      int children = (2 * parent + 2 < c.size) ? 2 : 1;
      t += fan_seconds(children, m, c.p2p);
    }
    return t;
  };
  return c.size > 1 ? std::max(path(c.size - 1), c.size > 2 ? path(c.size - 2) : 0.0) : 0;
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
