// What the hierarchical and grid algorithms share: the hierarchy of the call's communicator (models/hierarchy.hpp),
// running a flat algorithm on a rank's communicator of one step, and the cheapest flat algorithm for a context.
#pragma once

#include "models/hierarchy.hpp"
#include "replay/collectives/registry.hpp"

namespace tireplay::hierarchy {

/// The hierarchy of the call's communicator; nullptr when it has none, or the call carries no model context or
/// communicator table (the algorithm then runs flat).
const models::HierarchyModel* of(const CollArgs& a);

/// The root of `rank`'s step-s communicator, as a rank of the call's communicator: the leader of its level-(s-1)
/// group (the call's root for step 0).
int step_root(const models::RankHierarchy& h, int step, int rank, int root);

/// The sub-communicator of `members` (ranks of c's communicator).
const Communicator& sub_communicator(Coll& c, const CollArgs& a, const std::vector<int>& members);

/// Runs `flat` on this rank's step-s communicator if it takes part: rooted at the step's root, with `step_args`
/// (bytes and counts as the step sees them; the root is set here).
void run_step(Coll& c, const CollArgs& a, int step, CollFunction flat, CollArgs step_args);

/// The cheapest algorithm of `op` for `context` that has a model and is not composite; `args` is tuned for it.
/// nullptr if none has a model.
const CollAlgorithm* best_flat(ActionKind op, const models::ModelContext& context, CollArgs& args,
                               double* seconds = nullptr);

/// The sum over the steps of `flat`'s cost on each step's largest communicator (the hwloc paper's section 6),
/// with `bytes_of_step(s)` bytes; infinite without a hierarchy.
double sum_of_steps(const models::ModelContext& context, const CollArgs& args, CostFunction flat,
                    uint64_t (*bytes_of_step)(const models::RankHierarchy&, int step, uint64_t bytes) = nullptr);

} // namespace tireplay::hierarchy
