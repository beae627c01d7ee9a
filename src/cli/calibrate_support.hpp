// What the `tireplay calibrate` subcommands share: the subcommands themselves, their option parsing helpers and
// their error handling (src/cli/calibrate_*.cpp).
#pragma once

#include "models/calibration_network.hpp"

#include <boost/program_options.hpp>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace tireplay::calibrate_cli {

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
  void add_to(boost::program_options::options_description& desc);
  /// Checks them and fills choice.boundaries. Throws boost::program_options::error.
  void finish();
};

/// Prints the segments and their factors, and returns the --cfg options for `tireplay replay`.
std::vector<std::string> print_factors(const std::vector<models::SegmentFit>& segments,
                                       const models::RouteParams& route, const std::string& route_name);

/// Writes `options` (one per line, "--key=value") to `path`, for `tireplay replay ... $(cat path)`. Throws
/// InputError when it cannot.
void write_options_file(const std::string& path, const std::vector<std::string>& options);

/// "16.667 us", "125 MB/s", "4.5 Gflop/s"
std::string microseconds(double seconds);
std::string megabytes_per_second(double bytes_per_second);

} // namespace tireplay::calibrate_cli
