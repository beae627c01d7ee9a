#include "src/calibrate/tables.hpp"

#include "format/input_file.hpp"

#include "models/quantities.hpp"
#include "format/rank_reader.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <fstream>

namespace tireplay::calibrate {
namespace {

constexpr const char* kTimeExpected = "a time (seconds, or a number with ns, us, ms or s)";

/// Reads a table line by line: comments and blank lines skipped, and a first line of words (a header).
class TableReader {
public:
  TableReader(const std::string& path, const std::string& kind, const std::string& format)
      : path_(path), kind_(kind), format_(format), in_((check_input_file(path, kind), path))
  {
    if (!in_)
      throw InputError(path + ": cannot open the " + kind + ": " + std::strerror(errno));
  }

  bool next()
  {
    while (std::getline(in_, text_)) {
      number_++;
      if (number_ == 1)  // hidden in the first field: "field 1 (size) '1' is not a whole number"
        check_byte_order_mark(path_, number_, text_);
      if (!text_.empty() && text_.back() == '\r')
        text_.pop_back();
      if (text_.rfind("# begin result \"", 0) == 0)  // SKaMPI's output: a measurement's name
        result_ = text_.substr(15);
      if (!pingpong_lines_.empty() && text_.rfind(pingpong_lines_ + " ", 0) == 0 &&
          std::isdigit(static_cast<unsigned char>(text_[pingpong_lines_.size() + 1])) != 0)
        fail("this is tools/accuracy/pingpong.c's whole output, whose other lines would be read as this table: give "
             "the table of its '" + pingpong_lines_ + " SIZE TIME' lines (sed -n 's/^" + pingpong_lines_ + " //p' " +
             path_ + ")");
      fields_.clear();
      std::string line = text_.substr(0, text_.find('#'));
      size_t at        = 0;
      while ((at = line.find_first_not_of(" \t,", at)) != std::string::npos) {
        size_t end = line.find_first_of(" \t,", at);
        fields_.push_back(line.substr(at, end - at));
        at = end;
      }
      if (fields_.empty())
        continue;
      bool first = rows_ == 0 && !header_seen_;
      header_seen_ = true;
      if (first && is_header())
        continue;
      rows_++;
      return true;
    }
    if (rows_ == 0)
      throw InputError(path_ + ": no measurement in the " + kind_ + " (expected lines '" + format_ + "')");
    return false;
  }

  /// A table that pingpong.c's output holds in '# LINES SIZE TIME' comments: that whole output is refused.
  void refuse_pingpong_output(const std::string& lines) { pingpong_lines_ = lines; }

  const std::vector<std::string>& fields() const { return fields_; }
  /// The name of the SKaMPI result the line is in (quoted, from its "# begin result" line), "" outside one.
  const std::string& result() const { return result_; }

  [[noreturn]] void fail(const std::string& what) const
  {
    throw InputError(input_error_text(path_, number_, what, text_));
  }

  void expect_fields(size_t count) const
  {
    if (fields_.size() != count)
      fail("expected '" + format_ + "' (" + std::to_string(count) + " fields), got " +
           std::to_string(fields_.size()) + " field" + (fields_.size() == 1 ? "" : "s"));
  }

  /// Field i (from 0) as a quantity with `units`; `name` and `expected` describe it in the message.
  double quantity(size_t i, const char* name, const std::map<std::string, double>& units, const char* expected) const
  {
    double value = models::parse_quantity(fields_[i], units);
    if (std::isnan(value))
      fail(field(i, name) + " is not " + expected);
    return value;
  }

  /// Field i as a whole number in [low, high].
  double whole(size_t i, const char* name, double low, double high, const char* expected) const
  {
    double value = models::parse_quantity(fields_[i], {});
    if (std::isnan(value) || value != std::floor(value) || value < low || value > high)
      fail(field(i, name) + " is not " + expected);
    return value;
  }

  std::string field(size_t i, const char* name) const
  {
    return "field " + std::to_string(i + 1) + " (" + name + ") '" + fields_[i] + "'";
  }

private:
  /// A header names the columns: none of its fields starts like a number.
  bool is_header() const
  {
    for (const auto& f : fields_) {
      char* end = nullptr;
      std::strtod(f.c_str(), &end);
      if (end != f.c_str())
        return false;
    }
    return fields_[0] != "count=";
  }

  std::string path_, kind_, format_;
  std::ifstream in_;
  std::string text_, result_;
  std::vector<std::string> fields_;
  uint64_t number_ = 0;
  size_t rows_     = 0;
  bool header_seen_ = false;
  std::string pingpong_lines_;  // refuse_pingpong_output()
};

constexpr double kMaxBytes = 1e18;

/// A measured time, positive (else `positive`), and from 1e-12 to 1e6 s: a fit's or a mean's sums stay finite
/// (1e-160 s made a fit of no segment, which crashed; 1e308 flops twice summed to inf).
double checked_time(const TableReader& in, double seconds, const char* positive)
{
  if (!(seconds > 0))
    in.fail(positive);
  if (!(seconds >= 1e-12 && seconds <= 1e6)) {
    char text[64];
    std::snprintf(text, sizeof text, "%.3g", seconds);
    in.fail(std::string("a time of ") + text + " s, out of range for a measurement (1e-12 to 1e6 s)");
  }
  return seconds;
}

} // namespace

std::vector<models::PingPongPoint> read_pingpong_table(const std::string& path)
{
  TableReader in(path, "ping-pong table", "SIZE TIME");
  std::vector<models::PingPongPoint> table;
  std::string result;  // the SKaMPI result of the first count= line
  bool skampi = false;
  while (in.next()) {
    models::PingPongPoint p;
    if (in.fields()[0] == "count=") {  // SKaMPI: count= SIZE SIZE TIME_US STDDEV ITERATIONS MIN MAX
      if (!skampi)
        result = in.result(), skampi = true;
      else if (in.result() != result)
        in.fail("SKaMPI result " + in.result() + " after " + (result.empty() ? "lines outside any" : result) +
                ": a table holds one measurement (keep the Pingpong_Send_Recv lines)");
      if (in.fields().size() < 4)
        in.fail("a SKaMPI line holds 'count= SIZE SIZE TIME_US ...', got " + std::to_string(in.fields().size()) +
                " fields");
      p.bytes              = in.whole(1, "size", 0, kMaxBytes, "a whole number of bytes");
      p.round_trip_seconds = in.quantity(3, "time", {}, "a time in microseconds") * 1e-6;
    } else {
      in.expect_fields(2);
      p.bytes              = in.whole(0, "size", 0, kMaxBytes, "a whole number of bytes");
      p.round_trip_seconds = in.quantity(1, "time", models::kTimeUnits, kTimeExpected);
    }
    checked_time(in, p.round_trip_seconds, "a ping-pong takes time: the time must be positive");
    table.push_back(p);
  }
  return table;
}

std::vector<models::PingPongPoint> read_exchange_table(const std::string& path, const std::string& lines)
{
  TableReader in(path, "exchange table", "SIZE TIME");
  in.refuse_pingpong_output(lines);
  std::vector<models::PingPongPoint> table;
  while (in.next()) {
    in.expect_fields(2);
    models::PingPongPoint p;
    p.bytes              = in.whole(0, "size", 0, kMaxBytes, "a whole number of bytes");
    p.round_trip_seconds = checked_time(in, in.quantity(1, "time", models::kTimeUnits, kTimeExpected),
                                       "an exchange takes time: the time must be positive");
    table.push_back(p);
  }
  return table;
}

std::vector<std::pair<double, double>> read_window_table(const std::string& path)
{
  TableReader in(path, "exchange window table", "SIZE SECONDS");
  in.refuse_pingpong_output("# exchange-window");
  std::vector<std::pair<double, double>> table;
  while (in.next()) {
    in.expect_fields(2);
    double bytes = in.whole(0, "size", 0, kMaxBytes, "a whole number of bytes");
    double gap   = in.quantity(1, "gap", models::kTimeUnits, kTimeExpected);
    if (!(gap >= 0) || !std::isfinite(gap))
      in.fail("a gap of computation is 0 seconds or more");
    if (!table.empty() && bytes <= table.back().first)
      in.fail("sizes must increase from one line to the next");
    table.emplace_back(bytes, gap);
  }
  return table;
}

std::vector<models::AlltoallPoint> read_alltoall_table(const std::string& path)
{
  TableReader in(path, "all-to-all table", "PROCESSES SIZE TIME");
  std::vector<models::AlltoallPoint> table;
  while (in.next()) {
    in.expect_fields(3);
    models::AlltoallPoint p;
    p.processes = static_cast<int>(in.whole(0, "processes", 2, 1e6, "a number of processes (2 or more)"));
    p.bytes     = in.whole(1, "size", 0, kMaxBytes, "a whole number of bytes");
    p.seconds   = checked_time(in, in.quantity(2, "time", models::kTimeUnits, kTimeExpected),
                               "an all-to-all takes time: the time must be positive");
    table.push_back(p);
  }
  return table;
}

std::vector<models::ComputeBurst> read_bursts_table(const std::string& path)
{
  TableReader in(path, "bursts table", "RANK FLOPS SECONDS");
  std::vector<models::ComputeBurst> bursts;
  while (in.next()) {
    in.expect_fields(3);
    models::ComputeBurst b;
    b.rank    = static_cast<int>(in.whole(0, "rank", 0, 1e6, "a rank (a whole number below 1000000)"));
    b.flops   = in.quantity(1, "flops", {}, "a number of flops (>= 0)");
    b.seconds = in.quantity(2, "seconds", models::kTimeUnits, kTimeExpected);
    if (b.seconds != 0)  // a burst of no time is skipped by the calibration
      checked_time(in, b.seconds, "a burst's time is 0 seconds or more");
    // A rate no machine has (1e300 flops in 1e-300 s made the platform's speed "inff", which SimGrid cannot run).
    if (double rate = b.flops / b.seconds; b.seconds > 0 && b.flops > 0 && !(rate >= 1 && rate <= 1e18)) {
      char text[64];
      std::snprintf(text, sizeof text, "%.3g", rate);
      in.fail(std::string("a rate of ") + text + " flop/s (flops / seconds), out of range (1 to 1e18)");
    }
    bursts.push_back(b);
  }
  return bursts;
}

} // namespace tireplay::calibrate
