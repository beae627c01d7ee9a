// A sweep's runs as their replays will read them (`tireplay sweep`, `sweep collect`, `sweep status`).
#pragma once

#include "src/cli/replay_options.hpp"
#include "src/sweep/plan.hpp"

#include <string>
#include <vector>

namespace tireplay {

/// Run `run`'s replay options, parsed from its arguments as `tireplay replay` parses them (not checked). Throws
/// InputError naming the plan's file and the run when they do not parse (a plan edited by hand).
ReplayOptions run_options(const SweepPlan& plan, const SweepRun& run);

/// This program's path, for the runs' commands.
std::string this_program();

/// What each run's summary must say of its options and fidelity (src/sweep/results.hpp, result_signature).
std::vector<std::string> run_signatures(const SweepPlan& plan);

} // namespace tireplay
