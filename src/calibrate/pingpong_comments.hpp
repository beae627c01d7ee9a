// What tools/accuracy/pingpong.c writes beside its ping-pong table, as `# KEY VALUE` comment lines
// (docs/calibration.md, "What pingpong.c's comments give"): replay options, the two ranks' hosts, tables that
// `calibrate pingpong` takes as files of their own. Every key pingpong.c writes is known here, used or not.
#pragma once

#include "models/calibration_network.hpp"

#include <string>
#include <vector>

namespace tireplay::calibrate {

struct PingPongComments {
  /// Replay options, one per key that maps to one: `# win-create SIZE SECONDS` and `# win-free SIZE SECONDS` lines
  /// as --cfg=tireplay/win-create-cpu:SIZE:SECONDS;... and win-free-cpu, `# rma-call SECONDS` as rma-call-cpu,
  /// `# rma-target-progress yes` as tireplay/rma-target-progress:yes, `# async-progress no` as
  /// tireplay/async-progress:no, `# test SECONDS` (an unsuccessful MPI_Test) as smpi/test:SECONDS.
  std::vector<std::string> options;
  /// `# hosts A B`: the hosts of ranks 0 and 1; empty for a table without the line (pingpong.c before it).
  std::vector<std::string> hosts;
  /// Keys of lines that are tables of their own ("exchange", "exchange-after-pause", "exchange-window": `calibrate
  /// pingpong --exchange` ... takes them as files), in the order first seen.
  std::vector<std::string> separate_tables;
  /// "PATH:LINE: ..." for each `# KEY VALUE` line of a key pingpong.c does not write (a VALUE is a number, yes or
  /// no): ignored, as a table of another version may hold them.
  std::vector<std::string> warnings;
};

/// The comments of the ping-pong table at `path`. A malformed line of a known key is an InputError naming it: a
/// line that becomes a replay option is malformed where the replay would refuse that option (the field it refuses
/// named, with the replay's reason), one field too many or too few too.
PingPongComments read_pingpong_comments(const std::string& path);

/// Why `table` was measured between two ranks of one host, "" when nothing says so: its `# hosts` line names one
/// host twice; without that line, a 1-byte round trip under 1 us (no network's MPI answers so fast), or, with the
/// links' nominal bandwidth (0: none given), a largest message moving at more than 10 times it.
std::string one_host_evidence(const PingPongComments& comments, const std::vector<models::PingPongPoint>& table,
                              double nominal_bytes_per_second);

} // namespace tireplay::calibrate
