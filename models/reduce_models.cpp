#include "models/reduce_models.hpp"

#include "models/collective_models.hpp"

#include "replay/collectives/coll.hpp"


namespace tireplay::models {


ReductionCosts reduce_costs(const ModelContext& ctx, const CollArgs& args)
{
  // c = 0: the replayed reduce algorithms move data only; as SMPI's replay does, the engine executes a reduce's
  // flops once on every rank after the collective, the same whatever the algorithm, so the comparison between
  // algorithms leaves them out. Algorithms that reduce at each step of the tree (the paper's execution model)
  // will pass c = flops of one reduction / host speed.
  return {ctx.p2p.time(static_cast<double>(args.bytes)), 0.0};
}

double predict_reduce_linear(const ModelContext& ctx, const CollArgs& args)
{
  // linear.cpp posts the P - 1 receives at once: the messages' latencies overlap and only their bytes queue on
  // the root's link (fan_seconds); the paper's flat tree receives them one at a time.
  return ctx.size > 1 ? fan_seconds(ctx.size - 1, static_cast<double>(args.bytes), ctx.p2p) : 0;
}

double predict_reduce_binomial(const ModelContext& ctx, const CollArgs& args)
{
  if (args.bytes == 0)
    return 0;
  return binomial_tree(ctx.size, reduce_costs(ctx, args)).length;
}

double predict_reduce_chain(const ModelContext& ctx, const CollArgs& args)
{
  return chain_tree(ctx.size, reduce_costs(ctx, args)).length;
}

double predict_reduce_fibonacci(const ModelContext& ctx, const CollArgs& args)
{
  return fibonacci_tree(ctx.size, reduce_costs(ctx, args)).length;
}

double predict_reduce_greedy(const ModelContext& ctx, const CollArgs& args)
{
  return greedy_length(ctx.size, reduce_costs(ctx, args));
}

} // namespace tireplay::models
