// Hierarchical all-to-all: every rank's P blocks are gathered level by level up to the leaders of the level-0
// groups (linear gathers), the leaders exchange what their groups send each other (a linear alltoallv: group a
// sends group b |a| x |b| blocks), and the received blocks are scattered back down level by level. Each block
// crosses between two level-0 groups once; the leaders carry everything. Costed as the sum of the steps' costs.
#include "models/alltoall_models.hpp"
#include "models/collective_models.hpp"
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/hierarchy/levels.hpp"

#include <cmath>

namespace tireplay::algorithms {

void alltoall_hierarchical(Coll& c, const CollArgs& a)
{
  const models::HierarchyModel* model = hierarchy::of(a);
  if (model == nullptr)
    return alltoall_linear(c, a);
  const models::RankHierarchy& h = model->ranks;
  const uint64_t row             = a.bytes * static_cast<uint64_t>(c.size());  // what a rank sends in all
  CollArgs up                    = a;
  up.root                        = 0;
  up.bytes                       = row;
  gather_hierarchical<gather_linear>(c, up);

  if (h.takes_part(0, c.rank(), 0)) {
    std::vector<int> leaders = h.step_members(0, c.rank(), 0);
    std::vector<uint64_t> counts;
    for (int leader : leaders)
      counts.push_back(a.bytes * static_cast<uint64_t>(h.carried(0, leader) * h.carried(0, c.rank())));
    CollArgs exchange    = a;
    exchange.send_counts = &counts;
    exchange.recv_counts = &counts;
    Coll sub             = c.on(hierarchy::sub_communicator(c, a, leaders));
    alltoallv_linear(sub, exchange);
  }

  for (int s = 0; s < h.steps(); s++) {
    if (!h.takes_part(s, c.rank(), 0))
      continue;
    std::vector<int> members = h.step_members(s, c.rank(), 0);
    if (members.size() < 2)
      continue;
    std::vector<uint64_t> counts;
    for (int m : members)
      counts.push_back(row * static_cast<uint64_t>(h.carried(s, m)));
    int root  = hierarchy::step_root(h, s, c.rank(), 0);
    int local = models::index_of(members, root);
    Coll sub  = c.on(hierarchy::sub_communicator(c, a, members));
    sub.fan_out(local, 0, &counts, row * static_cast<uint64_t>(h.carried(s, c.rank())), kTagScatterv);
  }
}

double predict_alltoall_hierarchical(const models::ModelContext& context, const CollArgs& a)
{
  if (context.hierarchy == nullptr)
    return std::numeric_limits<double>::infinity();
  const auto& model = *context.hierarchy;
  int largest       = 1;
  for (int g = 0; g < model.ranks.groups(0); g++)
    largest = std::max(largest, static_cast<int>(model.ranks.members(0, g).size()));
  CollArgs rows = a;
  rows.bytes = rows.bytes2 = a.bytes * static_cast<uint64_t>(context.size);
  // Gathers up and scatters down cost alike: twice the hierarchical linear gather of the rows.
  double sum    = 2 * predict_gather_hierarchical<models::predict_gather_linear>(context, rows);
  CollArgs top  = a;
  top.bytes = top.bytes2 = a.bytes * static_cast<uint64_t>(largest) * static_cast<uint64_t>(largest);
  return sum + models::predict_alltoall_linear(model.steps[0], top);
}

} // namespace tireplay::algorithms
