#include "src/cli/commands.hpp"
#include "src/sweep/plot.hpp"
#include "src/sweep/results.hpp"
#include "src/sweep/runner.hpp"
#include "src/trace/rank_reader.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace tireplay {
namespace {

struct SweepOptions {
  std::string trace;
  std::string platform;
  std::vector<std::string> vary;
  std::vector<std::string> replay_args;  // after `--`
  std::string study;
  std::string emit_jobs;
  std::string plot = "svg";
  int jobs   = 1;
  bool quiet = false;
};

const char* kSweepUsage =
    "usage: tireplay sweep --trace T --platform P --vary KEY=V1,V2,... [--vary ...] [--jobs N] -o STUDY\n"
    "                      [--emit-jobs FILE] [--plot svg|png|both|none] [-- replay options]\n"
    "       tireplay sweep collect -o STUDY [--plot ...]\n\n"
    "Replays a trace once per combination of the variations (their cartesian product, the last --vary changing\n"
    "fastest), each run a `tireplay replay` process, at most --jobs at once. Writes STUDY/plan.json (the runs and\n"
    "their commands), STUDY/runs/ID.json and .err (each run's summary and messages), STUDY/results.csv (run, the\n"
    "value of each variation, predicted_seconds, status: ok, blocked, failed or missing), STUDY/wall_times.csv\n"
    "and STUDY/sweep.svg (predicted time against each parameter). A failed run is reported and the sweep goes on;\n"
    "the exit status is then 1. Options after `--` go to every replay (--hostfile, --np, --cfg, ...).\n\n"
    "KEY=VALUES of --vary:\n"
    "  link.bw, link.lat, host.speed (or bw, lat, speed), optionally @ZONE for one zone and the zones inside it:\n"
    "      a factor (0.5x, 2x: replay --scale) or a value with its SimGrid unit (10us, 1GBps, 2Gf: replay --set)\n"
    "  ranks-per-node=1,2,4: K consecutive ranks on each host (replay --ranks-per-node)\n"
    "  OPERATION=ALG1,ALG2,model: a collective (bcast, reduce, ... see `tireplay algorithms`); an algorithm fixes\n"
    "      it (--coll), `model` lets the models choose it (--select model). Varied operations combine: in each\n"
    "      run, only those whose value is `model` are chosen by the models, every other operation runs its\n"
    "      value or SMPI's default, so that runs differ only in the varied operations.\n\n"
    "`collect` reads STUDY/plan.json and STUDY/runs/*.json, made by the commands of --emit-jobs wherever they\n"
    "ran, and writes the CSV and the plot.\n\noptions";

/// Splits off the replay options after `--`.
int split_replay_args(int argc, char** argv, std::vector<std::string>& replay_args)
{
  for (int i = 1; i < argc; i++) {
    if (std::strcmp(argv[i], "--") == 0) {
      replay_args.assign(argv + i + 1, argv + argc);
      return i;
    }
  }
  return argc;
}

std::vector<std::string> plot_paths(const std::string& study, const std::string& plot)
{
  if (plot == "none")
    return {};
  if (plot != "svg" && plot != "png" && plot != "both")
    throw po::error("--plot: unknown format '" + plot + "' (valid: svg, png, both, none)");
  std::vector<std::string> paths;
  for (const char* ext : {"svg", "png"})
    if (plot == ext || plot == "both")
      paths.push_back((fs::path(study) / (std::string("sweep.") + ext)).string());
  return paths;
}

/// Writes the CSV and the plots; returns the exit status: 0 when every run is ok.
int report(const SweepPlan& plan, const std::vector<std::string>& plots, bool quiet)
{
  std::vector<RunResult> results = collect_results(plan);
  write_results(plan, results);
  for (const auto& path : plots)
    if (!plot_sweep(plan, results, path))
      std::fprintf(stderr, "sweep: no run succeeded: no plot\n");
  size_t ok = 0;
  for (const auto& r : results)
    ok += r.status == "ok" ? 1 : 0;
  if (!quiet || ok < results.size())
    std::fprintf(stderr, "sweep: %zu runs, %zu ok, %zu not (see the status column): %s\n", results.size(), ok,
                 results.size() - ok, (fs::path(plan.study) / "results.csv").c_str());
  return ok == results.size() ? kExitOk : kExitFailure;
}

void emit_jobs(const SweepPlan& plan, const std::string& binary, const std::string& path)
{
  std::ofstream out(path);
  for (const auto& run : plan.runs)
    out << run_command_line(binary, plan, run) << "\n";
  if (!out)
    throw InputError(path + ": cannot write the commands of the runs");
}

int collect_command(int argc, char** argv)
{
  std::string study, plot = "svg";
  bool quiet = false;
  po::options_description desc(kSweepUsage);
  desc.add_options()("help,h", "this help")("output,o", po::value(&study)->required(), "the study's directory")(
      "plot", po::value(&plot), "pictures: svg, png, both or none")("quiet,q", po::bool_switch(&quiet),
                                                                    "print nothing but problems");
  try {
    if (!parse_options(argc, argv, desc))
      return kExitOk;
    return report(read_plan(study), plot_paths(study, plot), quiet);
  } catch (const po::error& e) {
    std::fprintf(stderr, "tireplay sweep collect: %s\n(see tireplay sweep --help)\n", e.what());
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
  }
  return kExitBadInput;
}

} // namespace

int sweep_command(int argc, char** argv)
{
  if (argc > 1 && std::strcmp(argv[1], "collect") == 0)
    return collect_command(argc - 1, argv + 1);
  SweepOptions opt;
  argc = split_replay_args(argc, argv, opt.replay_args);
  po::options_description desc(kSweepUsage);
  desc.add_options()("help,h", "this help")
      ("trace", po::value(&opt.trace)->required(), "trace: index file, shared trace file or directory")
      ("platform", po::value(&opt.platform)->required(), "SimGrid XML platform")
      ("vary", po::value(&opt.vary)->composing()->required(), "KEY=V1,V2,...: a parameter and its values")
      ("output,o", po::value(&opt.study)->required(), "the study's directory (created)")
      ("jobs,j", po::value(&opt.jobs)->default_value(1), "replays run at once")
      ("emit-jobs", po::value(&opt.emit_jobs),
       "write the plan and one command per run to FILE, one per line (for a job array), and run nothing")
      ("plot", po::value(&opt.plot), "pictures: svg (default), png, both or none")
      ("quiet,q", po::bool_switch(&opt.quiet), "print nothing but failures");

  try {
    if (!parse_options(argc, argv, desc))
      return kExitOk;
    if (opt.jobs < 1)
      throw po::error("--jobs must be at least 1");
    for (const auto& path : {opt.trace, opt.platform})
      if (!fs::exists(path))
        throw InputError(path + ": no such file or directory");
    std::vector<Variation> variations;
    for (const auto& v : opt.vary)
      variations.push_back(parse_variation(v));
    std::vector<std::string> base{"--trace", opt.trace, "--platform", opt.platform};
    base.insert(base.end(), opt.replay_args.begin(), opt.replay_args.end());
    SweepPlan plan = make_plan(opt.study, variations, base);
    auto plots = plot_paths(opt.study, opt.plot);
    write_plan(plan);

    std::string binary = fs::read_symlink("/proc/self/exe").string();
    if (!opt.emit_jobs.empty()) {
      emit_jobs(plan, binary, opt.emit_jobs);
      if (!opt.quiet)
        std::fprintf(stderr, "sweep: %zu commands in %s; run them (from this directory), then `tireplay sweep "
                             "collect -o %s`\n", plan.runs.size(), opt.emit_jobs.c_str(), opt.study.c_str());
      return kExitOk;
    }
    SweepDisplay display = opt.quiet ? SweepDisplay::Quiet
                                     : isatty(STDERR_FILENO) ? SweepDisplay::Bar : SweepDisplay::Lines;
    run_plan(plan, {binary, opt.jobs, display});
    return report(plan, plots, opt.quiet);
  } catch (const po::error& e) {
    std::fprintf(stderr, "tireplay sweep: %s\n(see tireplay sweep --help)\n", e.what());
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "tireplay sweep: %s\n", e.what());
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
  }
  return kExitBadInput;
}

} // namespace tireplay
