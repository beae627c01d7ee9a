// Cost models of the reduce algorithms (CostFunction, replay/collectives/registry.hpp), in the execution model of
// Canon and Antoniu (INRIA RR-7898, 2012; see models/reduction_trees.hpp): the schedule length of the
// algorithm's tree, with d the time of one point-to-point message of the whole vector and c the time of one
// reduction of two vectors. Each rank's transfers are serialized (one port) and a rank receives the next vector
// while it reduces the previous one.
#pragma once

#include "models/model_context.hpp"
#include "models/reduction_trees.hpp"

namespace tireplay {
struct CollArgs;
}

namespace tireplay::models {

/// d = ctx.p2p.time(bytes); c = the call's reduction flops / ctx.flops_per_second.
ReductionCosts reduce_costs(const ModelContext& ctx, const CollArgs& args);

/// Every rank sends to the root: d + (P - 2) max(d, c) + c (paper 3.1).
double predict_reduce_linear(const ModelContext& ctx, const CollArgs& args);
/// MPICH's binomial tree with its blocking receives in a fixed order; k (d + c) when P = 2^k (Proposition 13).
/// 0 for a zero-byte reduce, which sends nothing (replay/collectives/reduce/binomial.cpp).
double predict_reduce_binomial(const ModelContext& ctx, const CollArgs& args);
/// Rank r sends to r - 1: (P - 1) (d + c).
double predict_reduce_chain(const ModelContext& ctx, const CollArgs& args);
/// Definition 15's Fibonacci tree cut at P ranks; d + (k - 1) max(d, c) + c when P = F_{k+2} (Proposition 16).
double predict_reduce_fibonacci(const ModelContext& ctx, const CollArgs& args);
/// Algorithm 1's optimal tree for these d and c (Theorem 4).
double predict_reduce_greedy(const ModelContext& ctx, const CollArgs& args);

} // namespace tireplay::models
