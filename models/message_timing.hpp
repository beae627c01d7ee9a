// How long messages take, as SMPI replays them: the timing rules that the cost models of replay/collectives/
// (models/collective_models.hpp, bcast_models.hpp, reduce_models.hpp) are built from, in pLogP's terms
// (adaptive-collectives paper 2.2): L the latency, g(x) the gap of x bytes, P = ctx.size.
// Timing rules:
//  - a message starts when its send and its receive are both posted, and arrives L + g(x) later alone;
//  - messages under way at once through one rank's port share its link (the serialization at the root's link of
//    linear patterns): the bytes serialize, the latencies overlap. With Hockney's g(x) = x β, the root receiving
//    or sending P − 1 messages at once takes L + (P − 1) g(m). SMPI's factors make part of g latency (models/
//    platform_params folds the size-dependent latency factor into g), which overlaps too, so only link_seconds(m),
//    the bytes' share of g, is serialized: L + g(m) + (P − 2) link_seconds(m) (fan_seconds). Smaller messages of a
//    batch arrive earlier (processor sharing);
//  - a blocking send below smpi/send-is-detached-thresh (65536 bytes) returns at once, so a rank's successive
//    sends of a tree go out together and share its port; a larger one returns when its message has arrived;
//  - steps of sendrecvs where every rank sends to one rank and receives from one take L + g(x), x the largest
//    message of the step, and add up;
//  - SMPI's o_s and o_r overheads (0 by default) are left out.
//  - messages under way together share the cluster's backbone, and a rank that sends while it receives shares its
//    links with the other message's TCP acknowledgements (SimGrid's cross-traffic): `crowded`.
// Checked against `tireplay replay` by tests/engine/models_vs_simulation.sh (P = 4 to 16, 8 B to 1 MiB, SMPI's
// factors set to 1, with and without a shared backbone): within 2% but for the gaps pinned in
// tests/engine/model_agreement.txt.
//
// Reductions: SMPI's replay runs a reduction's flops on every rank once the collective is over (replay/rank.cpp),
// not inside the algorithm's steps, so every reducing algorithm costs c = flops / ctx.flops_per_second once, on top
// of its communications (not Thakur's per-step n gamma): reduction_seconds. Only reduce can run them in its
// steps (--reductions steps, models/reduce_models.hpp).
#pragma once

#include "models/model_context.hpp"

#include <vector>

namespace tireplay {
struct CollArgs;
}

namespace tireplay::models {

/// The seconds of the call's reduction flops executed after the call: args.flops / ctx.flops_per_second, 0 when
/// the algorithm executes them in its steps (args.reductions_in_steps).
double reduction_seconds(const ModelContext& ctx, const CollArgs& args);

/// The bytes' share of g(x): x times the slope of g's piece at x, what messages under way together through one
/// port serialize. The rest of g(x) overlaps between them as L does. Equal to g(x) for Hockney's g(x) = x β.
double link_seconds(const PointToPoint& p2p, double bytes);
/// `p2p` as one of n messages under way at once sees it, each through its zone's backbone (ModelContext::
/// backbone_flows F), sent by ranks that receive another message at once when `two_way`: the bytes' share of g
/// stretched by max(two_way ? X : 1, n X / F), X = ModelContext::two_way_load (the acknowledgements of TCP
/// cross-traffic load the backbone too). Unchanged for a lone one-way message.
PointToPoint crowded(const ModelContext& ctx, const PointToPoint& p2p, double messages, bool two_way);
/// A message of x bytes from zone a to zone b (ab = a * zones + b, p2p their parameters) among k that share the
/// link between the zones at once: L + g(x) + w max(0, k / ModelContext::zone_cut_flows[ab] − 1).
double cut_seconds(const ModelContext& ctx, const PointToPoint& p2p, size_t ab, double k, double x);
/// One step in which every rank r < P with 0 <= partner[r] < P sends x bytes to partner[r], all at once: the
/// latest arrival: L + g(x) of crowded(n messages, two-way). With a zone view (ModelContext::zone_of), each message is priced by its
/// zones' parameters, and the k messages from zone a to zone b (plus those from b to a if they use the same
/// links) share the narrowest link between the zones (cut_seconds).
double exchange_step_seconds(const ModelContext& ctx, const std::vector<int>& partner, double x);

/// bcast/binomial.cpp's tree from relative rank 0: the latest arrival, each rank sending x bytes to its children
/// r + mask, mask from its subtree bit down, by blocking sends: below the detached threshold they go out together
/// and share the rank's port, from it one after the other. ⌈log2 P⌉ (L + g(x)) from the threshold when P = 2^k.
/// Relative rank r is rank (r + root) mod P; each message is priced by its pair's route (ModelContext::pair),
/// crowded by the messages under way in its round (lockstep rounds: a rank sends from the round after its message
/// arrived, its detached sends together, each blocking one in a round of its own).
double binomial_bcast_seconds(const ModelContext& ctx, int root, double x);
/// k messages of x bytes at once through one port; the last arrives after L + g(x) + (k − 1) link_seconds(x)
/// (L + k g(x) with Hockney's g). 0 for k = 0.
double fan_seconds(int k, double bytes, const PointToPoint& p2p);

/// How long a blocking send of x bytes keeps its rank, from the message's start: its gap below the detached
/// threshold (the sender goes on), L + g(x) from it (it returns once the message has arrived).
double send_seconds(const PointToPoint& p2p, double x);

/// Arrival times of one rank's blocking sends of `bytes`, in order, the first at `start`, to ranks already waiting
/// for them. Detached sends return at once, so a run of them and the send after it are under way together and share
/// the rank's port (SimGrid's fair sharing): with w = link_seconds sorted w_(1) <= ... <= w_(n), the j-th arrives
///   start + L + g(x_(j)) + Σ_{i<j} w_(i) + (n − j) w_(j)
/// (the largest at start + L + g + the others' w: the serialization of linear patterns). A send of at least the
/// threshold, the largest of its run, returns when it has arrived; the next run starts then.
struct Burst {
  std::vector<double> arrival;  // of each message, in send order
  double returned;              // when the last send returned
};
Burst send_burst(const PointToPoint& p2p, double start, const std::vector<double>& bytes);
/// With each message on its own route (routes[i]): its own L, g and w in the formula.
Burst send_burst(const std::vector<const PointToPoint*>& routes, double start, const std::vector<double>& bytes);

/// The lowest set bit of relative rank r, or for the root the smallest power of two >= P: the binomial trees'
/// subtree size bound.
int subtree_bit(int r, int P);
/// gather/binomial.cpp's tree towards relative rank 0, blocks of x bytes: rank r posts its receives from r + 1,
/// r + 2, r + 4, ... one after the other; each child's message starts when both are ready.
double binomial_gather_seconds(int P, double x, const PointToPoint& p2p);
/// scatter/binomial.cpp's tree from relative rank 0, blocks of x bytes: rank r sends to r + 1, r + 2, r + 4, ...
/// (below its subtree bit) their subtrees' blocks by blocking sends (send_burst); the latest arrival. Relative rank r
/// is rank (r + root) mod P; messages are priced as binomial_bcast_seconds prices them.
double binomial_scatter_seconds(const ModelContext& ctx, int root, double x);

} // namespace tireplay::models
