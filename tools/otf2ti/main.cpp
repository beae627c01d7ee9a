// otf2ti: converts the OTF2 archive of an MPI run into tireplay time-independent traces (docs/trace-format.md).
//   otf2ti ARCHIVE/traces.otf2 -o OUTDIR [--flop-metric NAME] [--flop-rate F] [--cpu-threshold S] [--threads N] [--one-file]
//          [--compress none|gzip|zstd|xz] [--bursts FILE] [--keep-tests]
// Exit status: 0 converted, 2 bad input (the message names the location and event), 1 usage.
#include "archive_files.hpp"
#include "collectives.hpp"
#include "crash_guard.hpp"
#include "convert.hpp"
#include "definitions.hpp"
#include "models/quantities.hpp"
#include "otf2_errors.hpp"
#include "output.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace po = boost::program_options;
namespace fs = std::filesystem;
using otf2ti::kSuffixes;
using otf2ti::Placement;

namespace {

std::string number_text(double x)
{
  std::ostringstream s;
  s << x;
  return s.str();
}

/// Converts every rank on `threads` threads; the first error stops the others.
std::vector<otf2ti::RankTrace> convert_all(const std::string& archive, const otf2ti::Definitions& defs,
                                           const otf2ti::Options& options, int threads)
{
  const int ranks = static_cast<int>(defs.location_of_rank.size());
  std::vector<otf2ti::RankTrace> traces(static_cast<size_t>(ranks));
  std::atomic<int> next{0}, done{0};
  const bool progress = isatty(STDERR_FILENO) != 0;
  std::string error;
  std::mutex mutex;
  auto work = [&] {
    for (int r = next++; r < ranks; r = next++) {
      try {
        traces[static_cast<size_t>(r)] = otf2ti::convert_rank(archive, defs, r, options);
      } catch (const std::exception& e) {
        std::lock_guard lock(mutex);
        if (error.empty())
          error = e.what();
        next = ranks;
      }
      int finished = ++done;
      std::lock_guard lock(mutex);
      if (progress)  // on a terminal only: a log or a pipe gets no carriage returns
        std::cerr << "\rotf2ti: " << finished << " / " << ranks << " ranks" << std::flush;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::min(threads, ranks); t++)
    pool.emplace_back(work);
  work();
  for (auto& t : pool)
    t.join();
  if (progress)
    std::cerr << '\n';
  if (!error.empty())
    throw std::runtime_error(error);
  return traces;
}


/// Warns about communication calls the archive holds no event for: "MPI_Iallgather x360 (10 ranks)".
void report_unrecorded(const std::vector<otf2ti::RankTrace>& traces)
{
  std::map<std::string, std::pair<uint64_t, int>> calls;  // name -> (calls, ranks)
  for (const auto& t : traces)
    for (const auto& [name, count] : t.unrecorded) {
      calls[name].first += count;
      calls[name].second++;
    }
  if (calls.empty())
    return;
  std::cerr << "otf2ti: warning: the archive holds no MPI event (sizes, peers, communicator) inside these calls, so "
               "they are not in the trace:";
  for (const auto& [name, c] : calls)
    std::cerr << " " << name << " x" << c.first << " (" << c.second << (c.second == 1 ? " rank)" : " ranks)");
  std::cerr << "\n";
}

/// Locations that are not MPI ranks' (threads, accelerator streams) and hold events: otf2ti reads the ranks' only.
void report_other_locations(const otf2ti::Definitions& defs)
{
  uint64_t locations = 0, events = 0;
  for (const auto& [location, count] : defs.location_events)
    if (count > 0 && defs.rank_of_location.count(location) == 0)
      locations++, events += count;
  if (locations > 0)
    std::cerr << "otf2ti: warning: " << locations << " location(s) that are no MPI rank's (threads, accelerator "
              << "streams) hold " << events << " events, which otf2ti does not read: MPI calls made there (by a "
              << "thread other than the one that called MPI_Init) are not in the trace\n";
}

void report_bad_counters(const std::vector<otf2ti::RankTrace>& traces)
{
  for (size_t r = 0; r < traces.size(); r++)
    if (traces[r].bad_counters > 0)
      std::cerr << "otf2ti: warning: rank " << r << ": " << traces[r].bad_counters << " computation(s) whose flop "
                << "counter or CPU time went back or was not a number (a counter reset?): taken as none\n";
}

/// Per rank, the calls that are in the trace as `# unreplayed` comments only, and the events without a peer.
void report_unreplayed(const std::vector<otf2ti::RankTrace>& traces)
{
  bool any = false;
  uint64_t null_peers = 0;
  for (size_t r = 0; r < traces.size(); r++) {
    for (const auto& [name, count] : traces[r].null_peers)
      null_peers += count;
    if (traces[r].unreplayed.empty())
      continue;
    if (!any)
      std::cerr << "otf2ti: warning: calls tireplay cannot replay (MPI-IO, neighbourhood collectives) are reported in "
                   "the trace, not replayed:\n";
    any = true;
    std::cerr << "  rank " << r << ":";
    for (const auto& [name, u] : traces[r].unreplayed)
      std::cerr << " " << name << " x" << u.calls << " (" << u.seconds << " s)";
    std::cerr << "\n";
  }
  if (null_peers > 0)
    std::cerr << "otf2ti: " << null_peers
              << " operations with MPI_PROC_NULL as peer left no action (one-sided targets too; the trace's # proc_null "
                 "lines)\n";
}

/// Warns about the isends whose request never completes in the trace, naming their lines in the written files.
void report_uncompleted(const std::vector<otf2ti::RankTrace>& traces, const std::vector<Placement>& placed)
{
  constexpr size_t kShown = 10;
  size_t total = 0;
  for (const auto& t : traces)
    total += t.uncompleted.size();
  if (total == 0)
    return;
  std::cerr << "otf2ti: warning: " << total << (total == 1 ? " send request never completes" : " send requests never complete")
            << " in the trace (freed by MPI_Request_free, or completed by a call the archive does not "
               "show); the replay waits for them at the end of their rank:\n";
  size_t shown = 0;
  for (size_t r = 0; r < traces.size() && shown < kShown; r++) {
    const auto& t = traces[r];
    for (const auto& u : t.uncompleted) {
      if (shown++ == kShown)
        break;
      size_t line = placed[r].first_line - 1;
      for (size_t i = 0; i <= u.line; i++)
        line += otf2ti::lines_in(t.lines[i]);
      const std::string& slot = t.lines[u.line];
      std::cerr << "  " << placed[r].file.string();
      if (placed[r].first_line > 0)  // (a packed trace's lines are not numbered in its text)
        std::cerr << ":" << line;
      std::cerr << ": " << slot.substr(slot.rfind('\n') + 1)
                << " (" << u.call << ", event " << u.position << ")\n";
    }
  }
  if (total > kShown)
    std::cerr << "  ... and " << total - kShown << " more\n";
}

} // namespace

int main(int argc, char** argv)
{
  std::string archive, out, flop_metric, bursts;
  otf2ti::Options options;
  int threads   = 1;
  std::string flop_rate_text;
  bool one_file = false, no_polls = false, packed = false;
  std::string compress = "none";
  po::options_description opts("otf2ti ARCHIVE/traces.otf2 -o OUTDIR [options]");
  opts.add_options()("help,h", "this help")("version", "print the version")("output,o", po::value(&out), "output directory (required, but with --bursts alone)")(
      "flop-metric", po::value(&flop_metric), "flop counter of the archive (default: PAPI_FP_OPS, PAPI_DP_OPS, PAPI_SP_OPS)")(
      "flop-rate", po::value(&flop_rate_text)->default_value("1Gf"),
      "flops per second of the traced machine, for computations without a flop counter: 2.5e9, 2.5Gf, 800Mf")(
      "cpu-threshold", po::value(&options.cpu_threshold)->default_value(1e-6, "1e-6"),
      "bursts shorter than this many seconds are left out (SMPI's smpi/cpu-threshold; 0 keeps them all)")(
      "threads", po::value(&threads)->default_value(1), "ranks read at once")(
      "one-file", po::bool_switch(&one_file), "all ranks in OUTDIR/trace.txt")(
      "packed", po::bool_switch(&packed), "the trace in the packed form, OUTDIR/trace.tipack: one binary file, read "
                                          "faster (docs/trace-format.md section 13); as any conversion, it replaces "
                                          "an earlier one in OUTDIR, text or packed")(
      "compress", po::value(&compress)->default_value("none"),
      "compress the rank files (or the --one-file trace): none, gzip, zstd or xz; tireplay reads them as they are")(
      "keep-tests", po::bool_switch(&options.keep_tests),
      "write every unsuccessful MPI_Test, as SMPI's tracer does (default: a polling loop's tests of one request, "
      "with only computation between them, are one test)")(
      "no-polls", po::bool_switch(&no_polls), "leave out the program's checks for messages between pieces of its work "
                                              "(`poll` lines: SMPI's replay has no such action)")(
      "bursts", po::value(&bursts), "also write each computation's flops and duration to this file, 'RANK FLOPS "
                                    "SECONDS' lines, for `tireplay calibrate flops` (needs a flop counter)");
  po::options_description hidden;
  hidden.add_options()("archive", po::value(&archive));
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description positional;
  positional.add("archive", 1);
  try {
    for (int i = 1; i < argc; i++)  // Boost substitutes these in its messages forever (tireplay's parse_options)
      for (const char* placeholder : {"%canonical_option%", "%option%", "%value%", "%prefix%", "%original_token%"})
        if (std::strstr(argv[i], placeholder) != nullptr)
          throw po::error(std::string("'") + argv[i] + "': " + placeholder + " cannot appear in an argument");
    po::variables_map vm;
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
    if (vm.count("help") || vm.count("version")) {
      if (vm.count("help"))
        std::cout << opts;
      else
        std::cout << "otf2ti (tireplay) " << TIREPLAY_VERSION << "\n";
      if (std::cout.flush())
        return 0;
      std::cerr << "otf2ti: cannot write to standard output\n";  // a full disk (or /dev/full)
      return 2;
    }
    if (archive.empty() || (out.empty() && bursts.empty()))
      throw po::error("an archive (its .otf2 file) and -o OUTDIR (or --bursts FILE) are required");
    options.flop_rate = tireplay::models::parse_quantity(flop_rate_text, tireplay::models::kSpeedUnits);
    if (std::isnan(options.flop_rate))
      throw po::error("--flop-rate: '" + flop_rate_text + "' is not a rate (e.g. 2.5e9, 2.5Gf, 800Mf)");
    // A rate beyond 1e15 flop/s (no core comes near) makes a second of CPU time overflow the trace's integers.
    if (!(options.flop_rate >= 1 && options.flop_rate <= 1e15))
      throw po::error("--flop-rate: " + number_text(options.flop_rate) + " is out of range (1 to 1e15 flop/s)");
    if (options.flop_rate < 1e6)  // 2.5 meant 2.5 Gflop/s: every computation rounds to a few flops, some to none
      std::cerr << "otf2ti: warning: --flop-rate " << flop_rate_text << " is " << number_text(options.flop_rate)
                << " flop/s, slower than any core (a rate is in flop/s: 2.5e9 or 2.5Gf for 2.5 Gflop/s)\n";
    if (!(options.cpu_threshold >= 0 && options.cpu_threshold <= 3600))
      throw po::error("--cpu-threshold: " + number_text(options.cpu_threshold) +
                      " is out of range (0 to 3600 seconds)");
    options.polls = !no_polls;
    if (threads < 1 || threads > 1024)
      throw po::error("--threads: " + std::to_string(threads) + " is out of range (1 to 1024)");
    if (kSuffixes.count(compress) == 0)
      throw po::error("--compress: '" + compress + "' is not one of none, gzip, zstd, xz");
    if (packed && (one_file || compress != "none"))
      throw po::error(std::string("--packed writes one binary file: ") + (one_file ? "--one-file" : "--compress") +
                      " does not apply to it");
  } catch (const po::error& e) {
    std::cerr << "otf2ti: " << e.what() << "\n(see otf2ti --help)\n";
    return 2;  // as tireplay: bad input or option
  }
  if (std::error_code ec; fs::is_directory(archive, ec)) {  // the tracer's directory: its anchor file inside
    std::vector<fs::path> anchors;
    for (const auto& entry : fs::directory_iterator(archive, ec))
      if (entry.path().extension() == ".otf2" && !entry.is_directory(ec))  // a FIFO too: refused, not skipped
        anchors.push_back(entry.path());
    if (anchors.size() != 1) {
      std::cerr << "otf2ti: " << archive << ": a directory with " << anchors.size()
                << " .otf2 files: give the archive's anchor file (DIR/traces.otf2)"
                << (anchors.empty() ? otf2ti::missing_anchor_hint((fs::path(archive) / "traces.otf2").string()) : "")
                << "\n";
      return 2;
    }
    archive = anchors[0].string();
  }
  otf2ti::capture_otf2_errors();
  otf2ti::guard_crashes(archive);
  try {
    otf2ti::check_archive_files(archive);
    otf2ti::check_outputs(archive, out, bursts);
    otf2ti::Definitions defs = otf2ti::read_definitions(archive, flop_metric);
    if (!bursts.empty() && defs.flop_metric_name.empty())
      throw std::runtime_error(archive + ": no flop counter (PAPI_FP_OPS, PAPI_DP_OPS, PAPI_SP_OPS, or --flop-metric): "
                               "the bursts' flops are unknown (--bursts)");
    options.record_bursts = !bursts.empty();
    auto traces = convert_all(archive, defs, options, threads);
    uint64_t estimated = otf2ti::fill_counts(traces, defs);
    uint64_t events = 0, actions = 0;
    for (const auto& t : traces) {
      events += t.events;
      for (const auto& slot : t.lines)
        actions += otf2ti::lines_in(slot);
    }
    if (actions == 0)
      throw std::runtime_error(archive + ": no MPI call in any location: not a trace of an MPI run");
    if (defs.flop_metric_name.empty())
      std::cerr << "otf2ti: no flop counter in " << archive << ": computations are their "
                << (defs.cpu_member.empty() ? "duration" : "CPU time (the tracer's cpu_time)") << " x "
                << options.flop_rate << " flop/s (--flop-rate)\n";
    report_unrecorded(traces);
    report_bad_counters(traces);
    report_other_locations(defs);
    report_unreplayed(traces);
    if (estimated > 0)  // how far off depends on the pattern and the platform: say it, once
      std::cerr << "otf2ti: warning: per-peer counts of " << estimated << " alltoallv calls (MPI_Alltoallv, "
                   "MPI_Alltoallw and their non-blocking forms) estimated from their totals: the archive records "
                   "each rank's totals only (docs/acquisition.md, Collectives)\n";
    double run = -1;
    for (const auto& t : traces)
      run = std::max(run, t.run_seconds);
    if (run >= 0)
      std::cerr << "otf2ti: the traced run took " << run << " s from MPI_Init to MPI_Finalize (slowest rank)\n";
    if (!out.empty()) {
      std::vector<Placement> placed;
      fs::path written = packed ? otf2ti::write_packed(out, traces, placed)
                                : otf2ti::write(out, traces, one_file, compress, placed);
      report_uncompleted(traces, placed);
      std::cerr << "otf2ti: " << traces.size() << " ranks, " << events << " events, " << actions << " actions -> "
                << written.string() << "\n";
    }
    if (!bursts.empty()) {
      otf2ti::write_bursts(bursts, archive, defs.flop_metric_name, traces);
      size_t count = 0;
      for (const auto& t : traces)
        count += t.bursts.size();
      std::cerr << "otf2ti: " << count << " bursts -> " << bursts << "\n";
    }
  } catch (const std::exception& e) {
    std::cerr << "otf2ti: " << e.what() << '\n';
    return 2;
  }
  return 0;
}
