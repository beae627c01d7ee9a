// A shared trace (every rank's lines in one file) split into one file per rank in a temporary directory, in one
// streaming pass, so that each rank's reader streams its own lines (format/trace_source.cpp's open_trace).
#pragma once

#include "format/trace_source.hpp"

#include <cstddef>
#include <string>

namespace tireplay {

constexpr size_t kMaxRanks = 1000000;  // ranks 0 to 999,999, as a jobs file's np

/// The per-rank copies of the shared trace `path` (`np` 0: as many ranks as its lines name). Each copied line keeps
/// its original line number, so that messages point into the user's file. Throws InputError.
TraceInputs demultiplex(const std::string& path, int np);

} // namespace tireplay
