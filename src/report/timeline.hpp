// What each rank did when: the timed events of a replay. The Paje, CSV and OTF2 writers and the pictures read it.
#pragma once

#include "src/trace/action.hpp"

#include <cstdint>
#include <string_view>
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

/// Where an action's time goes in the per-rank breakdown (RankStats).
enum class Bucket : uint8_t { Compute, Comm, Wait };

/// The events of every rank, each rank's in time order. Empty unless the replay was asked to record it.
struct Timeline {
  std::vector<std::vector<TimedEvent>> ranks;
};

/// The state an action shows as: compute, send, receive, wait, sendrecv, or the collective's name (bcast, ...).
std::string_view state_name(ActionKind kind);
Bucket bucket_of(ActionKind kind);
/// The colour of a state in the pictures and the Paje trace, 0xRRGGBB: one per state, the same everywhere.
uint32_t state_color(std::string_view state);
/// Every state name, in the order of the legends.
const std::vector<std::string_view>& all_states();

} // namespace tireplay
