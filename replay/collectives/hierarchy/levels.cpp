#include "replay/collectives/hierarchy/levels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tireplay::hierarchy {

const models::HierarchyModel* of(const CollArgs& a)
{
  return a.model != nullptr && a.comms != nullptr ? a.model->hierarchy.get() : nullptr;
}

int step_root(const models::RankHierarchy& h, int step, int rank, int root)
{
  return step == 0 ? root : h.leader(step - 1, h.group(step - 1, rank), root);
}

const Communicator& sub_communicator(Coll& c, const CollArgs& a, const std::vector<int>& members)
{
  std::vector<int> world;
  for (int m : members)
    world.push_back(c.comm().world_rank(m));
  return a.comms->sub(c.comm().id(), world);
}

void run_step(Coll& c, const CollArgs& a, int step, CollFunction flat, CollArgs step_args)
{
  const models::RankHierarchy& h = of(a)->ranks;
  if (!h.takes_part(step, c.rank(), a.root))
    return;
  std::vector<int> members = h.step_members(step, c.rank(), a.root);
  if (members.size() < 2)
    return;
  int root       = step_root(h, step, c.rank(), a.root);
  step_args.root = models::index_of(members, root);
  Coll sub       = c.on(sub_communicator(c, a, members));
  flat(sub, step_args);
}

const CollAlgorithm* best_flat(ActionKind op, const models::ModelContext& context, CollArgs& args, double* seconds)
{
  const CollAlgorithm* best = nullptr;
  double best_seconds       = std::numeric_limits<double>::infinity();
  CollArgs best_args        = args;
  for (const auto& alg : collective_operation(op).algorithms) {
    if (alg.predict == nullptr || alg.composite)
      continue;
    CollArgs tuned = args;
    if (alg.tune != nullptr)
      alg.tune(context, tuned);
    double t = alg.predict(context, tuned);
    if (std::isfinite(t) && t < best_seconds) {
      best         = &alg;
      best_seconds = t;
      best_args    = tuned;
    }
  }
  args = best_args;
  if (seconds != nullptr)
    *seconds = best_seconds;
  return best;
}

double sum_of_steps(const models::ModelContext& context, const CollArgs& args, CostFunction flat,
                    uint64_t (*bytes_of_step)(const models::RankHierarchy&, int step, uint64_t bytes))
{
  if (context.hierarchy == nullptr)
    return std::numeric_limits<double>::infinity();
  const auto& model = *context.hierarchy;
  double sum        = 0;
  for (int s = 0; s < model.ranks.steps(); s++) {
    CollArgs step = args;
    step.root     = 0;
    if (bytes_of_step != nullptr)
      step.bytes = step.bytes2 = bytes_of_step(model.ranks, s, args.bytes);
    sum += flat(model.steps[s], step);
  }
  return sum;
}

} // namespace tireplay::hierarchy
