// What each rank did when: the timed events a replay records (either engine), which the reports read
// (src/report/timeline.hpp: their states and colours).
#pragma once

#include "format/action.hpp"

#include <cstdint>
#include <vector>

namespace tireplay {

/// One action of one rank, as simulated. A collective's reduction flops, executed after the call as SimGrid does,
/// are an event of their own (kind Compute, same line).
struct TimedEvent {
  ActionKind kind;
  double start   = 0;  // simulated seconds
  double end     = 0;
  uint64_t bytes = 0;  // the action's send volume as the trace gives it (docs/timed-outputs.md: the v-collectives')
  double flops   = 0;
  uint64_t line  = 0;  // line in the rank's trace file
};

/// The events of every rank, each rank's in time order. Empty unless the replay was asked to record it.
struct Timeline {
  std::vector<std::vector<TimedEvent>> ranks;
};

} // namespace tireplay
