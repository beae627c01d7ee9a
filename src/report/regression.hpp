// Regression checks: a replay's predicted time and per-rank breakdown against a recorded baseline (the JSON
// summary of `tireplay replay --json`, docs/json-summary.md).
#pragma once

#include "replay/engine.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace tireplay {

struct Baseline {
  double simulated_time = 0;
  std::vector<RankStats> ranks;
  std::string trace, platform;  // what it was made from, as given (empty in baselines that do not say)
  std::string fidelity;         // the level that made it ("full" in baselines older than the fast level)
  std::string trace_absolute, platform_absolute;  // the same, absolute (empty in baselines that do not say)
  std::string options;  // the options that change a result, as JSON ("" in baselines that do not say)
  std::vector<std::pair<std::string, double>> jobs;  // --jobs-file: each job's id and simulated time
};

/// Reads a baseline. Throws InputError naming the file and the missing or wrong field.
Baseline read_baseline(const std::string& path);

/// One value out of tolerance.
struct Difference {
  int rank;          // -1: the predicted time, or a job's
  std::string what;  // "predicted time", "job ID", "compute", "comm", "wait", "finish"
  double before, after;
};

/// Parses "2%" or "0.02". Throws std::invalid_argument.
double parse_tolerance(const std::string& text);

/// The values out of tolerance: the predicted time by `tolerance` of itself; a per-rank value by `tolerance` of
/// itself, or of 1% of the predicted time when it is smaller than that (a 10 ns wait turning 30 ns is no
/// regression); each job's time (--jobs-file) by `tolerance` of itself. Ranks must be as many, and jobs the same
/// (else std::invalid_argument).
std::vector<Difference> compare(const Baseline& baseline, const ReplayResult& now, double tolerance);

/// The readable report: the verdict, the predicted times, then the differences (at most `shown` rank lines).
void print_check(FILE* out, const Baseline& baseline, const ReplayResult& now, double tolerance,
                 const std::vector<Difference>& differences, size_t shown = 20);

} // namespace tireplay
