// Runs the replays of a sweep as child processes of the same binary (one SimGrid engine each), at most
// `jobs` at once, and shows how far it got on stderr.
#pragma once

#include "src/sweep/plan.hpp"

#include <string>
#include <vector>

namespace tireplay {

enum class SweepDisplay {
  Bar,    // a progress bar redrawn in place (stderr is a terminal)
  Lines,  // a line per finished run
  Quiet,  // failures only
};

struct RunnerOptions {
  std::string binary;  // this program, for the children
  int jobs = 1;
  SweepDisplay display = SweepDisplay::Lines;
};

/// Runs every run of the plan: `binary replay ...` with its output discarded and its messages in
/// STUDY/runs/ID.err. A failed run is reported with its command and messages, and the others go on. Returns the
/// exit status of each run (128 + N when killed by signal N, 127 when it could not start).
std::vector<int> run_plan(const SweepPlan& plan, const RunnerOptions& options);

} // namespace tireplay
