// The plan of a sweep: the cartesian product of its variations, one `tireplay replay` per run, kept in
// STUDY/plan.json so that `sweep collect` can gather results made elsewhere (--emit-jobs, a job array).
// Run k writes STUDY/runs/k.json (its summary) and STUDY/runs/k.err (its messages).
#pragma once

#include "src/sweep/variation.hpp"

#include <string>
#include <vector>

namespace tireplay {

struct SweepRun {
  std::string id;                   // zero-padded index: 000, 001, ...
  std::vector<std::string> values;  // of each variation
  std::vector<std::string> args;    // replay's arguments (after the program name)
};

struct SweepPlan {
  std::string study;                   // the output directory, as given
  std::vector<Variation> variations;
  std::vector<SweepRun> runs;          // the first variation changes slowest
};

/// The product of `variations` on `base_args` (replay's --trace, --platform and the options after `--`).
/// Throws std::invalid_argument on a key varied twice or a base option the sweep sets itself.
/// The most runs one sweep makes (its plan file, its runs directory and results.csv stay in the tens of MB).
constexpr size_t kMaxSweepRuns = 100000;

SweepPlan make_plan(const std::string& study, const std::vector<Variation>& variations,
                    const std::vector<std::string>& base_args);

std::string run_json_path(const SweepPlan& plan, const SweepRun& run);
std::string run_err_path(const SweepPlan& plan, const SweepRun& run);
/// Written (with the exit status) when a run ends with a status other than 0: a run whose .err exists but
/// neither its .json nor this is still running, or was never run ("missing"), not "failed".
std::string run_failed_path(const SweepPlan& plan, const SweepRun& run);

/// `word` as one word for sh: as it is when plain, else in single quotes.
std::string shell_quote(const std::string& word);

/// One shell command line: `binary replay ARGS 2> STUDY/runs/ID.err || echo $? > STUDY/runs/ID.failed`, words
/// quoted for sh.
std::string run_command_line(const std::string& binary, const SweepPlan& plan, const SweepRun& run);

/// Creates STUDY/runs (removing the results of an earlier sweep of these runs) and writes STUDY/plan.json.
/// Throws InputError when it cannot.
void write_plan(const SweepPlan& plan);

/// Reads STUDY/plan.json. Throws InputError naming the file and the field.
SweepPlan read_plan(const std::string& study);

} // namespace tireplay
