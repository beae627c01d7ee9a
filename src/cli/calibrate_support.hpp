// What the `tireplay calibrate` subcommands share: the subcommands themselves, their option parsing helpers and
// their error handling (src/cli/calibrate_*.cpp).
#pragma once

#include "models/calibration_network.hpp"

#include <boost/program_options.hpp>

#include <cstdarg>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace tireplay::calibrate_cli {

/// Where a subcommand prints its report (the fit, the replay options) and its notes: standard output and standard
/// error, or, with --quiet, neither (the files it writes are written all the same). Warnings and errors are printed
/// whatever --quiet says, as by replay, check and sweep.
struct Report {
  bool quiet = false;
  /// printf to standard output, unless quiet
  [[gnu::format(printf, 2, 3)]] void print(const char* format, ...) const
  {
    if (quiet)
      return;
    va_list args;
    va_start(args, format);
    std::vfprintf(stdout, format, args);
    va_end(args);
  }
  /// Whether a note goes to standard error
  bool notes() const { return !quiet; }
  /// The --quiet option of every subcommand
  static void add_option(boost::program_options::options_description& desc, Report& report)
  {
    desc.add_options()("quiet,q", boost::program_options::bool_switch(&report.quiet),
                       "print nothing but warnings and errors (the files asked for are written all the same)");
  }
};

int flops(int argc, char** argv);
int pingpong(int argc, char** argv);
int factors(int argc, char** argv);
int contention(int argc, char** argv);


/// `option`'s value as a quantity with `units` (models/quantities.hpp). Throws boost::program_options::error
/// naming the option and `expected`.
double quantity_option(const std::string& option, const std::string& text, const std::map<std::string, double>& units,
                       const std::string& expected);

/// The segment options of pingpong and factors: --segments, --boundaries, --max-error, --min-points.
struct SegmentOptions {
  models::SegmentChoice choice;
  std::string boundaries;
  static constexpr int kNotGiven = -2147483647 - 1;
  int segments = kNotGiven;  // --segments as given
  void add_to(boost::program_options::options_description& desc);
  /// Checks them and fills choice.boundaries. Throws boost::program_options::error.
  void finish();
};

/// Prints the segments and their factors, and returns the --cfg options for `tireplay replay`.
std::vector<std::string> print_factors(const Report& report, const std::vector<models::SegmentFit>& segments,
                                       const models::RouteParams& route, const std::string& route_name);

/// The table's segments fitted (models::fit_pingpong_segments), with a note on stderr when none fits within
/// --max-error. Throws InputError naming `path`.
std::vector<models::SegmentFit> fit_segments(const Report& report, const std::string& path,
                                             const std::vector<models::PingPongPoint>& table,
                                             const models::SegmentChoice& choice);

/// "Ping-pong table PATH: N rows, A .. B bytes"
void print_table_line(const Report& report, const std::string& path, const std::vector<models::PingPongPoint>& table);

/// Prints the replay options ("--cfg=key:value" as --cfg 'key:value') and writes them to `options_out` if given.
/// Throws std::invalid_argument, nothing printed nor written, where `tireplay replay` would refuse them.
void print_replay_options(const Report& report, const std::vector<std::string>& options,
                          const std::string& options_out);

/// Writes `options` (one per line, "--key=value") to `path`, for `tireplay replay ... $(cat path)`. Throws
/// InputError when it cannot.
void write_options_file(const std::string& path, const std::vector<std::string>& options);

/// "16.667 us", "125 MB/s", "4.5 Gflop/s"
std::string microseconds(double seconds);
std::string megabytes_per_second(double bytes_per_second);

} // namespace tireplay::calibrate_cli
