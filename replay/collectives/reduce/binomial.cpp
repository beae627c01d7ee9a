// Binomial-tree reduce (MPICH's, reduce-binomial.cpp in SMPI, commutative case as a replay's operation is):
// relative rank r receives the whole vector from r + 1, r + 2, r + 4, ... below its lowest set bit, in that order,
// then sends its partial result to r - lowbit(r) (models::binomial_tree). With --reductions steps, each received
// vector is reduced while the next one arrives.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/along_tree.hpp"

namespace tireplay::algorithms {

void reduce_binomial(Coll& c, const CollArgs& a)
{
  auto build = [](int n, models::ReductionCosts costs, int) { return models::binomial_tree(n, costs); };
  reduce_along_tree(c, a, shared_tree(build, c.size(), a));
}

} // namespace tireplay::algorithms
