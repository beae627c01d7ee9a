// `tireplay calibrate pingpong --exchange ...`: Open MPI's TCP rendezvous as replay options (calibrate_exchanges.hpp).
#include "src/cli/calibrate_exchanges.hpp"

#include "src/calibrate/tables.hpp"
#include "src/cli/calibrate_support.hpp"
#include "format/rank_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace tireplay::calibrate_cli {

/// The exchange table, checked against the ping-pong table of the same pair before anything is written.
std::vector<models::PingPongPoint> read_exchanges(const std::string& exchange_table, const std::string& pingpong_table,
                                                  const std::vector<models::PingPongPoint>& pingpong,
                                                  const std::string& lines)
{
  std::vector<models::PingPongPoint> exchanges = calibrate::read_exchange_table(exchange_table, lines);
  if (exchanges.empty())
    throw InputError(exchange_table + ": no exchange in the table");
  for (const auto& x : exchanges)
    if (std::none_of(pingpong.begin(), pingpong.end(), [&x](const auto& p) { return p.bytes == x.bytes; }))
      throw InputError(exchange_table + ": size " + std::to_string(static_cast<uint64_t>(x.bytes)) +
                       " is not in the ping-pong table " + pingpong_table + " (an exchange is compared with one way "
                       "at the same size)");
  std::sort(exchanges.begin(), exchanges.end(), [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
  for (size_t i = 1; i < exchanges.size(); i++)
    if (exchanges[i].bytes == exchanges[i - 1].bytes)
      throw InputError(exchange_table + ": size " + std::to_string(static_cast<uint64_t>(exchanges[i].bytes)) +
                       " twice");
  return exchanges;
}

/// tireplay/both-ways-factor from an exchange table and the ping-pong table of the same pair: at each size, the
/// share of a message that also moves back is what makes an exchange take (1 + share) times one way (half the
/// round trip), from 0 (both ways at once) to 1 (one way at a time). The value of a size covers the payloads
/// above the size below it. With `eager` > 0, messages below `eager` bytes move nothing back (the MPI's eager
/// protocol: the lab's exchanges of such messages are slower than its ping-pongs only by its token bucket).
/// `key`: the option written (tireplay/both-ways-factor, or -after-pause from single exchanges after a pause).
std::string both_ways_option(const Report& report, const std::string& exchange_table,
                             const std::vector<models::PingPongPoint>& exchanges, const std::string& pingpong_table,
                             const std::vector<models::PingPongPoint>& pingpong, uint64_t eager,
                             const std::string& key)
{
  report.print("\nExchanges%s (%s, against one way = half the round trip of %s):\n%10s %12s %12s %7s %7s\n",
              key.find("after-pause") != std::string::npos ? " after a pause" : " back to back",
              exchange_table.c_str(), pingpong_table.c_str(), "bytes", "one way", "exchange", "ratio", "back");
  std::ostringstream spec;
  // The first size covers the payloads above the ping-pong table's size below it: sizes below the exchanges'
  // (pingpong.c's single exchanges after a pause start at 32 KiB) are not stretched down to 1 byte; they move
  // nothing back, as below --eager-limit.
  double below = -1;
  for (const auto& p : pingpong)
    if (p.bytes < exchanges.front().bytes)
      below = std::max(below, p.bytes);
  if (eager > 0 || below >= 0)
    spec << "0:0";
  std::vector<std::pair<double, double>> fractions;  // size, fraction: for the note on noise below
  for (const auto& x : exchanges) {
    auto same = std::find_if(pingpong.begin(), pingpong.end(), [&x](const auto& p) { return p.bytes == x.bytes; });
    double one_way = same->round_trip_seconds / 2, ratio = x.round_trip_seconds / one_way;
    double back    = std::round(std::clamp(ratio - 1, 0.0, 1.0) * 1000) / 1000;  // a measurement's digits
    bool counted   = x.bytes >= static_cast<double>(eager);
    char shown[16] = "eager";
    if (counted)
      std::snprintf(shown, sizeof shown, "%.2f", back);
    report.print("%10.0f %12s %12s %7.2f %7s\n", x.bytes, microseconds(one_way).c_str(),
                microseconds(x.round_trip_seconds).c_str(), ratio, shown);
    if (counted) {
      uint64_t from = below < static_cast<double>(eager) ? (eager > 0 ? eager - 1 + 16 : 0)
                                                          : static_cast<uint64_t>(below) + 16;
      spec << (spec.tellp() > 0 ? ";" : "") << from << ":" << back;
      fractions.emplace_back(x.bytes, back);
    }
    below = x.bytes;
  }
  // A fraction more than 0.5 above or below both its neighbours' (1, 0, 1 at 160, 192, 224 KiB in a trial's single
  // exchanges) measured noise: single exchanges vary from one run to the next far more than ping-pongs. A step
  // (0 below 64 KiB, 1 above: the rendezvous protocol) is no warning.
  for (size_t i = 1; i + 1 < fractions.size(); i++) {
    double before = fractions[i].second - fractions[i - 1].second;
    double after  = fractions[i].second - fractions[i + 1].second;
    if (std::fabs(before) > 0.5 && std::fabs(after) > 0.5 && (before > 0) == (after > 0)) {
      std::fprintf(stderr, "tireplay calibrate pingpong: warning: %s: the fraction moved back is %.3g at %.0f bytes, "
                           "%.3g at %.0f and %.3g at %.0f: the exchanges are noisy (measure more of them per size)\n",
                   exchange_table.c_str(), fractions[i - 1].second, fractions[i - 1].first, fractions[i].second,
                   fractions[i].first, fractions[i + 1].second, fractions[i + 1].first);
      break;
    }
  }
  return "--cfg=" + key + ":" + spec.str();
}

/// tireplay/both-ways-window per size from a table of gaps (calibrate::read_window_table): the gap of a size covers
/// the payloads above the size below it (those up to the first size take the first gap).
std::string windows_option(const Report& report, const std::string& table_path,
                           const std::vector<std::pair<double, double>>& table)
{
  report.print("Back to back (%s): a message that starts within this gap of the last one between its hosts\n"
               "%10s %12s\n", table_path.c_str(), "bytes", "window");
  std::ostringstream spec;
  double below = 0;
  for (const auto& [bytes, gap] : table) {
    report.print("%10.0f %12s\n", bytes, microseconds(gap).c_str());
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.9g", gap);
    spec << (spec.tellp() > 0 ? ";" : "") << (below > 0 ? static_cast<uint64_t>(below) + 16 : 0) << ":" << seconds;
    below = bytes;
  }
  return "--cfg=tireplay/both-ways-window:" + spec.str();
}

void note_exchange_lines(const Report& report, const std::string& table, const std::vector<std::string>& keys,
                         const std::vector<bool>& given)
{
  const char* kinds[][2] = {{"exchange", "--exchange"}, {"exchange-after-pause", "--exchange-after-pause"},
                            {"exchange-window", "--exchange-windows"}};
  std::string lines, options, first;
  for (size_t k = 0; k < 3; k++) {
    if (given[k] || std::find(keys.begin(), keys.end(), kinds[k][0]) == keys.end())
      continue;
    if (first.empty())
      first = kinds[k][0];
    lines += (lines.empty() ? "'# " : ", '# ") + std::string(kinds[k][0]) + "'";
    options += (options.empty() ? "" : ", ") + std::string(kinds[k][1]) + " FILE";
  }
  if (!lines.empty() && report.notes())
    std::fprintf(stderr, "tireplay calibrate pingpong: note: %s holds pingpong.c's %s lines, tables that calibrate "
                         "reads only as files of their own: %s (sed -n 's/^# %s //p' %s > FILE)\n",
                 table.c_str(), lines.c_str(), options.c_str(), first.c_str(), table.c_str());
}

} // namespace tireplay::calibrate_cli
