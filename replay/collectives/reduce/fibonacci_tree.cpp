// Fibonacci-tree reduce (reduction paper, Definition 15): the tree of order k - 1 on the first F_{k+1} ranks,
// whose root receives last from the root of a tree of order k - 2 on the next F_k; cut at the communicator's size
// (models::fibonacci_tree). Optimal within a factor 2 whatever d and c (Theorem 19), optimal when d = c.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/along_tree.hpp"

namespace tireplay::algorithms {

void reduce_fibonacci_tree(Coll& c, const CollArgs& a)
{
  auto build = [](int n, models::ReductionCosts costs, int) { return models::fibonacci_tree(n, costs); };
  reduce_along_tree(c, a, shared_tree(build, c.size(), a));
}

} // namespace tireplay::algorithms
