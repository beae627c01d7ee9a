#include "replay/engine.hpp"
#include "src/cli/commands.hpp"
#include "src/cli/replay_options.hpp"
#include "src/report/summary.hpp"
#include "src/report/timed_outputs.hpp"
#include "format/output_file.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace po = boost::program_options;

namespace tireplay {

int replay_command(int argc, char** argv)
{
  ReplayOptions opt;
  std::string json;
  TimedOutputs timed;
  bool quiet = false, progress = false;
  po::options_description desc(
      "usage: tireplay replay --platform P.xml --trace TRACE [--hostfile H | --deployment D] [--np N] [options]\n"
      "       tireplay replay --platform P.xml --jobs-file JOBS [--hostfile H] [options]\n\n"
      "Replays a time-independent trace (an index of per-rank files, one shared file, a directory of per-rank\n"
      "files, or smpirun's or otf2ti's output directory; plain or compressed with gzip, zstd, xz or bzip2) on a\n"
      "SimGrid platform and prints the predicted execution time and a per-rank breakdown. With --jobs-file, several\n"
      "applications share the platform (SimGrid's replay_multiple format: `id trace np start_delay_flops [hostfile]`\n"
      "per line), each reported apart.\n\noptions");
  desc.add_options()("help,h", "this help");
  desc.add(replay_options(opt));
  desc.add_options()
      ("json", file_option(&json, "json"), "write a JSON summary to this file")
      ("paje", file_option(&timed.paje, "paje"), "write a Paje trace of the simulated run (ViTE, pajeng)")
      ("events-csv", file_option(&timed.events_csv, "events-csv"), "write every action's start and end: "
                                                  "rank,action,state,start,end,bytes,flops,line")
      ("gantt", file_option(&timed.gantt, "gantt"), "draw a Gantt chart of the simulated run (FILE.svg or FILE.png)")
      ("breakdown", file_option(&timed.breakdown, "breakdown"), "draw the per-rank compute/communication/wait breakdown "
                                                 "(FILE.svg or FILE.png)")
      ("otf2-out", file_option(&timed.otf2_dir, "otf2-out"), "write the timeline as an OTF2 archive DIR/traces.otf2")
      ("quiet,q", po::bool_switch(&quiet), "print nothing but errors; no progress")
      ("progress", po::bool_switch(&progress), "progress even when standard error is not a terminal (a line every "
                                               "10 s, for a log file)");

  return guarded("replay", [&]() -> int {
    if (!parse_options(argc, argv, desc))
      return kExitOk;
    check_replay_options(opt);
    timed.check();
    if (quiet && progress)
      throw po::error("--quiet and --progress contradict each other");
    opt.progress        = progress || (!quiet && isatty(STDERR_FILENO));
    opt.progress_lines  = !isatty(STDERR_FILENO);
    opt.record_timeline = timed.need_timeline();
    opt.outputs = {{"--json", json},         {"--paje", timed.paje},           {"--events-csv", timed.events_csv},
                   {"--gantt", timed.gantt}, {"--breakdown", timed.breakdown}, {"--otf2-out", timed.otf2_dir},
                   {"--explain", opt.explain}};
    opt.outputs.erase(std::remove_if(opt.outputs.begin(), opt.outputs.end(),
                                     [](const auto& o) { return o.second.empty(); }),
                      opt.outputs.end());
    opt.output_dirs = {"--otf2-out"};
    // "-": standard output, for one output at most; the summary then goes to standard error
    auto standard = std::count_if(opt.outputs.begin(), opt.outputs.end(),
                                  [](const auto& o) { return is_standard_output(o.second); });
    if (standard > 1)
      throw std::invalid_argument("only one output can be standard output ('-')");
    ReplayResult result = run_replay(opt);
    if (!quiet)  // first: a file that cannot be written after all does not lose the prediction
      print_summary(standard > 0 ? stderr : stdout, result);
    print_problems(stderr, result);
    std::fflush(stdout);
    if (!json.empty())
      write_json_summary(json, opt, result);
    timed.write(result);
    return result.completed() ? kExitOk : kExitBlocked;
  });
}

} // namespace tireplay
