// Grid broadcasts: the two-level polyalgorithm of Steffenel's framework (adaptive-collectives paper, sections 3
// and 5). The level-0 groups of the communicator (its clusters) are represented by their leaders (coordinators);
// a heuristic of models/grid_bcast.hpp orders the coordinator-to-coordinator transfers from the pLogP parameters
// between clusters (L_ij, g_ij(m)) and each cluster's internal broadcast time T_i, the cost of the cheapest flat
// broadcast for that cluster. The coordinators execute the schedule as real messages, each sending its transfers
// one after the other in the schedule's order, then broadcast inside their cluster with that flat algorithm.
// Costed as the schedule's makespan. Without clusters (or past 64) it is the binomial tree.
#include "models/grid_bcast.hpp"
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/hierarchy/levels.hpp"

#include <limits>
#include <map>
#include <memory>
#include <tuple>

namespace tireplay::algorithms {

namespace {

struct GridPlan {
  models::GridSchedule schedule;
  std::vector<const CollAlgorithm*> internal;  // per cluster: its flat broadcast
  std::vector<uint64_t> internal_segment;      // its segment size, as the model tuned it
};

GridPlan plan(const models::HierarchyModel& h, const models::GridHeuristic& heuristic, const CollArgs& a)
{
  const int n = h.groups();
  models::GridBcastInstance instance;
  instance.clusters = n;
  instance.root     = h.ranks.group(0, a.root);
  GridPlan p;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      instance.latency.push_back(i == j ? 0 : h.link(i, j).latency);
      instance.gap.push_back(i == j ? 0 : h.link(i, j).gap(static_cast<double>(a.bytes)));
    }
    CollArgs inside = a;
    inside.root     = 0;
    double seconds  = 0;
    p.internal.push_back(hierarchy::best_flat(ActionKind::Bcast, h.clusters[i], inside, &seconds));
    p.internal_segment.push_back(inside.segment_bytes);
    instance.internal.push_back(h.clusters[i].size > 1 ? seconds : 0);
  }
  p.schedule = models::schedule_grid_bcast(heuristic, instance);
  return p;
}

/// The plan of a call, made once per (hierarchy, heuristic, root, size) and shared by every rank and every such
/// call: a plan costs every flat model in every cluster. One cache per thread (SimGrid may run actors in threads).
const GridPlan& shared_plan(const models::ModelContext& context, int heuristic, const CollArgs& a)
{
  using Key = std::tuple<std::shared_ptr<const models::HierarchyModel>, int, int, uint64_t>;
  thread_local std::map<Key, GridPlan> plans;  // the key holds the hierarchy: its address is never reused
  Key key{context.hierarchy, heuristic, a.root, a.bytes};
  auto it = plans.find(key);
  if (it == plans.end())
    it = plans.emplace(key, plan(*context.hierarchy, models::grid_heuristics()[heuristic], a)).first;
  return it->second;
}

} // namespace

template <int Heuristic>
void bcast_grid(Coll& c, const CollArgs& a)
{
  const models::HierarchyModel* h = hierarchy::of(a);
  if (h == nullptr || h->clusters.empty())
    return bcast_binomial(c, a);
  const GridPlan& p = shared_plan(*a.model, Heuristic, a);
  const models::RankHierarchy& ranks = h->ranks;
  int mine        = ranks.group(0, c.rank());
  int coordinator = ranks.leader(0, mine, a.root);
  if (c.rank() == coordinator) {
    for (const auto& t : p.schedule.transfers)
      if (t.to == mine)
        c.recv(ranks.leader(0, t.from, a.root), a.bytes, kTagBcast);
    for (const auto& t : p.schedule.transfers)
      if (t.from == mine)
        c.send(ranks.leader(0, t.to, a.root), a.bytes, kTagBcast);
  }
  const std::vector<int>& members = ranks.members(0, mine);
  if (members.size() < 2 || p.internal[mine] == nullptr)
    return;
  CollArgs inside      = a;
  inside.segment_bytes = p.internal_segment[mine];
  inside.root     = models::index_of(members, coordinator);
  Coll sub        = c.on(hierarchy::sub_communicator(c, a, members));
  p.internal[mine]->run(sub, inside);
}

template <int Heuristic>
double predict_bcast_grid(const models::ModelContext& context, const CollArgs& a)
{
  if (context.hierarchy == nullptr || context.hierarchy->clusters.empty())
    return std::numeric_limits<double>::infinity();
  return shared_plan(context, Heuristic, a).schedule.makespan_seconds;
}

template void bcast_grid<0>(Coll&, const CollArgs&);
template void bcast_grid<1>(Coll&, const CollArgs&);
template void bcast_grid<2>(Coll&, const CollArgs&);
template void bcast_grid<3>(Coll&, const CollArgs&);
template void bcast_grid<4>(Coll&, const CollArgs&);
template void bcast_grid<5>(Coll&, const CollArgs&);
template void bcast_grid<6>(Coll&, const CollArgs&);
template double predict_bcast_grid<0>(const models::ModelContext&, const CollArgs&);
template double predict_bcast_grid<1>(const models::ModelContext&, const CollArgs&);
template double predict_bcast_grid<2>(const models::ModelContext&, const CollArgs&);
template double predict_bcast_grid<3>(const models::ModelContext&, const CollArgs&);
template double predict_bcast_grid<4>(const models::ModelContext&, const CollArgs&);
template double predict_bcast_grid<5>(const models::ModelContext&, const CollArgs&);
template double predict_bcast_grid<6>(const models::ModelContext&, const CollArgs&);

} // namespace tireplay::algorithms
