// Reduce along a reduction tree (models/reduction_trees.hpp) in the execution model of Canon and Antoniu
// (INRIA RR-7898, 2012): a rank receives its children's partial results one at a time, in the tree's order,
// posting the next receive before it reduces the vector just received (the transfer of the next element overlaps
// the reduction of the previous one), then sends its own result to its parent. Shared by the tree algorithms of
// this folder (binomial, chain, fibonacci_tree, greedy_tree, greedy_k_transfers, greedy_k_reducers).
#pragma once

#include "models/reduction_trees.hpp"
#include "replay/collectives/coll.hpp"

namespace tireplay::algorithms {

/// The tree's rank t is the communicator's rank (t + root) mod size. Each reduction of a received vector executes
/// args.flops when args.reductions_in_steps (else the engine executes them after the call, as SimGrid's replay).
/// `release`: ranks send no earlier than tree.send_start after they enter the call (Algorithm 2's schedule,
/// which delays transfers to keep at most K at once); otherwise as soon as their result is ready.
/// A zero-byte reduce sends nothing (as SMPI's binomial reduce).
void reduce_along_tree(Coll& c, const CollArgs& args, const models::ReductionTree& tree, bool release = false);

/// d and c of this call as the models see them (models::reduce_costs); d = c = 1 without a model context.
models::ReductionCosts tree_costs(const CollArgs& args);

/// The tree `build(size, costs, limit)` for this call, built once for all the ranks of a call: the last few
/// trees are kept, keyed by builder, size, costs and limit.
using TreeBuilder = models::ReductionTree (*)(int size, models::ReductionCosts costs, int limit);
const models::ReductionTree& shared_tree(TreeBuilder build, int size, const CollArgs& args);

} // namespace tireplay::algorithms
