// The results of a sweep, gathered from STUDY/runs/*.json whoever ran them (`sweep` itself, or a job array
// running the commands of --emit-jobs): STUDY/results.csv, one row per run in the plan's order, and
// STUDY/wall_times.csv. The CSV holds only simulated quantities, so that it is identical however the runs
// were scheduled; the replays' wall times, which vary, go to wall_times.csv.
#pragma once

#include "src/sweep/plan.hpp"

#include <string>
#include <utility>
#include <vector>

namespace tireplay {

struct RunResult {
  std::string status;              // ok, blocked (the trace deadlocked), failed (no summary, or an unreadable one), missing
  double predicted_seconds = 0;    // simulated time, when status is ok or blocked
  std::string predicted_text;      // the same, as the summary wrote it (shortest exact form)
  double wall_seconds = 0;
  std::vector<std::pair<std::string, std::string>> jobs;  // --jobs-file: each job's id and simulated_time text
};

/// Reads each run's summary. With `signatures` (one per run: what its summary's options and fidelity must say, from
/// result_signature), a summary of another replay (a job line edited, a file copied over) counts as failed.
std::vector<RunResult> collect_results(const SweepPlan& plan, const std::vector<std::string>* signatures = nullptr);

/// A summary's options and fidelity as one text: `options` as src/report/summary.hpp's result_options_json, less the
/// files it names (a hostfile's absolute path depends on the directory).
std::string result_signature(const std::string& options_json, const std::string& fidelity);

/// Writes STUDY/results.csv (run, each variation's value, predicted_seconds, status) and STUDY/wall_times.csv
/// (run, wall_seconds). Throws InputError when it cannot.
void write_results(const SweepPlan& plan, const std::vector<RunResult>& results);

} // namespace tireplay
