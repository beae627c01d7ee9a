// The hosts' flop rate from a small instrumented run, as section 5 of the time-independent trace replay paper
// (Desprez, Markomanolis, Suter) instantiates it:
//   "A small instrumented instance of the target application is run of the platform to describe. This allows us
//    to determine the number of flops of each event as long as the time spent to computed them. Then we can
//    determine a flop rate of each single action, compute a weighted average on each process, and get an average
//    flop rate for all the process set. Finally we repeat this this procedure five times and compute an average
//    over these five runs to smoothe the runtime variations."
// The bursts (the computations between two MPI calls, with their flop counter difference and duration) come from
// the run's OTF2 archive: `otf2ti --bursts FILE` writes them (docs/calibration.md).
#pragma once

#include <cstddef>
#include <vector>

namespace tireplay::models {

struct ComputeBurst {
  int rank       = 0;
  double flops   = 0;  // f_i, the flop counter's difference over the burst
  double seconds = 0;  // t_i, its duration
};

/// The weights of the per-process average; the paper does not say which. Duration (the default): the rate of
/// process p is Σ t_i (f_i / t_i) / Σ t_i = Σ f_i / Σ t_i, so that replaying its bursts at that rate takes their
/// measured time. Flops: Σ f_i (f_i / t_i) / Σ f_i, each flop weighing alike.
enum class BurstWeight { Duration, Flops };

struct FlopRateFit {
  double flops_per_second = 0;                  // the mean over the runs of the mean over the processes
  std::vector<double> run_rates;                // each run's mean over its processes
  std::vector<std::vector<double>> rank_rates;  // each run's processes' weighted averages, by rank (0: no burst)
  size_t bursts_used    = 0;
  size_t bursts_skipped = 0;  // no flops or no duration: they say nothing of the rate (nor does the replay run them)
};

/// A process's weighted average of its bursts' rates f_i / t_i (bursts with f_i > 0 and t_i > 0).
/// 0 when it has none.
double process_flop_rate(const std::vector<ComputeBurst>& bursts, BurstWeight weight);

/// The paper's procedure over `runs` (each one run's bursts, any rank order): per process the weighted average,
/// per run the mean over its processes that computed, then the mean over the runs.
/// Throws std::invalid_argument when a run has no usable burst.
FlopRateFit fit_flop_rate(const std::vector<std::vector<ComputeBurst>>& runs, BurstWeight weight);

} // namespace tireplay::models
