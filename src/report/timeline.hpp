// How the timed events of a replay (replay/timeline.hpp) show: the states, their buckets and colours, which the
// Paje, CSV and OTF2 writers and the pictures share.
#pragma once

#include "replay/timeline.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tireplay {

/// Where an action's time goes in the per-rank breakdown (RankStats).
enum class Bucket : uint8_t { Compute, Comm, Wait };

/// The state an action shows as: compute, send, receive, wait, sendrecv, or the collective's name (bcast, ...).
std::string_view state_name(ActionKind kind);
Bucket bucket_of(ActionKind kind);
/// The colour of a state in the pictures and the Paje trace, 0xRRGGBB: one per state, the same everywhere.
uint32_t state_color(std::string_view state);
/// Every state name, in the order of the legends.
const std::vector<std::string_view>& all_states();

} // namespace tireplay
