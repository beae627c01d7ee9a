// The calibration's input tables (docs/calibration.md): plain text, one measurement per line, fields separated by
// blanks, tabs or commas, '#' starting a comment, an optional header line of words. Errors are InputErrors naming
// the file, the line and the field.
#pragma once

#include "models/calibration_contention.hpp"
#include "models/calibration_flops.hpp"
#include "models/calibration_network.hpp"

#include <string>
#include <utility>
#include <vector>

namespace tireplay::calibrate {

/// A ping-pong table: "SIZE TIME" lines (bytes, round-trip time: seconds, or with ns, us, ms, s), or SKaMPI's
/// output lines "count= SIZE SIZE TIME_US ..." (the Pingpong_Send_Recv result: the fourth field, microseconds).
std::vector<models::PingPongPoint> read_pingpong_table(const std::string& path);

/// An exchange table: "SIZE TIME" lines (bytes each way, the time of one exchange: two ranks each sending SIZE
/// bytes to the other at once, back to back; tools/accuracy/pingpong.c). `round_trip_seconds` holds that time.
/// `lines`: the comment that carries the table in pingpong.c's output ("# exchange"): that whole output is refused.
std::vector<models::PingPongPoint> read_exchange_table(const std::string& path, const std::string& lines);
/// 'SIZE SECONDS' lines: per size, the gap from which exchanges in a sequence run both ways at once (0 or more).
std::vector<std::pair<double, double>> read_window_table(const std::string& path);

/// An all-to-all table: "PROCESSES SIZE TIME" lines (n >= 2, bytes per destination, completion time).
std::vector<models::AlltoallPoint> read_alltoall_table(const std::string& path);

/// A bursts table, as `otf2ti --bursts` writes it: "RANK FLOPS SECONDS" lines.
std::vector<models::ComputeBurst> read_bursts_table(const std::string& path);

} // namespace tireplay::calibrate
