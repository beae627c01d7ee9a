// Hierarchical broadcast (the hwloc paper's section 7.2): a flat broadcast per step, from the top level down:
// among the leaders of the level-0 groups (clusters), then inside each group among the leaders of its subgroups,
// down to the ranks of one host. Costed as the sum of the flat algorithm's cost on each step's largest
// communicator (its section 6). Without a hierarchy it is the flat algorithm.
#include "models/bcast_models.hpp"
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/hierarchy/levels.hpp"

namespace tireplay::algorithms {

template <CollFunction Flat>
void bcast_hierarchical(Coll& c, const CollArgs& a)
{
  const models::HierarchyModel* h = hierarchy::of(a);
  if (h == nullptr)
    return Flat(c, a);
  for (int s = 0; s < h->ranks.steps(); s++)
    hierarchy::run_step(c, a, s, Flat, a);
}

template <CostFunction Flat>
double predict_bcast_hierarchical(const models::ModelContext& context, const CollArgs& a)
{
  return hierarchy::sum_of_steps(context, a, Flat);
}

template void bcast_hierarchical<bcast_flat>(Coll&, const CollArgs&);
template void bcast_hierarchical<bcast_chain>(Coll&, const CollArgs&);
template void bcast_hierarchical<bcast_segmented_chain>(Coll&, const CollArgs&);
template void bcast_hierarchical<bcast_binary_tree>(Coll&, const CollArgs&);
template void bcast_hierarchical<bcast_binomial>(Coll&, const CollArgs&);
template double predict_bcast_hierarchical<models::predict_bcast_flat>(const models::ModelContext&, const CollArgs&);
template double predict_bcast_hierarchical<models::predict_bcast_chain>(const models::ModelContext&, const CollArgs&);
template double predict_bcast_hierarchical<models::predict_bcast_segmented_chain>(const models::ModelContext&,
                                                                                   const CollArgs&);
template double predict_bcast_hierarchical<models::predict_bcast_binary_tree>(const models::ModelContext&,
                                                                               const CollArgs&);
template double predict_bcast_hierarchical<models::predict_bcast_binomial>(const models::ModelContext&,
                                                                            const CollArgs&);

} // namespace tireplay::algorithms
