// --trace DIR: SimGrid's and otf2ti's output directory (its trace.txt), a directory of per-rank files, or a
// directory holding one index (docs/trace-format.md, Layouts).
#pragma once

#include "format/trace_source.hpp"

#include <string>

namespace tireplay {

/// Throws InputError naming what it found when the directory holds no trace or more than one.
TraceInputs open_directory(const std::string& dir, int np);

} // namespace tireplay
