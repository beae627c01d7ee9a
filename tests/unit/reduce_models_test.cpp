// Unit tests of models/reduce_models: the reduce algorithms' predicted seconds, as the schedule lengths of their
// trees (Canon and Antoniu, INRIA RR-7898, 2012), with d = one message of the vector, c = one reduction.
// The trees' lengths alone are tested in reduction_trees_test.cpp.
#include "models/reduce_models.hpp"

#include "replay/collectives/registry.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

using namespace tireplay;
using namespace tireplay::models;

namespace {

ModelContext hockney_context(int size)
{
  ModelContext ctx;
  ctx.size             = size;
  ctx.p2p              = PointToPoint::hockney(1e-5, 1e-9);  // 10 us, 1 GB/s
  ctx.flops_per_second = 1e9;
  return ctx;
}

CollArgs megabyte(int root = 0)
{
  CollArgs args;
  args.bytes = 1000000;
  args.root  = root;
  return args;
}

const std::vector<CostFunction> kModels{predict_reduce_linear, predict_reduce_binomial, predict_reduce_chain,
                                        predict_reduce_fibonacci_tree, predict_reduce_greedy_tree,
                                        predict_reduce_greedy_k_transfers, predict_reduce_greedy_k_reducers};

CollArgs with_flops(double flops, bool in_steps)
{
  CollArgs args           = megabyte();
  args.flops              = flops;
  args.reductions_in_steps = in_steps;
  return args;
}

} // namespace

TEST_CASE("reduce_costs: d is one message of the vector", "[reduce_models]")
{
  ReductionCosts costs = reduce_costs(hockney_context(8), megabyte());
  CHECK(costs.transfer_time == Approx(1e-5 + 1e6 * 1e-9));
  CHECK(costs.reduction_time == 0);
}

TEST_CASE("reduce models on 8 ranks, no reduction cost", "[reduce_models]")
{
  const ModelContext ctx = hockney_context(8);
  const double d         = 1e-5 + 1e-3;
  // linear.cpp receives the 7 vectors at once: one latency, 7 vectors' bytes on the root's link (fan_seconds).
  CHECK(predict_reduce_linear(ctx, megabyte()) == Approx(1e-5 + 7 * 1e-3));
  CHECK(predict_reduce_chain(ctx, megabyte()) == Approx(7 * d));      // 7 (d + c)
  CHECK(predict_reduce_binomial(ctx, megabyte()) == Approx(3 * d));   // Proposition 13, order 3
  CHECK(predict_reduce_fibonacci_tree(ctx, megabyte()) == Approx(4 * d));  // Proposition 16, order 4: 8 = F_6
  CHECK(predict_reduce_greedy_tree(ctx, megabyte()) == Approx(3 * d));     // Lemma 5 = Proposition 6 when c = 0
}

TEST_CASE("reduce models: one rank costs nothing, the root does not matter", "[reduce_models]")
{
  for (CostFunction predict : kModels) {
    CHECK(predict(hockney_context(1), megabyte()) == 0);
    for (int size : {2, 5, 13, 64})
      CHECK(predict(hockney_context(size), megabyte(size - 1)) == predict(hockney_context(size), megabyte()));
  }
}

TEST_CASE("reduce models: the greedy tree is never slower than the other one-port trees", "[reduce_models]")
{
  // linear is left out: it receives every vector at once, outside the paper's one-port model.
  for (int size = 1; size <= 70; size++)
    for (CostFunction predict : kModels) {
      if (predict == predict_reduce_linear)
        continue;
      INFO("size = " << size);
      CHECK(predict_reduce_greedy_tree(hockney_context(size), megabyte()) <=
            predict(hockney_context(size), megabyte()) + 1e-15);
    }
}

TEST_CASE("reduce models: a zero-byte binomial reduce sends nothing", "[reduce_models]")
{
  CollArgs empty;
  CHECK(predict_reduce_binomial(hockney_context(8), empty) == 0);
  CHECK(predict_reduce_linear(hockney_context(8), empty) == Approx(1e-5));  // one latency: the 7 overlap
}

TEST_CASE("reduce models: flops after the call add c once to every algorithm", "[reduce_models]")
{
  const ModelContext ctx = hockney_context(8);
  for (CostFunction predict : kModels)
    CHECK(predict(ctx, with_flops(2e6, false)) == Approx(predict(ctx, megabyte()) + 2e-3));
  CHECK(reduce_costs(ctx, with_flops(2e6, false)).reduction_time == 0);
}

TEST_CASE("reduce models: flops in steps are c of the paper's schedules", "[reduce_models]")
{
  const ModelContext ctx = hockney_context(8);
  const double d         = 1e-5 + 1e-3;
  const double c         = 2e-3;  // 2e6 flops at 1 Gflop/s
  CollArgs args          = with_flops(2e6, true);
  CHECK(reduce_costs(ctx, args).reduction_time == Approx(c));
  CHECK(predict_reduce_chain(ctx, args) == Approx(7 * (d + c)));     // (P - 1) (d + c)
  CHECK(predict_reduce_binomial(ctx, args) == Approx(3 * (d + c)));  // Proposition 13
  // The vectors arrive together (fan_seconds), then the root reduces them one by one.
  CHECK(predict_reduce_linear(ctx, args) == Approx(1e-5 + 7 * 1e-3 + 7 * c));
  // Algorithm 1 never exceeds the binomial tree, and Algorithms 2 and 3 with the tuned K equal Algorithm 1.
  CHECK(predict_reduce_greedy_tree(ctx, args) <= predict_reduce_binomial(ctx, args));
  CHECK(predict_reduce_greedy_k_transfers(ctx, args) == Approx(predict_reduce_greedy_tree(ctx, args)));
  CHECK(predict_reduce_greedy_k_reducers(ctx, args) == Approx(predict_reduce_greedy_tree(ctx, args)));
}

TEST_CASE("reduce models: the tuned K is the fewest that keeps Algorithm 1's length", "[reduce_models]")
{
  for (int size : {2, 8, 21, 100}) {
    const ModelContext ctx = hockney_context(size);
    CollArgs args          = with_flops(1e6, true);
    tune_reduce_greedy_k_transfers(ctx, args);
    const int k = args.limit;
    INFO("size = " << size << ", K = " << k);
    CHECK(k >= 1);
    const double best = predict_reduce_greedy_tree(ctx, args);
    CHECK(predict_reduce_greedy_k_transfers(ctx, args) == Approx(best));
    if (k > 1) {
      args.limit = k - 1;
      CHECK(predict_reduce_greedy_k_transfers(ctx, args) > best * (1 + 1e-9));
    }
    tune_reduce_greedy_k_reducers(ctx, args);
    CHECK(predict_reduce_greedy_k_reducers(ctx, args) == Approx(best));
    if (args.limit > 1) {
      args.limit--;
      CHECK(predict_reduce_greedy_k_reducers(ctx, args) > best * (1 + 1e-9));
    }
  }
}
