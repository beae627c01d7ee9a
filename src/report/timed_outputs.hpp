// The timed outputs of a replay, written from its timeline (docs/timed-outputs.md). Each throws InputError naming
// the file it cannot write.
#pragma once

#include "replay/engine.hpp"
#include "src/report/timeline.hpp"

#include <string>

namespace tireplay {

/// One line per event: rank,action,state,start,end,bytes,flops,line (seconds with nanosecond precision).
void write_events_csv(const std::string& path, const ReplayResult& result);

/// A Paje trace (ViTE, pajeng): a container per host holding a container per rank, one state per event.
void write_paje(const std::string& path, const ReplayResult& result);

/// A Gantt chart of the run, SVG or PNG by the extension: a row per rank, or per group of ranks past 64.
void draw_gantt(const std::string& path, const ReplayResult& result);

/// Per-rank time breakdown (compute / communication / wait) as stacked bars, SVG or PNG; groups past 64 ranks.
void draw_breakdown(const std::string& path, const ReplayResult& result);

/// The files `tireplay replay` was asked for (empty: not wanted).
struct TimedOutputs {
  std::string paje, events_csv, otf2_dir, gantt, breakdown;

  bool need_timeline() const { return !paje.empty() || !events_csv.empty() || !otf2_dir.empty() || !gantt.empty(); }
  /// Throws std::invalid_argument for a picture that is neither .svg nor .png, before any replay.
  void check() const;
  void write(const ReplayResult& result) const;
};

} // namespace tireplay
