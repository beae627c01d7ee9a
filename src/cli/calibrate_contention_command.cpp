// `tireplay calibrate contention`: the all-to-all contention signature (gamma, delta, M) of a network fitted to
// all-to-all timings, as section V of Steffenel, Martinasso and Trystram does it (models/calibration_contention.hpp).
#include "models/alltoall_models.hpp"
#include "models/calibration_contention.hpp"
#include "models/quantities.hpp"
#include "replay/model_contexts.hpp"
#include "replay/placement.hpp"
#include "src/calibrate/tables.hpp"
#include "src/cli/calibrate_support.hpp"
#include "src/cli/commands.hpp"
#include "src/cli/platform_engine.hpp"
#include "format/rank_reader.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace po = boost::program_options;

namespace tireplay::calibrate_cli {
namespace {

/// Equation 5's alpha and beta at each measurement's size: the platform's point-to-point parameters as the
/// replay's models see them (model_context of the ranks placed as `tireplay predict` places them), or constants.
std::vector<models::Hockney> hockney_terms(const std::vector<models::AlltoallPoint>& table,
                                           const models::PointToPoint* p2p, double alpha, double beta)
{
  std::vector<models::Hockney> terms;
  for (const auto& p : table)
    terms.push_back(p2p != nullptr ? models::alltoall_hockney(*p2p, p.bytes) : models::Hockney{alpha, beta});
  return terms;
}

void print_fit(const Report& report, const std::string& path, const std::vector<models::AlltoallPoint>& table,
               const std::vector<models::Hockney>& terms, const models::ContentionFit& fit, const std::string& source)
{
  int low_n = table[0].processes, high_n = low_n;
  double low_m = table[0].bytes, high_m = low_m;
  for (const auto& p : table) {
    low_n  = std::min(low_n, p.processes), high_n = std::max(high_n, p.processes);
    low_m  = std::min(low_m, p.bytes), high_m = std::max(high_m, p.bytes);
  }
  report.print("All-to-all table %s: %zu measurements, n = %d .. %d, m = %.0f .. %.0f bytes\n", path.c_str(),
              table.size(), low_n, high_n, low_m, high_m);
  report.print("alpha, beta: %s\n\n", source.c_str());
  report.print("  %6s %12s %14s %14s %9s\n", "n", "m (bytes)", "measured (s)", "equation 5 (s)", "error");
  for (size_t i = 0; i < table.size(); i++) {
    const auto& p = table[i];
    double T = models::contention_signature_time(p.processes, p.bytes, terms[i].alpha_seconds,
                                                 terms[i].beta_seconds_per_byte, fit.signature);
    report.print("  %6d %12.0f %14.6g %14.6g %8.3f%%\n", p.processes, p.bytes, p.seconds, T,
                100 * (T - p.seconds) / p.seconds);
  }
  report.print("\nContention signature (Steffenel, Martinasso, Trystram, section V; equation 5):\n");
  report.print("  gamma = %.6g\n", fit.signature.gamma);
  if (fit.signature.delta_seconds > 0)
    report.print("  delta = %.6g ms, for m >= M = %.0f bytes\n", fit.signature.delta_seconds * 1e3,
                fit.signature.threshold_bytes);
  else
    report.print("  delta = 0 (no start-up cost fits better: equation 4)\n");
  report.print("  relative error of the fitted times: rms %.3f%%, max %.3f%%\n", 100 * fit.rms_relative_error,
              100 * fit.max_relative_error);
}

} // namespace

int contention(int argc, char** argv)
{
  std::string table_path, platform, hostfile, alpha_text, bandwidth_text, options_out;
  double max_error = 0.1;
  std::vector<std::string> cfg;
  Report report;
  po::options_description desc(
      "usage: tireplay calibrate contention --alltoall TABLE --platform P.xml [--hostfile H] [--cfg k:v]\n"
      "       tireplay calibrate contention --alltoall TABLE --alpha A --bandwidth B\n\n"
      "The network's all-to-all contention signature (Steffenel, Martinasso, Trystram, section V): gamma, delta\n"
      "and M fitted by least squares (on relative errors) to measured all-to-all times, against equation 5\n"
      "  T = (n - 1) (alpha + m beta gamma)          if m < M\n"
      "  T = (n - 1) (alpha + m beta gamma + delta)  if m >= M\n"
      "with alpha and beta those of the platform's point-to-point messages as the replay's models price them (what\n"
      "--contention-signature is then used with), or constants from a point-to-point measure (--alpha, --bandwidth).\n"
      "Table: 'PROCESSES SIZE TIME' lines (n, bytes per destination, seconds or with a unit); four at least.\n\n"
      "options");
  desc.add_options()("help,h", "this help")
      ("alltoall", po::value(&table_path), "all-to-all table")
      ("platform", po::value(&platform), "SimGrid XML platform of the measured network (`calibrate pingpong`)")
      ("hostfile", po::value(&hostfile), "hosts of the ranks (default: round-robin over the platform's hosts)")
      ("cfg", po::value(&cfg)->composing(), "key:value, as for replay (smpi/bw-factor, smpi/lat-factor...)")
      ("alpha", po::value(&alpha_text), "instead of a platform: Hockney's start-up time (seconds, or with a unit)")
      ("bandwidth", po::value(&bandwidth_text), "and the bandwidth 1 / beta (bytes/s, or with Bps, MBps, Gbps...)")
      ("options-out", po::value(&options_out), "write the replay option (--contention-signature=...) here")
      ("max-error", po::value(&max_error)->default_value(0.1, "0.1"),
       "warn when the fit misses a measurement by more than this fraction");
  Report::add_option(desc, report);
  return guarded("calibrate contention", [&] {
    if (!parse_options(argc, argv, desc))
      return kExitOk;
    if (table_path.empty())
      throw po::error("--alltoall is required");
    bool constants = !alpha_text.empty() || !bandwidth_text.empty();
    if (constants == !platform.empty())
      throw po::error("give either --platform or --alpha and --bandwidth");
    if (constants && (alpha_text.empty() || bandwidth_text.empty()))
      throw po::error("--alpha and --bandwidth go together");
    double alpha = 0, beta = 0;
    if (constants) {
      alpha = models::parse_quantity(alpha_text, models::kTimeUnits);
      if (std::isnan(alpha))
        throw po::error("--alpha: '" + alpha_text + "' is not a time (seconds, or with ns, us, ms, s)");
      beta = 1 / quantity_option("bandwidth", bandwidth_text, models::kRateUnits,
                                 "a rate (bytes/s, or with Bps, kBps, MBps, GBps, bps, kbps, Mbps, Gbps)");
    }
    if (!(max_error > 0 && max_error < 10))
      throw po::error("--max-error: " + std::to_string(max_error) + " is not a positive fraction (0.1 for 10%)");
    auto table = calibrate::read_alltoall_table(table_path);
    std::string source;
    std::vector<models::Hockney> terms;
    if (constants) {
      terms  = hockney_terms(table, nullptr, alpha, beta);
      source = "constants, alpha = " + microseconds(alpha) + ", 1 / beta = " + megabytes_per_second(1 / beta);
    } else {
      int most = 2;
      for (const auto& p : table)
        most = std::max(most, p.processes);
      auto engine = engine_with_platform(platform, cfg);
      auto hosts  = place_ranks({platform, hostfile, "", true}, *engine, most);
      std::vector<simgrid::s4u::Host*> distinct(hosts);
      std::sort(distinct.begin(), distinct.end());
      if (std::unique(distinct.begin(), distinct.end()) - distinct.begin() < most)
        std::fprintf(stderr, "tireplay calibrate contention: warning: %d ranks on fewer hosts: ranks share hosts, "
                             "whose messages the models price apart (measure and calibrate one process per host)\n",
                     most);
      models::ModelContext ctx = model_context(hosts, "");
      terms  = hockney_terms(table, &ctx.p2p, 0, 0);
      source = platform + "'s point-to-point parameters for " + std::to_string(most) +
               " ranks (SMPI's factors included), equation 5's Hockney line at each size";
    }
    // gamma is the slope in m; delta and M sit between sizes: one size fits anything (0% error, a meaningless signature)
    if (std::all_of(table.begin(), table.end(), [&table](const auto& p) { return p.bytes == table.front().bytes; }))
      throw InputError(table_path + ": every measurement has m = " + std::to_string(static_cast<uint64_t>(
                                                                         table.front().bytes)) +
                       " bytes: the signature's slope in m needs measurements at two sizes at least");
    models::ContentionFit fit;
    try {
      fit = models::fit_contention_signature(table, terms);
    } catch (const std::invalid_argument& e) {
      throw InputError(table_path + ": " + e.what());
    }
    print_fit(report, table_path, table, terms, fit, source);
    if (fit.max_relative_error > max_error)
      std::fprintf(stderr, "tireplay calibrate contention: warning: the fit misses %s's times by up to %.1f%%, beyond "
                           "--max-error %.1f%% (the table above gives each row's error): equation 5 does not "
                           "describe these measurements well; check them, or measure more sizes per n\n",
                   table_path.c_str(), 100 * fit.max_relative_error, 100 * max_error);
    std::string option = "--contention-signature=" + models::contention_signature_spec(fit.signature);
    report.print("\nReplay option (tireplay replay --select model ...%s):\n  --contention-signature %s\n",
                options_out.empty() ? "" : (" $(cat " + options_out + ")").c_str(),
                models::contention_signature_spec(fit.signature).c_str());
    if (!options_out.empty())
      write_options_file(options_out, {option});
    return kExitOk;
  });
}

} // namespace tireplay::calibrate_cli
