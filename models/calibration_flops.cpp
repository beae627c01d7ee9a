#include "models/calibration_flops.hpp"

#include <map>
#include <stdexcept>
#include <string>

namespace tireplay::models {
namespace {

bool usable(const ComputeBurst& b) { return b.flops > 0 && b.seconds > 0; }

} // namespace

double process_flop_rate(const std::vector<ComputeBurst>& bursts, BurstWeight weight)
{
  // Σ w_i (f_i / t_i) / Σ w_i, with w_i = t_i or f_i.
  double weighted = 0, weights = 0;
  for (const auto& b : bursts) {
    if (!usable(b))
      continue;
    double w = weight == BurstWeight::Duration ? b.seconds : b.flops;
    weighted += w * (b.flops / b.seconds);
    weights += w;
  }
  return weights > 0 ? weighted / weights : 0;
}

FlopRateFit fit_flop_rate(const std::vector<std::vector<ComputeBurst>>& runs, BurstWeight weight)
{
  FlopRateFit fit;
  if (runs.empty())
    throw std::invalid_argument("no run to calibrate the flop rate on");
  double sum_of_runs = 0;
  for (size_t run = 0; run < runs.size(); run++) {
    std::map<int, std::vector<ComputeBurst>> by_rank;
    for (const auto& b : runs[run]) {
      by_rank[b.rank].push_back(b);
      (usable(b) ? fit.bursts_used : fit.bursts_skipped)++;
    }
    std::vector<double> rates(by_rank.empty() ? 0 : static_cast<size_t>(by_rank.rbegin()->first) + 1, 0.0);
    double sum_of_ranks = 0;
    int computing       = 0;
    for (const auto& [rank, bursts] : by_rank) {
      double rate = process_flop_rate(bursts, weight);
      rates[static_cast<size_t>(rank)] = rate;
      if (rate > 0) {
        sum_of_ranks += rate;
        computing++;
      }
    }
    if (computing == 0)
      throw std::invalid_argument("run " + std::to_string(run + 1) +
                                  " has no burst with both flops and a duration");
    fit.rank_rates.push_back(rates);
    fit.run_rates.push_back(sum_of_ranks / computing);
    sum_of_runs += fit.run_rates.back();
  }
  fit.flops_per_second = sum_of_runs / static_cast<double>(runs.size());
  return fit;
}

} // namespace tireplay::models
