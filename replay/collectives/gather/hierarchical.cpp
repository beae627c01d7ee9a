// Hierarchical gather (the hwloc paper's Algorithm 5 without its processing): a flat gather per step, from the
// ranks of one host up to the leaders of the level-0 groups, each leader passing on the blocks of its whole group.
// A step whose members carry groups of different sizes gathers with the linear gatherv. Costed as the sum of the
// flat algorithm's cost on each step's largest communicator, with the blocks of its largest group.
#include "models/collective_models.hpp"
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/hierarchy/levels.hpp"

#include <algorithm>

namespace tireplay::algorithms {

namespace {

uint64_t largest_block(const models::RankHierarchy& h, int step, uint64_t bytes)
{
  int most = 1;
  if (step < h.levels())
    for (int g = 0; g < h.groups(step); g++)
      most = std::max(most, static_cast<int>(h.members(step, g).size()));
  return bytes * static_cast<uint64_t>(most);
}

} // namespace

template <CollFunction Flat>
void gather_hierarchical(Coll& c, const CollArgs& a)
{
  const models::HierarchyModel* model = hierarchy::of(a);
  if (model == nullptr)
    return Flat(c, a);
  const models::RankHierarchy& h = model->ranks;
  for (int s = h.steps() - 1; s >= 0; s--) {
    if (!h.takes_part(s, c.rank(), a.root))
      continue;
    std::vector<int> members = h.step_members(s, c.rank(), a.root);
    if (members.size() < 2)
      continue;
    std::vector<uint64_t> counts;
    for (int m : members)
      counts.push_back(a.bytes * static_cast<uint64_t>(h.carried(s, m)));
    int root      = hierarchy::step_root(h, s, c.rank(), a.root);
    CollArgs step = a;
    step.root     = models::index_of(members, root);
    step.bytes    = a.bytes * static_cast<uint64_t>(h.carried(s, c.rank()));
    Coll sub      = c.on(hierarchy::sub_communicator(c, a, members));
    if (std::all_of(counts.begin(), counts.end(), [&](uint64_t n) { return n == counts[0]; })) {
      step.bytes2 = counts[0];
      Flat(sub, step);
    } else {
      step.recv_counts = &counts;
      gatherv_linear(sub, step);
    }
  }
}

template <CostFunction Flat>
double predict_gather_hierarchical(const models::ModelContext& context, const CollArgs& a)
{
  return hierarchy::sum_of_steps(context, a, Flat, largest_block);
}

template void gather_hierarchical<gather_linear>(Coll&, const CollArgs&);
template void gather_hierarchical<gather_binomial>(Coll&, const CollArgs&);
template double predict_gather_hierarchical<models::predict_gather_linear>(const models::ModelContext&, const CollArgs&);
template double predict_gather_hierarchical<models::predict_gather_binomial>(const models::ModelContext&,
                                                                              const CollArgs&);

} // namespace tireplay::algorithms
