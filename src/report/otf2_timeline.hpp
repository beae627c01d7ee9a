// The timeline of a replay as an OTF2 archive (docs/timed-outputs.md, "OTF2"): one location per rank, a region per
// state, Enter/Leave per timed event, the event's bytes, flops and trace line as attributes.
#pragma once

#include "replay/engine.hpp"

#include <string>

namespace tireplay {

/// The OTF2 archive's name inside its directory: DIR/traces.otf2, DIR/traces.def, DIR/traces/.
constexpr const char* kOtf2ArchiveName = "traces";

/// Writes `result.timeline` as the OTF2 archive DIR/traces.otf2, replacing an archive already there (and nothing
/// else of DIR). Timestamps are nanoseconds of simulated time. Throws InputError naming DIR when it cannot be
/// written.
void write_otf2_timeline(const std::string& dir, const ReplayResult& result);

/// Throws InputError where write_otf2_timeline would refuse DIR: an archive there that tireplay did not write (no
/// DIR/traces.tireplay beside it: a traced run's), or its parts without the anchor file. Called before a replay.
void check_timeline_directory(const std::string& dir);

} // namespace tireplay
