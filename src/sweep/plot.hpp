// The picture of a sweep: predicted time against each varied parameter, one panel per variation, every
// successful run a point above its value of that parameter, and a line through the mean at each value.
#pragma once

#include "src/sweep/results.hpp"

#include <string>

namespace tireplay {

/// Draws the sweep to `path` (.svg or .png) with gnuplot. Returns false, drawing nothing, when no run succeeded.
/// Throws InputError when gnuplot is missing or fails.
bool plot_sweep(const SweepPlan& plan, const std::vector<RunResult>& results, const std::string& path);

} // namespace tireplay
