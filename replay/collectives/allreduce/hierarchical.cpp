// Hierarchical allreduce: binomial reduces up the levels to the leaders of the level-0 groups, the flat allreduce
// among those leaders, then binomial broadcasts back down. Costed as the sum of the steps' costs (reduce and
// broadcast on the lower steps, the flat allreduce on step 0). Without a hierarchy it is the flat algorithm.
#include "models/bcast_models.hpp"
#include "models/collective_models.hpp"
#include "models/reduce_models.hpp"
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/hierarchy/levels.hpp"

namespace tireplay::algorithms {

template <CollFunction Flat>
void allreduce_hierarchical(Coll& c, const CollArgs& a)
{
  const models::HierarchyModel* h = hierarchy::of(a);
  if (h == nullptr)
    return Flat(c, a);
  CollArgs rooted = a;
  rooted.root     = 0;
  for (int s = h->ranks.steps() - 1; s >= 1; s--)
    hierarchy::run_step(c, rooted, s, reduce_binomial, rooted);
  hierarchy::run_step(c, rooted, 0, Flat, rooted);
  for (int s = 1; s < h->ranks.steps(); s++)
    hierarchy::run_step(c, rooted, s, bcast_binomial, rooted);
}

template <CostFunction Flat>
double predict_allreduce_hierarchical(const models::ModelContext& context, const CollArgs& a)
{
  if (context.hierarchy == nullptr)
    return std::numeric_limits<double>::infinity();
  const auto& steps = context.hierarchy->steps;
  double sum        = Flat(steps[0], a);
  for (size_t s = 1; s < steps.size(); s++)
    sum += models::predict_reduce_binomial(steps[s], a) + models::predict_bcast_binomial(steps[s], a);
  return sum;
}

template void allreduce_hierarchical<allreduce_recursive_doubling>(Coll&, const CollArgs&);
template void allreduce_hierarchical<allreduce_ring>(Coll&, const CollArgs&);
template void allreduce_hierarchical<allreduce_rabenseifner>(Coll&, const CollArgs&);
template double predict_allreduce_hierarchical<models::predict_allreduce_recursive_doubling>(
    const models::ModelContext&, const CollArgs&);
template double predict_allreduce_hierarchical<models::predict_allreduce_ring>(const models::ModelContext&,
                                                                                const CollArgs&);
template double predict_allreduce_hierarchical<models::predict_allreduce_rabenseifner>(const models::ModelContext&,
                                                                                        const CollArgs&);

} // namespace tireplay::algorithms
