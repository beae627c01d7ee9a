// Greedy reduce with at most K reducing ranks (reduction paper, Algorithm 3, Theorem 9): only relative ranks
// 0..K-1 receive (models::limited_reducers_tree for this call's d and c), K = CollArgs::limit (when 0: the smallest
// K with the unlimited schedule's length, models::smallest_sufficient_reducers).
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/along_tree.hpp"

namespace tireplay::algorithms {

void reduce_greedy_k_reducers(Coll& c, const CollArgs& a)
{
  auto build = [](int n, models::ReductionCosts costs, int k) {
    return models::limited_reducers_tree(n, k > 0 ? k : models::smallest_sufficient_reducers(n, costs), costs);
  };
  reduce_along_tree(c, a, shared_tree(build, c.size(), a));
}

} // namespace tireplay::algorithms
