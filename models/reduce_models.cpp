#include "models/reduce_models.hpp"

#include "models/collective_models.hpp"
#include "replay/collectives/coll.hpp"

namespace tireplay::models {

ReductionCosts reduce_costs(const ModelContext& ctx, const CollArgs& args)
{
  return {ctx.p2p.time(static_cast<double>(args.bytes)),
          args.reductions_in_steps ? args.flops / ctx.flops_per_second : 0.0};
}

namespace {
/// A tree algorithm: its schedule's length, plus the reductions after the call.
template <class Build>
double tree_seconds(const ModelContext& ctx, const CollArgs& args, Build build)
{
  double steps = ctx.size > 1 && args.bytes > 0 ? build(reduce_costs(ctx, args)).length : 0;
  return steps + reduction_seconds(ctx, args);
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
  });
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
