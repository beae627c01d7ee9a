// Chain reduce, unsegmented (Open MPI's chain topology with fan-out 1, one segment): ranks relative to the root
// form a line; the last one sends its vector to its predecessor, each rank receives the partial result from its
// successor and sends its own on, the root receiving last (models::chain_tree). p - 1 sequential transfers.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/along_tree.hpp"

namespace tireplay::algorithms {

void reduce_chain(Coll& c, const CollArgs& a)
{
  auto build = [](int n, models::ReductionCosts costs, int) { return models::chain_tree(n, costs); };
  reduce_along_tree(c, a, shared_tree(build, c.size(), a));
}

} // namespace tireplay::algorithms
