// Unit tests of models/calibration_flops: section 5 of the time-independent trace replay paper, the flop rate as a
// weighted average of the bursts' rates per process, averaged over the processes, then over the runs.
#include "models/calibration_flops.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace tireplay::models;

TEST_CASE("flop rate of a process: the weighted average of its bursts' rates", "[calibration]")
{
  // Two bursts: 1e6 flops in 1 ms (1 Gf/s) and 4e6 flops in 1 ms (4 Gf/s), and two that say nothing.
  std::vector<ComputeBurst> bursts{{0, 1e6, 1e-3}, {0, 4e6, 1e-3}, {0, 0, 5e-3}, {0, 1e6, 0}};
  // duration weights: (1e-3 * 1e9 + 1e-3 * 4e9) / 2e-3 = 2.5e9 = 5e6 flops / 2 ms
  CHECK(process_flop_rate(bursts, BurstWeight::Duration) == Approx(2.5e9));
  // flops weights: (1e6 * 1e9 + 4e6 * 4e9) / 5e6 = 3.4e9
  CHECK(process_flop_rate(bursts, BurstWeight::Flops) == Approx(3.4e9));
  CHECK(process_flop_rate({{0, 0, 1}}, BurstWeight::Duration) == 0);
}

TEST_CASE("flop rate: the mean over the processes, then over five runs, recovers the known rate", "[calibration]")
{
  // Four processes at 1, 2, 1.5 and 3 Gf/s (mean 1.875), five runs 2% faster or slower (mean factor 1).
  const std::vector<double> rates{1e9, 2e9, 1.5e9, 3e9};
  const std::vector<double> run_factors{0.98, 1.02, 1.0, 0.99, 1.01};
  std::vector<std::vector<ComputeBurst>> runs;
  for (double factor : run_factors) {
    std::vector<ComputeBurst> run;
    for (int rank = 3; rank >= 0; rank--)  // any order
      for (double flops : {1e5, 3.3e6, 7e7})
        run.push_back({rank, flops, flops / (rates[static_cast<size_t>(rank)] * factor)});
    runs.push_back(run);
  }
  for (auto weight : {BurstWeight::Duration, BurstWeight::Flops}) {
    FlopRateFit fit = fit_flop_rate(runs, weight);
    CHECK(fit.flops_per_second == Approx(1.875e9).epsilon(1e-12));
    CHECK(fit.run_rates[0] == Approx(1.875e9 * 0.98));
    CHECK(fit.rank_rates[1][3] == Approx(3e9 * 1.02));
    CHECK(fit.bursts_used == 60);
  }
  runs[2] = {{0, 0, 1e-3}};
  CHECK_THROWS_WITH(fit_flop_rate(runs, BurstWeight::Duration), "run 3 has no burst with both flops and a duration");
}
