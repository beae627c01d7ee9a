// `tireplay calibrate factors`, and what it shares with `calibrate pingpong` (src/cli/calibrate_pingpong_command.cpp):
// SMPI's factors fitted to a ping-pong table, as section 5 of the time-independent trace replay paper does it
// (models/calibration_network.hpp).
#include "models/platform_params.hpp"
#include "models/quantities.hpp"
#include "models/topology.hpp"
#include "replay/configuration.hpp"
#include "src/calibrate/pingpong_comments.hpp"
#include "src/calibrate/platform_xml.hpp"
#include "src/calibrate/tables.hpp"
#include "src/cli/calibrate_support.hpp"
#include "src/cli/commands.hpp"
#include "src/cli/platform_engine.hpp"
#include "format/rank_reader.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <unistd.h>

namespace po = boost::program_options;
namespace sg4 = simgrid::s4u;

namespace tireplay::calibrate_cli {

void SegmentOptions::add_to(po::options_description& desc)
{
  desc.add_options()
      ("segments", po::value(&segments), "fit this many segments (default: the fewest within --max-error)")
      ("boundaries", po::value(&boundaries), "the segments' last sizes instead, in bytes: b1,b2,... (segment j "
                                             "holds the sizes in (b_{j-1}, b_j])")
      ("max-error", po::value(&choice.max_relative_error)->default_value(0.02, "0.02"),
       "the largest relative error of a fitted one-way time, for choosing the number of segments")
      ("min-points", po::value(&choice.min_points)->default_value(1),
       "distinct sizes per chosen segment (1: a size may stand alone, on the line through the origin and it)");
}

void SegmentOptions::finish()
{
  if (!boundaries.empty() && segments != kNotGiven)
    throw po::error("--segments and --boundaries exclude each other");
  if (segments != kNotGiven && (segments < 1 || segments > 64))
    throw po::error("--segments must be between 1 and 64");
  choice.segments = segments == kNotGiven ? 0 : segments;  // 0: the fewest within --max-error
  if (!(choice.max_relative_error > 0) || !std::isfinite(choice.max_relative_error))
    throw po::error("--max-error must be a positive number (0.02: 2%)");
  if (choice.min_points < 1)
    throw po::error("--min-points must be 1 or more");
  std::stringstream list(boundaries);
  for (std::string item; std::getline(list, item, ',');) {
    double b = models::parse_quantity(item, {});
    if (std::isnan(b) || b != std::floor(b))
      throw po::error("--boundaries: '" + item + "' is not a whole number of bytes");
    if (!choice.boundaries.empty() && !(b > choice.boundaries.back()))
      throw po::error("--boundaries: '" + item + "' after " + std::to_string(static_cast<uint64_t>(
                                                                  choice.boundaries.back())) +
                      ": the segments' last sizes must increase");
    choice.boundaries.push_back(b);
  }
}

std::vector<std::string> print_factors(const Report& report, const std::vector<models::SegmentFit>& segments,
                                       const models::RouteParams& route, const std::string& route_name)
{
  std::vector<models::FactorStep> steps = models::smpi_factors(segments, route);
  report.print("SMPI factors against the route %s (latency %s, rate %s), %zu segment%s:\n", route_name.c_str(),
              microseconds(route.latency_seconds).c_str(), megabytes_per_second(route.rate_bytes_per_second).c_str(),
              segments.size(), segments.size() == 1 ? "" : "s");
  report.print("  %-24s %6s %10s %12s %12s %10s\n", "sizes (bytes)", "points", "threshold", "lat-factor", "bw-factor",
              "max error");
  for (size_t j = 0; j < segments.size(); j++) {
    const auto& s = segments[j];
    char sizes[48];
    std::snprintf(sizes, sizeof sizes, "%.0f .. %.0f", s.first_bytes, s.last_bytes);
    report.print("  %-24s %6zu %10llu %12.7g %12.7g %9.3f%%%s\n", sizes, s.last - s.first + 1,
                static_cast<unsigned long long>(steps[j].threshold), steps[j].latency_factor,
                steps[j].bandwidth_factor, 100 * s.max_relative_error,
                s.intercept_clamped ? "  (negative latency: fitted through the origin)"
                : s.slope_clamped   ? "  (time not growing with the size: fitted as a constant)"
                                    : "");
  }
  return {"--cfg=smpi/lat-factor:" + models::factor_spec(steps, true),
          "--cfg=smpi/bw-factor:" + models::factor_spec(steps, false)};
}

/// "--cfg=key:value" as one shell word to paste: --cfg 'key:value'.
void print_replay_options(const Report& report, const std::vector<std::string>& options,
                          const std::string& options_out)
{
  std::vector<std::string> pairs;  // checked as `tireplay replay` checks its --cfg options: none it would refuse
  for (const auto& o : options)
    if (o.rfind("--cfg=", 0) == 0)
      pairs.push_back(o.substr(6));
  try {
    parse_configuration(pairs);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("the replay would refuse the options calibrated, none written: ") +
                                e.what());
  }
  std::string cat = options_out.empty() ? "" : " $(cat " + options_out + ")";
  report.print("\nReplay options (tireplay replay ...%s):\n", cat.c_str());
  for (const auto& o : options) {
    size_t eq = o.find('=');
    report.print("  %s '%s'\n", o.substr(0, eq).c_str(), o.substr(eq + 1).c_str());
  }
  if (!options_out.empty())
    write_options_file(options_out, options);
}

std::vector<models::SegmentFit> fit_segments(const Report& report, const std::string& path,
                                             const std::vector<models::PingPongPoint>& table,
                                             const models::SegmentChoice& choice)
{
  std::vector<models::SegmentFit> fit;
  try {
    fit = models::fit_pingpong_segments(table, choice);
  } catch (const std::invalid_argument& e) {
    throw InputError(path + ": " + e.what());
  }
  double worst = 0;
  for (const auto& s : fit)
    worst = std::max(worst, s.max_relative_error);
  if (choice.boundaries.empty() && choice.segments == 0 && worst > choice.max_relative_error && report.notes())
    std::fprintf(stderr, "tireplay calibrate: note: no segmentation of %s fits every point within %g%% (--max-error): "
                         "%zu segment%s, off by up to %.3g%% (the fewest within %g percentage point or %g%% of the "
                         "most accurate's error)\n",
                 path.c_str(), 100 * choice.max_relative_error, fit.size(), fit.size() == 1 ? "" : "s", 100 * worst,
                 100 * models::kErrorMarginPoints, 100 * models::kErrorMarginShare);
  // A segment for nearly every size fits the noise, not the network: its factors mean nothing elsewhere. Sizes, not
  // rows: a size measured many times is one point of the segmentation.
  std::set<double> sizes;
  for (const auto& p : table)
    sizes.insert(p.bytes);
  if (choice.boundaries.empty() && choice.segments == 0 && fit.size() >= 4 && 3 * fit.size() > 2 * sizes.size())
    std::fprintf(stderr, "tireplay calibrate: warning: %zu segments for the %zu sizes of %s: a table this noisy is "
                         "fitted size by size, with factors that mean nothing between them; measure more repetitions "
                         "(the median of each size), or allow a larger --max-error\n",
                 fit.size(), sizes.size(), path.c_str());
  return fit;
}

void print_table_line(const Report& report, const std::string& path, const std::vector<models::PingPongPoint>& table)
{
  double low = table[0].bytes, high = table[0].bytes;
  for (const auto& p : table) {
    low  = std::min(low, p.bytes);
    high = std::max(high, p.bytes);
  }
  report.print("Ping-pong table %s: %zu rows, %.0f .. %.0f bytes\n", path.c_str(), table.size(), low, high);
}

// ---- tireplay calibrate factors ----

namespace {
/// A table of two ranks of one host (calibrate::one_host_evidence, without a nominal bandwidth) fitted to the route
/// between hosts `a` and `b` is refused, as `calibrate pingpong` refuses it for a cluster's links.
void check_two_hosts(const std::string& path, const std::vector<models::PingPongPoint>& table, const std::string& a,
                     const std::string& b)
{
  std::string evidence = calibrate::one_host_evidence(calibrate::read_pingpong_comments(path), table, 0);
  if (!evidence.empty())
    throw InputError(path + ": a ping-pong between two ranks of one host (" + evidence + "): it measures that "
                     "host's memory, not the route " + a + " -> " + b + " between two hosts\n  measure across them "
                     "(mpirun -np 2 --host " + a + "," + b + " pingpong), or fit the table to a host's route to "
                     "itself (--route " + a + "," + a + "); or give --one-host to fit it to this route all the same");
}
} // namespace

int factors(int argc, char** argv)
{
  std::string table_path, platform, route_text, options_out;
  std::vector<std::string> cfg;
  SegmentOptions segments;
  Report report;
  bool one_host = false;
  po::options_description desc(
      "usage: tireplay calibrate factors [--pingpong] TABLE --platform P.xml [--route HOST_A,HOST_B]\n"
      "                                  [--options-out FILE] [--one-host] [-q]\n\n"
      "SMPI's piecewise-linear model fitted to a ping-pong table (time-independent trace replay paper, section 5,\n"
      "step 2): on each message-size segment, the latency and bandwidth factors that make the route between the\n"
      "two ping-pong hosts on the platform give the measured one-way times (round trip / 2):\n"
      "  T/2 = route latency x lat-factor + (size + 16) / (route rate x bw-factor)\n"
      "A table of two ranks of one host is refused for a route between two hosts (docs/calibration.md).\n\n"
      "options");
  desc.add_options()("help,h", "this help")
      ("pingpong", po::value(&table_path), "ping-pong table ('SIZE TIME' lines, or SKaMPI's 'count=' lines)")
      ("platform", po::value(&platform), "SimGrid XML platform")
      ("route", po::value(&route_text), "the ping-pong's two hosts (default: the platform's first two)")
      ("cfg", po::value(&cfg)->composing(), "key:value, as for replay (network/TCP-gamma, network/crosstraffic...)")
      ("options-out", po::value(&options_out), "write the replay options (--cfg=...) here, one per line")
      ("one-host", po::bool_switch(&one_host), "TABLE is of two ranks of one host, and is fitted to a route between "
                                               "two hosts all the same");
  segments.add_to(desc);
  Report::add_option(desc, report);
  po::positional_options_description positional;
  positional.add("pingpong", 1);
  return guarded("calibrate factors", [&] {
    if (!parse_options(argc, argv, desc, &positional))
      return kExitOk;
    segments.finish();
    if (table_path.empty() || platform.empty())
      throw po::error("--pingpong and --platform are required");
    auto table = calibrate::read_pingpong_table(table_path);
    auto engine = engine_with_platform(platform, cfg);
    std::vector<sg4::Host*> hosts = models::hosts_in_zone_order(*engine->get_netzone_root());
    sg4::Host *a = nullptr, *b = nullptr;
    if (route_text.empty()) {
      if (hosts.size() < 2)
        throw InputError(platform + ": a ping-pong needs two hosts, the platform has " + std::to_string(hosts.size()));
      a = hosts[0], b = hosts[1];
    } else {
      size_t comma = route_text.find(',');
      if (comma == std::string::npos)
        throw po::error("--route: expected HOST_A,HOST_B, got '" + route_text + "'");
      for (auto [name, host] : {std::pair{route_text.substr(0, comma), &a}, {route_text.substr(comma + 1), &b}})
        if ((*host = engine->host_by_name_or_null(name)) == nullptr)
          throw InputError(platform + ": no host '" + name + "' (--route)");
    }
    if (a != b && !one_host)  // a host's route to itself is what a table of one host measures
      check_two_hosts(table_path, table, a->get_name(), b->get_name());
    auto fit = fit_segments(report, table_path, table, segments.choice);
    print_table_line(report, table_path, table);
    models::RouteParams route = models::route_params(*a, *b, models::network_factors_from_config());
    auto options = print_factors(report, fit, route, a->get_name() + " -> " + b->get_name());
    print_replay_options(report, options, options_out);
    return kExitOk;
  });
}

} // namespace tireplay::calibrate_cli
