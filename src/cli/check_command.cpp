// tireplay check: replays a trace and compares the prediction with a recorded baseline (docs/regression-checks.md).
#include "src/cli/commands.hpp"
#include "src/cli/replay_options.hpp"
#include "src/report/regression.hpp"
#include "src/report/summary.hpp"
#include "format/input_file.hpp"
#include "format/line_parser.hpp"
#include "format/output_file.hpp"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <stdexcept>

namespace po = boost::program_options;

namespace tireplay {

int check_command(int argc, char** argv)
{
  ReplayOptions opt;
  std::string baseline_path, tolerance_text = "2%";
  bool write_baseline = false, quiet = false;
  std::string json;
  po::options_description desc(
      "usage: tireplay check --platform P.xml --trace TRACE --baseline B.json [--tolerance 2%] [--write-baseline]\n"
      "                      [replay options]\n\n"
      "Replays a trace and compares its predicted time and per-rank breakdown (compute, comm, wait, finish) with a\n"
      "baseline recorded by --write-baseline (a `tireplay replay --json` summary). Exit status: 0 within tolerance,\n"
      "1 out of tolerance (slower or faster: a faster run asks for a new baseline), 2 bad input, 3 the trace\n"
      "deadlocks.\n\noptions");
  desc.add_options()("help,h", "this help")
      ("baseline", po::value(&baseline_path)->required(), "the baseline JSON file")
      ("tolerance", po::value(&tolerance_text)->default_value("2%"),
       "allowed relative change, 2% or 0.02; per-rank values smaller than 1% of the predicted time are held to "
       "that fraction of 1% of it")
      ("write-baseline", po::bool_switch(&write_baseline), "record the baseline instead of checking it")
      ("json", po::value(&json), "also write this run's JSON summary to FILE")
      ("quiet,q", po::bool_switch(&quiet), "print nothing but errors and warnings: the exit status says it all");
  desc.add(replay_options(opt));
  return guarded("check", [&]() -> int {
    if (!parse_options(argc, argv, desc))
      return kExitOk;
    check_replay_options(opt);
    double tolerance = parse_tolerance(tolerance_text);
    Baseline baseline;
    if (!write_baseline)
      baseline = read_baseline(baseline_path);  // a missing baseline fails before the replay
    else {
      std::error_code ec;  // the baseline's directory is made (a CI job's first run)
      auto dir = std::filesystem::absolute(baseline_path, ec).parent_path();
      if (!ec && !dir.empty())
        std::filesystem::create_directories(dir, ec);
      opt.outputs = {{"--baseline", baseline_path}};
    }
    const std::string& input = opt.jobs_file.empty() ? opt.trace : opt.jobs_file;  // the baseline's trace or jobs file
    const std::string platform = with_pipe_names(opt.platform);                   // as the summary names it
    // The same files named from another directory are the same inputs: absolute paths where the baseline has them.
    bool other_trace = !baseline.trace_absolute.empty() ? baseline.trace_absolute != absolute_path(input)
                                                        : !baseline.trace.empty() && baseline.trace != input;
    bool other_platform = !baseline.platform_absolute.empty()
                              ? baseline.platform_absolute != absolute_path(platform)
                              : !baseline.platform.empty() && baseline.platform != platform;
    if (!write_baseline && (other_trace || other_platform)) {
      // the names as given, or, where those read the same, the absolute paths compared
      bool same_look = baseline.trace == input && baseline.platform == platform;
      std::string then_trace = same_look && !baseline.trace_absolute.empty() ? baseline.trace_absolute : baseline.trace;
      std::string then_platform =
          same_look && !baseline.platform_absolute.empty() ? baseline.platform_absolute : baseline.platform;
      std::string now_trace = same_look ? absolute_path(input) : input;
      std::string now_platform = same_look ? absolute_path(platform) : platform;
      std::fprintf(stderr, "tireplay check: warning: the baseline was made from trace %s on platform %s; this check "
                           "replays trace %s on platform %s\n", shown_text(then_trace, 1000).c_str(),
                   shown_text(then_platform, 1000).c_str(), now_trace.c_str(), now_platform.c_str());
    }
    if (!write_baseline && baseline.fidelity != opt.fidelity)
      std::fprintf(stderr, "tireplay check: warning: the baseline was made at --fidelity %s; this check replays at "
                           "--fidelity %s (docs/fidelity.md: the fast level is within 3%% of the full one)\n",
                   shown_text(baseline.fidelity, 100).c_str(), opt.fidelity.c_str());
    if (std::string now = result_options_json(opt); !write_baseline && !baseline.options.empty() &&
                                                      baseline.options != now)
      std::fprintf(stderr, "tireplay check: warning: the baseline was made with the options %s; this check replays "
                           "with %s\n", shown_text(baseline.options, 1000).c_str(), now.c_str());
    if (!json.empty()) {
      if (!write_baseline)  // the baseline is an input of the check
        check_output_path(json, "--json", {baseline_path}, false);
      opt.outputs.push_back({"--json", json});
    }
    ReplayResult result = run_replay(opt);
    if (!json.empty())
      write_json_summary(json, opt, result);
    print_problems(stderr, result);
    if (!result.completed())
      return kExitBlocked;
    if (write_baseline) {
      write_json_summary(baseline_path, opt, result);
      if (!quiet)
        std::printf("tireplay check: baseline written to %s (predicted time %.9f s)\n", baseline_path.c_str(),
                    result.simulated_time);
      return kExitOk;
    }
    std::vector<Difference> differences;
    try {
      differences = compare(baseline, result, tolerance);
    } catch (const std::invalid_argument& e) {  // a baseline of another run: name it
      throw InputError(baseline_path + ": " + e.what());
    }
    if (!quiet)  // beside a JSON summary on standard output (--json -): on standard error
      print_check(is_standard_output(json) ? stderr : stdout, baseline, result, tolerance, differences);
    return differences.empty() ? kExitOk : kExitFailure;
  });
}

} // namespace tireplay
