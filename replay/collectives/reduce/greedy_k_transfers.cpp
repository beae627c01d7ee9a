// Greedy reduce with at most K concurrent transfers (reduction paper, Algorithm 2, Theorem 7): the tree and the
// transfer times of models::limited_transfers_tree for this call's d and c, K = CollArgs::limit (when 0: the
// smallest K with the unlimited schedule's length, models::smallest_sufficient_transfers). Ranks hold their send
// until the schedule's time after they enter the call, so that ranks entering together never have more than K
// transfers under way.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/along_tree.hpp"

namespace tireplay::algorithms {

void reduce_greedy_k_transfers(Coll& c, const CollArgs& a)
{
  auto build = [](int n, models::ReductionCosts costs, int k) {
    return models::limited_transfers_tree(n, k > 0 ? k : models::smallest_sufficient_transfers(n, costs), costs);
  };
  reduce_along_tree(c, a, shared_tree(build, c.size(), a), true);
}

} // namespace tireplay::algorithms
