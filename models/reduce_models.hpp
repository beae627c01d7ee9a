// Cost models of the reduce algorithms (CostFunction, replay/collectives/registry.hpp), in the execution model of
// Canon and Antoniu (INRIA RR-7898, 2012; see models/reduction_trees.hpp): the schedule length of the
// algorithm's tree, with d the time of one point-to-point message of the whole vector and c the time of one
// reduction of two vectors. Each rank's transfers are serialized (one port) and a rank receives the next vector
// while it reduces the previous one (replay/collectives/reduce/along_tree.cpp runs the trees that way).
//
// Where the reductions happen (CollArgs::reductions_in_steps): by default, as SimGrid's replay, every rank executes
// the call's flops once after the collective: the trees are scheduled with c = 0 and every algorithm adds
// flops / speed (reduction_seconds). With --reductions steps, c = flops / speed is paid at each reduction.
#pragma once

#include "models/model_context.hpp"
#include "models/reduction_trees.hpp"

namespace tireplay {
struct CollArgs;
}

namespace tireplay::models {

/// d = ctx.p2p.time(bytes); c = args.flops / ctx.flops_per_second with reductions in steps, else 0.
ReductionCosts reduce_costs(const ModelContext& ctx, const CollArgs& args);

/// Every rank sends to the root, which posts the P - 1 receives at once: the latencies overlap and the bytes share
/// its link (fan_seconds, not the paper's one-at-a-time flat tree, d + (P - 2) max(d, c) + c); with reductions in
/// steps the vectors arrive together and the root reduces them one after the other: fan_seconds + (P - 1) c.
double predict_reduce_linear(const ModelContext& ctx, const CollArgs& args);
/// MPICH's binomial tree, children in a fixed order; k (d + c) when P = 2^k (Proposition 13).
/// The tree algorithms send nothing for a zero-byte reduce (replay/collectives/reduce/along_tree.cpp).
double predict_reduce_binomial(const ModelContext& ctx, const CollArgs& args);
/// Rank r sends to r - 1: (P - 1) (d + c).
double predict_reduce_chain(const ModelContext& ctx, const CollArgs& args);
/// Definition 15's Fibonacci tree cut at P ranks; d + (k - 1) max(d, c) + c when P = F_{k+2} (Proposition 16).
double predict_reduce_fibonacci_tree(const ModelContext& ctx, const CollArgs& args);
/// Algorithm 1's optimal tree for these d and c (Theorem 4).
double predict_reduce_greedy_tree(const ModelContext& ctx, const CollArgs& args);
/// Algorithm 2 with K = args.limit concurrent transfers (Theorem 7); K = 0: smallest_sufficient_transfers.
double predict_reduce_greedy_k_transfers(const ModelContext& ctx, const CollArgs& args);
/// Algorithm 3 with K = args.limit reducers (Theorem 9); K = 0: smallest_sufficient_reducers.
double predict_reduce_greedy_k_reducers(const ModelContext& ctx, const CollArgs& args);

/// The K the model gives the K-limited trees: the fewest transfers (reducers) at once that keep Algorithm 1's
/// length, leaving the links (the hosts) free for the rest at no predicted cost.
void tune_reduce_greedy_k_transfers(const ModelContext& ctx, CollArgs& args);
void tune_reduce_greedy_k_reducers(const ModelContext& ctx, CollArgs& args);

} // namespace tireplay::models
