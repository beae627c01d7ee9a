// `tireplay calibrate pingpong --exchange ...`: Open MPI's TCP rendezvous as replay options, from tables of
// exchanges between the two nodes of the ping-pong (tools/accuracy/pingpong.c; docs/calibration.md, "Both ways").
#pragma once

#include "models/calibration_network.hpp"
#include "src/cli/calibrate_support.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tireplay::calibrate_cli {

/// The exchange table, checked against the ping-pong table of the same pair before anything is written.
std::vector<models::PingPongPoint> read_exchanges(const std::string& exchange_table, const std::string& pingpong_table,
                                                  const std::vector<models::PingPongPoint>& pingpong,
                                                  const std::string& lines);

/// tireplay/both-ways-factor (or, with `key`, -after-pause) from an exchange table and the ping-pong table of the same
/// pair, printed with each size's ratio; below `eager` bytes nothing moves back.
std::string both_ways_option(const Report& report, const std::string& exchange_table,
                             const std::vector<models::PingPongPoint>& exchanges, const std::string& pingpong_table,
                             const std::vector<models::PingPongPoint>& pingpong, uint64_t eager,
                             const std::string& key);

/// tireplay/both-ways-window per size from a table of gaps (calibrate::read_window_table), printed.
std::string windows_option(const Report& report, const std::string& table_path,
                           const std::vector<std::pair<double, double>>& table);

/// A note on stderr (unless `report` is quiet) naming the exchange tables that pingpong.c's output `table` holds as
/// comment lines (`keys`: "exchange", "exchange-after-pause", "exchange-window") and that no option gives (`given`, in
/// the order of --exchange, --exchange-after-pause, --exchange-windows): calibrate reads them only as files of their
/// own.
void note_exchange_lines(const Report& report, const std::string& table, const std::vector<std::string>& keys,
                         const std::vector<bool>& given);

} // namespace tireplay::calibrate_cli
