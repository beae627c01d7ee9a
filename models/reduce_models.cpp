#include "models/reduce_models.hpp"

#include "models/collective_models.hpp"
#include "models/coll_args.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace tireplay::models {

ReductionCosts reduce_costs(const ModelContext& ctx, const CollArgs& args)
{
  return {ctx.p2p.time(static_cast<double>(args.bytes)),
          args.reductions_in_steps ? args.flops / ctx.flops_per_second : 0.0};
}

namespace {
/// A tree algorithm: its schedule's length, plus the reductions after the call.
/// The most transfers of `tree` that cross zones at one time (tree rank t is rank rank_of(t)).
template <class RankOf>
int crossing_at_once(const ModelContext& ctx, const ReductionTree& tree, RankOf rank_of)
{
  std::vector<std::pair<double, int>> events;  // (time, +1 start / -1 end), ends first on ties
  for (int t = 1; t < tree.size(); t++)
    if (ctx.crosses(rank_of(t), rank_of(tree.parent[t]))) {
      events.push_back({tree.send_start[t], 1});
      events.push_back({tree.send_end[t], -1});
    }
  std::sort(events.begin(), events.end());
  int now = 0, most = 0;
  for (const auto& [time, step] : events)
    most = std::max(most, now += step);
  return most;
}

/// For each rank's transfer in `tree`, how many transfers (itself included) are under way at its midpoint.
std::vector<double> under_way(const ReductionTree& tree)
{
  std::vector<double> starts, ends;
  for (int t = 1; t < tree.size(); t++) {
    starts.push_back(tree.send_start[t]);
    ends.push_back(tree.send_end[t]);
  }
  std::sort(starts.begin(), starts.end());
  std::sort(ends.begin(), ends.end());
  std::vector<double> count(static_cast<size_t>(tree.size()), 1);
  for (int t = 1; t < tree.size(); t++) {
    double mid = (tree.send_start[t] + tree.send_end[t]) / 2;
    auto begun = std::upper_bound(starts.begin(), starts.end(), mid) - starts.begin();
    auto ended = std::upper_bound(ends.begin(), ends.end(), mid) - ends.begin();
    count[static_cast<size_t>(t)] = static_cast<double>(std::max<std::ptrdiff_t>(1, begun - ended));
  }
  return count;
}

/// `holds`: ranks hold their send until the tree's send_start (greedy_k_transfers).
template <class Build>
double tree_seconds(const ModelContext& ctx, const CollArgs& args, Build build, bool holds = false)
{
  if (ctx.size < 2 || args.bytes == 0)
    return reduction_seconds(ctx, args);
  const ReductionCosts costs = reduce_costs(ctx, args);
  ReductionTree tree         = build(costs);
  if (!ctx.zone_of.empty() || std::isfinite(ctx.backbone_flows)) {
    // Each transfer priced by its pair's route (tree rank t is rank (t + root) mod P), first alone; then again,
    // crowded by the transfers under way at its midpoint in that schedule (they share the backbone), and crossing
    // transfers by the most that crossed together (they share the link between the zones: exchange_step_seconds'
    // rule).
    const double x = static_cast<double>(args.bytes);
    auto rank_of   = [&](int t) { return (t + args.root) % ctx.size; };
    const std::vector<double> release = holds ? tree.send_start : std::vector<double>{};
    int sharing = 1;
    std::vector<double> crowd(static_cast<size_t>(ctx.size), 1);
    auto transfer = [&](int s, int r) {
      const int from = rank_of(s), to = rank_of(r);
      const PointToPoint p2p = crowded(ctx, ctx.pair(from, to), crowd[static_cast<size_t>(s)], false);
      if (!ctx.crosses(from, to) || sharing < 2)
        return p2p.time(x);
      return cut_seconds(ctx, p2p, static_cast<size_t>(ctx.zone_of[from] * ctx.zones + ctx.zone_of[to]), sharing, x);
    };
    ReductionTree alone = reschedule(tree, costs.reduction_time, transfer, release);
    sharing             = ctx.zone_of.empty() ? 1 : crossing_at_once(ctx, alone, rank_of);
    crowd               = under_way(alone);
    tree                = reschedule(tree, costs.reduction_time, transfer, release);
  }
  return tree.length + reduction_seconds(ctx, args);
}
} // namespace

double predict_reduce_linear(const ModelContext& ctx, const CollArgs& args)
{
  if (ctx.size < 2)
    return reduction_seconds(ctx, args);
  return fan_seconds(ctx.size - 1, static_cast<double>(args.bytes), ctx.p2p) +
         (ctx.size - 1) * reduce_costs(ctx, args).reduction_time + reduction_seconds(ctx, args);
}

double predict_reduce_binomial(const ModelContext& ctx, const CollArgs& args)
{
  return tree_seconds(ctx, args, [&](ReductionCosts costs) { return binomial_tree(ctx.size, costs); });
}

double predict_reduce_chain(const ModelContext& ctx, const CollArgs& args)
{
  return tree_seconds(ctx, args, [&](ReductionCosts costs) { return chain_tree(ctx.size, costs); });
}

double predict_reduce_fibonacci_tree(const ModelContext& ctx, const CollArgs& args)
{
  return tree_seconds(ctx, args, [&](ReductionCosts costs) { return fibonacci_tree(ctx.size, costs); });
}

double predict_reduce_greedy_tree(const ModelContext& ctx, const CollArgs& args)
{
  return tree_seconds(ctx, args, [&](ReductionCosts costs) { return greedy_tree(ctx.size, costs); });
}

double predict_reduce_greedy_k_transfers(const ModelContext& ctx, const CollArgs& args)
{
  return tree_seconds(ctx, args, [&](ReductionCosts costs) {
    int k = args.limit > 0 ? args.limit : smallest_sufficient_transfers(ctx.size, costs);
    return limited_transfers_tree(ctx.size, k, costs);
  }, true);
}

double predict_reduce_greedy_k_reducers(const ModelContext& ctx, const CollArgs& args)
{
  return tree_seconds(ctx, args, [&](ReductionCosts costs) {
    int k = args.limit > 0 ? args.limit : smallest_sufficient_reducers(ctx.size, costs);
    return limited_reducers_tree(ctx.size, k, costs);
  });
}

void tune_reduce_greedy_k_transfers(const ModelContext& ctx, CollArgs& args)
{
  args.limit = smallest_sufficient_transfers(ctx.size, reduce_costs(ctx, args));
}

void tune_reduce_greedy_k_reducers(const ModelContext& ctx, CollArgs& args)
{
  args.limit = smallest_sufficient_reducers(ctx.size, reduce_costs(ctx, args));
}

} // namespace tireplay::models
