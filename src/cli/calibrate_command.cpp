// `tireplay calibrate <what>`: the platform's parameters from measurements (docs/calibration.md). This file holds
// the table of subcommands, what they share, and `calibrate flops`.
#include "models/calibration_flops.hpp"
#include "models/quantities.hpp"
#include "src/calibrate/tables.hpp"
#include "src/cli/calibrate_support.hpp"
#include "src/cli/commands.hpp"
#include "format/rank_reader.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

namespace po = boost::program_options;

namespace tireplay {
namespace calibrate_cli {

double quantity_option(const std::string& option, const std::string& text, const std::map<std::string, double>& units,
                       const std::string& expected)
{
  double value = models::parse_quantity(text, units);
  if (std::isnan(value) || !(value > 0))
    throw po::error("--" + option + ": '" + text + "' is not " + expected);
  return value;
}

void write_options_file(const std::string& path, const std::vector<std::string>& options)
{
  std::ofstream out(path);
  for (const auto& o : options)
    out << o << '\n';
  if (!out)
    throw InputError(path + ": cannot write the replay options");
}

std::string microseconds(double seconds)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.6g us", seconds * 1e6);
  return text;
}

std::string megabytes_per_second(double bytes_per_second)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.6g MB/s", bytes_per_second * 1e-6);
  return text;
}

// ---- tireplay calibrate flops ----

int flops(int argc, char** argv)
{
  std::vector<std::string> files;
  std::string weight = "duration";
  Report report;
  po::options_description desc(
      "usage: tireplay calibrate flops RUN1.bursts [RUN2.bursts ...] [--weight duration|flops] [-q]\n\n"
      "The hosts' flop rate from small instrumented runs (time-independent trace replay paper, section 5): each\n"
      "file holds one run's bursts, 'RANK FLOPS SECONDS' per computation between two MPI calls, as\n"
      "`otf2ti ARCHIVE --bursts FILE` writes them from the run's OTF2 archive. A process's rate is the weighted\n"
      "average of its bursts' rates, a run's the mean over its processes, the result the mean over the runs.\n\n"
      "options");
  desc.add_options()("help,h", "this help")
      ("bursts", po::value(&files)->composing(), "a run's bursts table (also as positional arguments)")
      ("weight", po::value(&weight), "weights of the per-process average: duration (the default: the process's "
                                     "flops over its computing time) or flops");
  Report::add_option(desc, report);
  po::positional_options_description positional;
  positional.add("bursts", -1);
  return guarded("calibrate flops", [&] {
    if (!parse_options(argc, argv, desc, &positional))
      return kExitOk;
    if (files.empty())
      throw po::error("no bursts table (otf2ti ARCHIVE --bursts FILE writes one per run)");
    if (weight != "duration" && weight != "flops")
      throw po::error("--weight: unknown weight '" + weight + "' (valid: duration, flops)");
    std::vector<std::vector<models::ComputeBurst>> runs;
    for (const auto& f : files) {
      runs.push_back(calibrate::read_bursts_table(f));
      if (models::process_flop_rate(runs.back(), models::BurstWeight::Duration) == 0)
        throw InputError(f + ": no burst with both flops and a duration: nothing to take a rate from");
    }
    models::FlopRateFit fit =
        models::fit_flop_rate(runs, weight == "flops" ? models::BurstWeight::Flops : models::BurstWeight::Duration);
    report.print("Flop rate (time-independent trace replay paper, section 5): %zu run%s, %zu bursts", runs.size(),
                runs.size() == 1 ? "" : "s", fit.bursts_used);
    if (fit.bursts_skipped > 0)
      report.print(" (%zu without flops or duration left out)", fit.bursts_skipped);
    report.print("\n  %-4s %-32s %9s %16s %16s\n", "run", "bursts table", "processes", "flop rate (f/s)",
                "spread of ranks");
    for (size_t r = 0; r < runs.size(); r++) {
      double low = INFINITY, high = 0;
      int ranks  = 0;
      for (double rate : fit.rank_rates[r])
        if (rate > 0) {
          low  = std::min(low, rate);
          high = std::max(high, rate);
          ranks++;
        }
      report.print("  %-4zu %-32s %9d %16.6g %15.2f%%\n", r + 1, files[r].c_str(), ranks, fit.run_rates[r],
                  100 * (high - low) / fit.run_rates[r]);
    }
    report.print("  mean over the runs: %.6g flop/s (weighted by %s)\n\n", fit.flops_per_second, weight.c_str());
    report.print("Platform: the hosts' speed=\"%.9gf\"  (tireplay calibrate pingpong --speed %.9g)\n",
                fit.flops_per_second, fit.flops_per_second);
    return kExitOk;
  });
}

} // namespace calibrate_cli

namespace {

struct CalibrateCommand {
  const char* name;
  const char* summary;
  int (*run)(int, char**);
};

const std::vector<CalibrateCommand>& calibrate_commands()
{
  static const std::vector<CalibrateCommand> table{
      {"flops", "the hosts' flop rate from the bursts of instrumented runs (otf2ti --bursts)", calibrate_cli::flops},
      {"pingpong", "a cluster platform from a ping-pong table: latency (/ 6 rule), bandwidth, SMPI factors",
       calibrate_cli::pingpong},
      {"factors", "SMPI's piecewise latency and bandwidth factors of a platform's route from a ping-pong table",
       calibrate_cli::factors},
      {"contention", "the all-to-all contention signature (gamma, delta, M) from all-to-all timings",
       calibrate_cli::contention},
  };
  return table;
}

void calibrate_usage(FILE* out)
{
  std::fprintf(out, "usage: tireplay calibrate <what> [options]   (tireplay calibrate <what> --help)\n\n"
                    "Fits the platform's parameters to measurements (docs/calibration.md):\n");
  for (const auto& c : calibrate_commands())
    std::fprintf(out, "  %-12s %s\n", c.name, c.summary);
}

} // namespace

int calibrate_command(int argc, char** argv)
{
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    calibrate_usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? kExitBadInput : kExitOk;
  }
  for (const auto& c : calibrate_commands())
    if (std::strcmp(c.name, argv[1]) == 0)
      return c.run(argc - 1, argv + 1);
  std::fprintf(stderr, "tireplay calibrate: unknown calibration '%s'\n", argv[1]);
  calibrate_usage(stderr);
  return kExitBadInput;
}

} // namespace tireplay
