// Hierarchical reduce (the hwloc paper's section 7.2): a flat reduce per step, from the ranks of one host up to
// the leaders of the level-0 groups, whose reduce ends at the root. Costed as the sum of the flat algorithm's cost
// on each step's largest communicator. Without a hierarchy it is the flat algorithm.
#include "models/reduce_models.hpp"
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/hierarchy/levels.hpp"

namespace tireplay::algorithms {

template <CollFunction Flat>
void reduce_hierarchical(Coll& c, const CollArgs& a)
{
  const models::HierarchyModel* h = hierarchy::of(a);
  if (h == nullptr)
    return Flat(c, a);
  for (int s = h->ranks.steps() - 1; s >= 0; s--)
    hierarchy::run_step(c, a, s, Flat, a);
}

template <CostFunction Flat>
double predict_reduce_hierarchical(const models::ModelContext& context, const CollArgs& a)
{
  return hierarchy::sum_of_steps(context, a, Flat);
}

template void reduce_hierarchical<reduce_linear>(Coll&, const CollArgs&);
template void reduce_hierarchical<reduce_chain>(Coll&, const CollArgs&);
template void reduce_hierarchical<reduce_binomial>(Coll&, const CollArgs&);
template void reduce_hierarchical<reduce_fibonacci_tree>(Coll&, const CollArgs&);
template double predict_reduce_hierarchical<models::predict_reduce_linear>(const models::ModelContext&, const CollArgs&);
template double predict_reduce_hierarchical<models::predict_reduce_chain>(const models::ModelContext&, const CollArgs&);
template double predict_reduce_hierarchical<models::predict_reduce_binomial>(const models::ModelContext&,
                                                                              const CollArgs&);
template double predict_reduce_hierarchical<models::predict_reduce_fibonacci_tree>(const models::ModelContext&,
                                                                                    const CollArgs&);

} // namespace tireplay::algorithms
