#include "replay/configuration.hpp"
#include "replay/fast/platform_view.hpp"
#include "replay/jobs.hpp"
#include "replay/platform_changes.hpp"
#include "models/quantities.hpp"
#include "src/cli/commands.hpp"
#include "src/cli/replay_options.hpp"
#include "src/cli/sweep_runs.hpp"
#include "src/cli/sweep_slurm.hpp"
#include "src/report/summary.hpp"
#include "src/report/gnuplot.hpp"
#include "src/sweep/plot.hpp"
#include "src/sweep/results.hpp"
#include "src/sweep/runner.hpp"
#include "format/input_file.hpp"
#include "format/line_parser.hpp"
#include "format/output_file.hpp"
#include "format/rank_reader.hpp"
#include "format/trace_source.hpp"

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
  ReplayOptions replay;  // the replay options given to the sweep, checked before any run
  std::vector<std::string> vary;
  std::string study;
  std::string emit_jobs;
  std::string submit;       // "slurm", or empty: run here
  std::string sbatch;       // --sbatch's text
  int runs_per_task = 0;    // 0: from a first timed run
  std::string task_time = "10min";
  std::string plot = "svg";
  int jobs   = 1;
  bool quiet = false;
  bool force = false;
};

/// A study's directory holds one plan: another one there (other runs or values) is not replaced without --force,
/// for its results would go with it. The same plan again is run again.
void refuse_other_study(const SweepPlan& plan)
{
  std::error_code ec;
  if (!fs::exists(fs::path(plan.study) / "plan.json", ec))
    return;
  SweepPlan earlier;
  try {
    earlier = read_plan(plan.study);
  } catch (const InputError&) {
    throw InputError(plan.study + ": holds a plan.json that is not this sweep's; give --force to replace it, or "
                     "another -o");
  }
  auto same = [](const SweepRun& a, const SweepRun& b) { return a.id == b.id && a.args == b.args; };
  if (earlier.runs.size() == plan.runs.size() &&
      std::equal(earlier.runs.begin(), earlier.runs.end(), plan.runs.begin(), same))
    return;
  std::string varied;
  for (const auto& v : earlier.variations)
    varied += (varied.empty() ? "" : ", ") + v.key;
  throw InputError(plan.study + ": holds another study (" + std::to_string(earlier.runs.size()) + " runs varying " +
                   varied + ", and its results); give --force to replace it, or another -o");
}

const char* kSweepUsage =
    "usage: tireplay sweep --trace T --platform P --vary KEY=V1,V2,... [--vary ...] [--parallel N] -o STUDY\n"
    "                      [--emit-jobs FILE] [--plot svg|png|both|none] [-- replay options]\n"
    "       tireplay sweep ... -o STUDY --submit slurm [--sbatch \"ARGS\"] [--runs-per-task N | --task-time 10min]\n"
    "       tireplay sweep status [-o] STUDY;  tireplay sweep resubmit [-o] STUDY\n"
    "       tireplay sweep collect [-o] STUDY [--wait] [--plot ...]\n\n"
    "Replays a trace once per combination of the variations (their cartesian product, the last --vary changing\n"
    "fastest), each run a `tireplay replay` process, at most --parallel at once. Writes STUDY/plan.json (the runs and\n"
    "their commands), STUDY/runs/ID.json and .err (each run's summary and messages), STUDY/results.csv (run, the\n"
    "value of each variation, predicted_seconds, status: ok, blocked, failed or missing), STUDY/wall_times.csv\n"
    "and STUDY/sweep.svg (predicted time against each parameter). A failed run is reported and the sweep goes on;\n"
    "the exit status is then 1. Every replay option (--hostfile, --np, --cfg, ...) goes to every run; all are\n"
    "checked, with each run's variations and the platform, before the first run (`--` before them is accepted, as\n"
    "before); what needs the trace read (--np against its ranks, its lines) fails in each run.\n\n"
    "KEY=VALUES of --vary:\n"
    "  link.bw, link.lat, host.speed (or bw, lat, speed), optionally @ZONE for one zone and the zones inside it:\n"
    "      a factor (0.5x, 2x: replay --scale) or a value with its SimGrid unit (10us, 1GBps, 2Gf: replay --set)\n"
    "  ranks-per-node=1,2,4: K consecutive ranks on each host (replay --ranks-per-node)\n"
    "  job-delay@2=0,1e11: the start delay of job 2 of --jobs-file, in flops (replay --job-delay 2=V)\n"
    "  fidelity=full,fast: the engine (replay --fidelity)\n"
    "  OPERATION=ALG1,ALG2,model: a collective (bcast, reduce, ... see `tireplay algorithms`); an algorithm fixes\n"
    "      it (--coll), `model` lets the models choose it (--select model). Varied operations combine: in each\n"
    "      run, only those whose value is `model` are chosen by the models, every other operation runs its\n"
    "      value or SMPI's default, so that runs differ only in the varied operations.\n\n"
    "`collect` reads STUDY/plan.json and STUDY/runs/*.json, made by the commands of --emit-jobs wherever they\n"
    "ran, and writes the CSV and the plot.\n\noptions";

} // namespace

ReplayOptions run_options(const SweepPlan& plan, const SweepRun& run)
{
  ReplayOptions opt;
  po::options_description desc;
  desc.add(replay_options(opt));
  desc.add_options()("json", po::value<std::string>())("quiet,q", po::bool_switch());
  std::vector<std::string> args(run.args.begin() + 1, run.args.end());  // after "replay"
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {  // a plan edited by hand
    throw InputError((fs::path(plan.study) / "plan.json").string() + ": run " + run.id + ": field 'args': " +
                     e.what());
  }
  return opt;
}

std::string this_program() { return fs::read_symlink("/proc/self/exe").string(); }

std::vector<std::string> run_signatures(const SweepPlan& plan)
{
  std::vector<std::string> signatures;
  for (const auto& run : plan.runs) {
    ReplayOptions opt = run_options(plan, run);
    signatures.push_back(result_signature(result_options_json(opt), opt.fidelity));
  }
  return signatures;
}

namespace {

/// Every run's options, as its replay will read them, checked now: a bad option or a zone the platform does not
/// have fails the sweep before any run (exit 2), not every run one by one.
void check_runs(const SweepPlan& plan)
{
  std::unique_ptr<simgrid::s4u::Engine> engine;
  PlatformValues loaded;
  for (const auto& run : plan.runs) {
    ReplayOptions opt = run_options(plan, run);
    check_replay_options(opt);
    std::vector<PlatformChange> changes;
    for (const auto& s : opt.scale)
      changes.push_back(parse_platform_change(s, true, "--scale"));
    for (const auto& s : opt.set)
      changes.push_back(parse_platform_change(s, false, "--set"));
    if (!engine) {
      engine = make_engine(parse_configuration(opt.cfg));
      load_platform(*engine, opt.platform);
      loaded = platform_values(*engine);
    }
    restore_platform_values(*engine, loaded);  // the previous run's changes undone
    std::string where = opt.platform + " with --scale/--set";
    for (size_t v = 0; v < run.values.size(); v++)
      where += (v == 0 ? " (run " + run.id + ": " : ", ") + plan.variations[v].key + "=" + run.values[v] +
               (v + 1 == run.values.size() ? ")" : "");
    apply_platform_changes(*engine, changes, opt.platform);  // an unknown zone throws
    check_platform_values(*engine, where);            // a value out of range (bw=1e-310x)
    if (opt.fidelity == "fast")                       // --vary fidelity=full,fast with --cfg network/model:LV08
      fast::check_network_model();
  }
}

/// --submit and its options, checked before anything is written; returns --task-time in seconds.
double check_submit_options(const SweepOptions& opt)
{
  if (!opt.submit.empty() && opt.submit != "slurm")
    throw po::error("--submit: unknown scheduler '" + opt.submit + "' (valid: slurm)");
  if (!opt.submit.empty() && !opt.emit_jobs.empty())
    throw po::error("--submit and --emit-jobs: give one (--emit-jobs writes the commands, --submit submits them)");
  if (opt.submit.empty() && (!opt.sbatch.empty() || opt.runs_per_task != 0 || opt.task_time != "10min"))
    throw po::error("--sbatch, --runs-per-task and --task-time need --submit slurm");
  if (opt.runs_per_task < 0)
    throw po::error("--runs-per-task must be at least 1");
  double seconds = models::parse_quantity(opt.task_time, {{"s", 1}, {"min", 60}, {"h", 3600}});
  if (!(seconds >= 1 && seconds <= 1e7))
    throw po::error("--task-time: '" + opt.task_time + "' is not a duration from 1 s (s, min, h; e.g. 10min)");
  sbatch_words(opt.sbatch);  // a newline refused now
  return seconds;
}

std::vector<std::string> plot_paths(const std::string& study, const std::string& plot)
{
  if (plot == "none")
    return {};
  if (plot != "svg" && plot != "png" && plot != "both")
    throw po::error("--plot: unknown format '" + plot + "' (valid: svg, png, both, none)");
  if (has_control_character(study))
    throw po::error("-o '" + shown_text(study) + "': gnuplot cannot write a picture into a directory whose name holds "
                    "a control character (a newline, a tab...): choose another name, or --plot none");
  std::vector<std::string> paths;
  for (const char* ext : {"svg", "png"})
    if (plot == ext || plot == "both")
      paths.push_back((fs::path(study) / (std::string("sweep.") + ext)).string());
  return paths;
}

/// Writes the CSV and the plots; returns the exit status: 0 when every run is ok.
int report(const SweepPlan& plan, const std::vector<std::string>& plots, bool quiet)
{
  std::vector<std::string> signatures = run_signatures(plan);
  std::vector<RunResult> results      = collect_results(plan, &signatures);
  write_results(plan, results);
  for (const auto& path : plots)
    if (!plot_sweep(plan, results, path))
      std::fprintf(stderr, "sweep: no run succeeded: no plot\n");
  size_t ok = 0;
  for (const auto& r : results)
    ok += r.status == "ok" ? 1 : 0;
  if (!quiet || ok < results.size())
    std::fprintf(stderr, "sweep: %zu run%s, %zu ok, %zu not (see the status column): %s\n", results.size(),
                 results.size() == 1 ? "" : "s", ok,
                 results.size() - ok, (fs::path(plan.study) / "results.csv").c_str());
  return ok == results.size() ? kExitOk : kExitFailure;
}

void emit_jobs(const SweepPlan& plan, const std::string& binary, const std::string& path)
{
  OutputFile out(path, "the commands of the runs");  // "-": standard output
  for (const auto& run : plan.runs) {
    std::string line = run_command_line(binary, plan, run) + "\n";
    std::fwrite(line.data(), 1, line.size(), out.get());
  }
  out.commit();
}

int collect_command(int argc, char** argv)
{
  std::string study, plot = "svg";
  bool quiet = false, wait = false;
  double poll = 5;
  po::options_description desc(kSweepUsage);
  desc.add_options()("help,h", "this help")("output,o", po::value(&study)->required(), "the study's directory")(
      "plot", po::value(&plot), "pictures: svg, png, both or none")("quiet,q", po::bool_switch(&quiet),
                                                                    "print nothing but problems")(
      "wait", po::bool_switch(&wait), "first wait until none of the study's runs is queued in Slurm (squeue)")(
      "poll", po::value(&poll), "with --wait: seconds between two looks at the queue (default 5)");
  po::positional_options_description positional;  // `sweep collect STUDY` as well as `-o STUDY`
  positional.add("output", 1);
  try {
    if (!parse_options(argc, argv, desc, &positional))
      return kExitOk;
    if (!(poll >= 0.01 && poll <= 3600))
      throw po::error("--poll: from 0.01 to 3600 seconds");
    SweepPlan plan = read_plan(study);
    auto plots     = plot_paths(study, plot);
    if (wait)
      wait_for_queue(study, poll, quiet);
    return report(plan, plots, quiet);
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
  if (argc > 1 && std::strcmp(argv[1], "status") == 0)
    return sweep_status_command(argc - 1, argv + 1);
  if (argc > 1 && std::strcmp(argv[1], "resubmit") == 0)
    return sweep_resubmit_command(argc - 1, argv + 1);
  SweepOptions opt;
  int old_jobs      = 0;
  bool old_jobs_given = false;  // (--jobs 0 ran one at a time, silently)
  po::options_description desc(kSweepUsage);
  po::options_description own("sweep");
  own.add_options()("help,h", "this help")
      ("vary", po::value(&opt.vary)->composing()->required(), "KEY=V1,V2,...: a parameter and its values")
      ("output,o", po::value(&opt.study)->required(), "the study's directory (created)")
      ("parallel,j", po::value(&opt.jobs)->default_value(1), "replays run at once")
      ("jobs", po::value(&old_jobs)->notifier([&old_jobs_given](int) { old_jobs_given = true; }),
       "the former name of --parallel (not --jobs-file, a replay's jobs)")
      ("emit-jobs", po::value(&opt.emit_jobs),
       "write the plan and one command per run to FILE, one per line (for a job array), and run nothing")
      ("submit", po::value(&opt.submit), "slurm: submit the runs as one Slurm job array (sbatch) and return")
      ("sbatch", po::value(&opt.sbatch), "with --submit: options given to sbatch, as one string "
                                          "(\"--partition=short --time=10\")")
      ("runs-per-task", po::value(&opt.runs_per_task), "with --submit: runs one array task makes, one after the "
                                                        "other (default: from the first run, timed here)")
      ("task-time", po::value(&opt.task_time), "with --submit and no --runs-per-task: the time an array task aims "
                                                "at (default 10min; s, min, h)")
      ("plot", po::value(&opt.plot), "pictures: svg (default), png, both or none")
      ("quiet,q", po::bool_switch(&opt.quiet), "print nothing but failures")
      ("force", po::bool_switch(&opt.force), "replace another study already in the directory");
  po::options_description replay = replay_options(opt.replay);
  desc.add(own).add(replay);

  try {
    std::vector<po::option> parsed;
    if (!parse_options(argc, argv, desc, nullptr, &parsed))
      return kExitOk;
    if (old_jobs_given) {
      std::fprintf(stderr, "tireplay sweep: note: --jobs is now --parallel (-j); --jobs-file names a jobs file\n");
      opt.jobs = old_jobs;
    }
    if (opt.jobs < 1)
      throw po::error(std::string(old_jobs_given ? "--jobs" : "--parallel") + " must be at least 1");
    double task_seconds = check_submit_options(opt);
    for (auto [option, path] : {std::pair{"--platform", &opt.replay.platform}, {"--hostfile", &opt.replay.hostfile},
                                {"--deployment", &opt.replay.deployment}})
      if (is_pipe(*path))
        throw po::error(std::string(option) + " " + *path + ": a pipe, which each of the sweep's runs would have "
                        "to read again: give a file");
    check_replay_options(opt.replay);
    std::vector<Variation> variations;
    for (const auto& v : opt.vary)
      variations.push_back(parse_variation(v));
    for (const auto& v : variations)
      if (v.kind == VariationKind::JobDelay) {  // every run would fail the same way: say it once, now
        if (opt.replay.jobs_file.empty())
          throw po::error("--vary " + v.key + ": a job's start delay needs --jobs-file");
        std::vector<Job> jobs = read_jobs(opt.replay.jobs_file);
        set_job_delays(jobs, {v.key.substr(v.key.find('@') + 1) + "=" + v.values[0]});
      }
    std::vector<std::string> base;  // the replay options as the user wrote them, --trace and --platform first
    for (const char* first : {"trace", "jobs-file", "platform"})
      for (const auto& o : parsed)
        if (o.string_key == first)
          base.insert(base.end(), o.original_tokens.begin(), o.original_tokens.end());
    for (const auto& o : parsed)
      if (replay.find_nothrow(o.string_key, false) != nullptr && o.string_key != "trace" &&
          o.string_key != "jobs-file" && o.string_key != "platform")
        base.insert(base.end(), o.original_tokens.begin(), o.original_tokens.end());
    std::vector<std::string> inputs{opt.replay.jobs_file, opt.replay.platform, opt.replay.hostfile,
                                    opt.replay.deployment};
    std::vector<std::string> traces{opt.replay.trace};
    if (!opt.replay.jobs_file.empty())  // a jobs file's traces and hostfiles
      for (const Job& job : read_jobs(opt.replay.jobs_file)) {
        traces.push_back(job.trace);
        inputs.push_back(job.hostfile);
      }
    for (const auto& trace : traces)  // and an index's rank files, a directory's
      if (!trace.empty())
        for (auto& file : trace_files(trace))
          inputs.push_back(std::move(file));
    check_output_path(opt.study, "-o", inputs, true);
    inputs.push_back((std::filesystem::path(opt.study) / "plan.json").string());  // which collect reads
    if (!opt.emit_jobs.empty() && opt.emit_jobs != "-")
      check_output_path(opt.emit_jobs, "--emit-jobs", inputs);
    SweepPlan plan = make_plan(opt.study, variations, base);
    auto plots = plot_paths(opt.study, opt.plot);
    check_runs(plan);
    if (!opt.force)
      refuse_other_study(plan);
    write_plan(plan);

    std::string binary = this_program();
    if (!opt.submit.empty())
      return submit_sweep(plan, {binary, sbatch_words(opt.sbatch), opt.runs_per_task, task_seconds, opt.quiet});
    if (!opt.emit_jobs.empty()) {
      emit_jobs(plan, binary, opt.emit_jobs);
      if (!opt.quiet)
        std::fprintf(stderr, "sweep: %zu commands in %s; run them (from this directory), then `tireplay sweep "
                             "collect -o %s`\n", plan.runs.size(), opt.emit_jobs.c_str(), shell_quote(opt.study).c_str());
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
