// Broadcast cost models of Table 1 of Steffenel, "A Framework for Adaptive Collective Communications on
// Heterogeneous Hierarchical Networks" (INRIA inria-00116897, 2006), section 4.2, in pLogP terms (its
// section 2.2): P ranks, a message of m bytes, L the latency and g(m) the gap of PointToPoint; segmented
// strategies cut m into k = ceil(m / s) segments of s bytes. Pure functions returning seconds.
#pragma once

#include "models/model_context.hpp"

#include <functional>

namespace tireplay {
struct CollArgs;
}

namespace tireplay::models {
namespace bcast {

// Each formula as Table 1 writes it.

/// Flat Tree: L + (P - 1) × g(m)
double flat_tree(int P, double m, const PointToPoint& p);
/// Flat Tree Rendez-vous: 3 × L + (P - 1) × g(m) + 2 × g(1)
double flat_tree_rendezvous(int P, double m, const PointToPoint& p);
/// Segmented Flat Tree: L + (P - 1) × (g(s) × k)
double segmented_flat_tree(int P, double m, double s, const PointToPoint& p);
/// Chain: (P - 1) × (g(m) + L)
double chain(int P, double m, const PointToPoint& p);
/// Chain Rendez-vous: (P - 1) × (g(m) + 2 × g(1) + 3 × L)
double chain_rendezvous(int P, double m, const PointToPoint& p);
/// Segmented Chain (Pipeline): (P - 1) × (g(s) + L) + (g(s) × (k - 1))
double segmented_chain(int P, double m, double s, const PointToPoint& p);
/// Binary Tree: ≤ ⌈log2 P⌉ × (2 × g(m) + L)  (an upper bound)
double binary_tree(int P, double m, const PointToPoint& p);
/// Binomial Tree: ⌈log2 P⌉ × L + ⌊log2 P⌋ × g(m)
double binomial_tree(int P, double m, const PointToPoint& p);
/// Binomial Tree Rendez-vous: ⌈log2 P⌉ × (2 × g(1) + 3 × L) + ⌊log2 P⌋ × g(m)
double binomial_tree_rendezvous(int P, double m, const PointToPoint& p);
/// Segmented Binomial Tree: ⌈log2 P⌉ × L + ⌊log2 P⌋ × g(s) × k
double segmented_binomial_tree(int P, double m, double s, const PointToPoint& p);
/// Scatter/Collection: (log2 P + P - 1) × L + 2 × ((P - 1) / P) × g(m)  (log2 P not rounded, as in the table)
double scatter_collection(int P, double m, const PointToPoint& p);

/// k: segments of at most s bytes in m bytes, at least one (an empty message is one empty segment). The
/// segmented formulas take s = m when s > m (one segment of m bytes).
double segment_count(double m, double s);

} // namespace bcast

/// The segment size s = m / 2^i, i in [0, log2 m], that minimizes `predicted_seconds(s)` (section 4.2), and
/// that prediction; the largest such s on a tie. For m < 2 the only candidate is s = m.
struct SegmentChoice {
  double segment_bytes;
  double predicted_seconds;
};
SegmentChoice best_segment(double m, const std::function<double(double segment_bytes)>& predicted_seconds);

// CostFunction-compatible predictions of the broadcasts in replay/collectives/bcast/: P = context.size,
// m = args.bytes, 0 for a communicator of one rank (nothing is sent).

/// bcast/binomial.cpp as it runs (binomial_bcast_seconds); Table 1's Binomial Tree when P = 2^k and m is sent by rendezvous.
double predict_bcast_binomial(const ModelContext& context, const CollArgs& args);
/// bcast/flat.cpp: Flat Tree.
double predict_bcast_flat(const ModelContext& context, const CollArgs& args);
/// bcast/chain.cpp: Chain.
double predict_bcast_chain(const ModelContext& context, const CollArgs& args);
/// bcast/segmented_chain.cpp: Segmented Chain, s = args.segment_bytes, or the algorithm's default 8192 bytes.
double predict_bcast_segmented_chain(const ModelContext& context, const CollArgs& args);
/// The segment size section 4.2's search picks for the Segmented Chain (whole bytes, at least 1).
void tune_bcast_segmented_chain(const ModelContext& context, CollArgs& args);
/// bcast/binary_tree.cpp: Binary Tree (the table's upper bound).
double predict_bcast_binary_tree(const ModelContext& context, const CollArgs& args);
/// bcast/scatter_allgather.cpp: Scatter/Collection.
double predict_bcast_scatter_allgather(const ModelContext& context, const CollArgs& args);

} // namespace tireplay::models
