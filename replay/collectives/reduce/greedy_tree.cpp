// Optimal greedy reduce (reduction paper, Algorithm 1, Theorem 4): the tree built for this call's transfer time d
// and reduction time c (models::greedy_tree, d and c from the communicator's model context).
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/along_tree.hpp"

namespace tireplay::algorithms {

void reduce_greedy_tree(Coll& c, const CollArgs& a)
{
  auto build = [](int n, models::ReductionCosts costs, int) { return models::greedy_tree(n, costs); };
  reduce_along_tree(c, a, shared_tree(build, c.size(), a));
}

} // namespace tireplay::algorithms
