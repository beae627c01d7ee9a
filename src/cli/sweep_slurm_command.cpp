#include "src/cli/sweep_slurm.hpp"

#include "src/cli/commands.hpp"
#include "src/cli/sweep_runs.hpp"
#include "src/sweep/results.hpp"
#include "src/sweep/runner.hpp"
#include "src/sweep/slurm.hpp"
#include "format/rank_reader.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace tireplay {
namespace {

/// Each run's state: done (a summary: ok or blocked), failed, running, pending or missing (never run, or its task
/// was cancelled): a run still queued is "running" or "pending" whatever files an earlier attempt left.
std::vector<std::string> run_states(const SweepPlan& plan, const std::map<std::string, std::string>& queued)
{
  std::vector<std::string> signatures = run_signatures(plan);
  std::vector<RunResult> results      = collect_results(plan, &signatures);
  std::vector<std::string> states;
  for (size_t k = 0; k < plan.runs.size(); k++) {
    auto q = queued.find(plan.runs[k].id);
    if (q != queued.end())
      states.push_back(q->second == "pending" ? "pending" : "running");
    else if (results[k].status == "ok" || results[k].status == "blocked")
      states.push_back("done");
    else
      states.push_back(results[k].status);  // failed, missing
  }
  return states;
}

/// "000, 004 ... and 12 more": at most 20 ids.
std::string id_list(const std::vector<std::string>& ids)
{
  std::string text;
  for (size_t i = 0; i < ids.size() && i < 20; i++)
    text += (i == 0 ? "" : ", ") + ids[i];
  if (ids.size() > 20)
    text += " ... and " + std::to_string(ids.size() - 20) + " more";
  return text;
}


} // namespace

std::vector<std::string> sbatch_words(const std::string& text)
{
  if (text.find('\n') != std::string::npos)
    throw po::error("--sbatch: a newline in the options (give them on one line)");
  return po::split_unix(text);
}

int submit_sweep(const SweepPlan& plan, const SubmitOptions& options)
{
  check_sbatch();  // before a first run is timed for nothing
  std::vector<const SweepRun*> runs;
  for (const auto& run : plan.runs)
    runs.push_back(&run);
  int per_task = options.runs_per_task;
  if (per_task == 0) {  // the first run, here, gives the time of one
    SweepPlan first = plan;
    first.runs      = {plan.runs.front()};
    auto start      = std::chrono::steady_clock::now();
    int status      = run_plan(first, {options.binary, 1, SweepDisplay::Quiet}).front();
    double seconds  = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    runs.erase(runs.begin());
    per_task = status == 0 || status == kExitBlocked
                   ? static_cast<int>(std::clamp(std::floor(options.task_seconds / std::max(seconds, 1e-3)), 1.0,
                                                 static_cast<double>(std::max<size_t>(runs.size(), 1))))
                   : 1;
    if (!options.quiet)
      std::fprintf(stderr, "sweep: run %s took %.3g s here%s: %d run%s per array task\n", first.runs[0].id.c_str(),
                   seconds, status == 0 || status == kExitBlocked ? "" : " and failed", per_task,
                   per_task == 1 ? "" : "s");
    if (runs.empty()) {
      std::fprintf(stderr, "sweep: nothing left to submit: `tireplay sweep collect -o %s`\n",
                   shell_quote(plan.study).c_str());
      return kExitOk;
    }
  }
  SlurmSubmission s = submit_runs(plan, runs, options.binary, per_task, options.sbatch_args);
  std::printf("%s\n", s.job_id.c_str());
  if (!options.quiet)
  {
    size_t tasks = (runs.size() + static_cast<size_t>(per_task) - 1) / static_cast<size_t>(per_task);
    std::fprintf(stderr, "sweep: %zu run%s submitted as job array %s (%zu task%s of up to %d run%s); follow with "
                         "`tireplay sweep status -o %s`, gather with `tireplay sweep collect -o %s --wait`\n",
                 runs.size(), runs.size() == 1 ? "" : "s", s.job_id.c_str(), tasks, tasks == 1 ? "" : "s", per_task,
                 per_task == 1 ? "" : "s", shell_quote(plan.study).c_str(), shell_quote(plan.study).c_str());
  }
  return kExitOk;
}

void wait_for_queue(const std::string& study, double poll_seconds, bool quiet)
{
  std::vector<SlurmSubmission> submissions = read_submissions(study);
  for (size_t said = 0;;) {
    std::map<std::string, std::string> queued = queued_runs(submissions);
    if (queued.empty())
      return;
    if (!quiet && queued.size() != said)
      std::fprintf(stderr, "sweep: waiting for %zu queued run%s\n", queued.size(), queued.size() == 1 ? "" : "s");
    said = queued.size();
    std::this_thread::sleep_for(std::chrono::duration<double>(poll_seconds));
  }
}

int sweep_status_command(int argc, char** argv)
{
  std::string study;
  po::options_description desc("usage: tireplay sweep status [-o] STUDY\n\nEach run of the study: done, failed, "
                               "running, pending (its array task in squeue) or missing (never run, or its task "
                               "cancelled: `sweep resubmit`)\n\noptions");
  desc.add_options()("help,h", "this help")("output,o", po::value(&study)->required(), "the study's directory");
  po::positional_options_description positional;
  positional.add("output", 1);
  return guarded("sweep status", [&]() {
    if (!parse_options(argc, argv, desc, &positional))
      return kExitOk;
    SweepPlan plan = read_plan(study);
    std::vector<std::string> states = run_states(plan, queued_runs(read_submissions(study)));
    const char* names[] = {"done", "failed", "running", "pending", "missing"};
    std::map<std::string, std::vector<std::string>> ids;
    for (size_t k = 0; k < states.size(); k++)
      ids[states[k]].push_back(plan.runs[k].id);
    std::printf("%s: %zu run%s:", study.c_str(), states.size(), states.size() == 1 ? "" : "s");
    for (const char* name : names)
      std::printf("%s %zu %s", name == names[0] ? "" : ",", ids[name].size(), name);
    std::printf("\n");
    for (const char* name : {"failed", "missing"})
      if (!ids[name].empty())
        std::printf("%s: %s\n", name, id_list(ids[name]).c_str());
    return kExitOk;
  });
}

int sweep_resubmit_command(int argc, char** argv)
{
  std::string study, sbatch;
  int per_task = 0;
  bool quiet   = false;
  po::options_description desc("usage: tireplay sweep resubmit [-o] STUDY [--runs-per-task N] [--sbatch \"ARGS\"]\n\n"
                               "Submits again the runs that failed or are missing (not those done or still "
                               "queued), as one job array; by default with the last submission's runs per task and "
                               "sbatch options\n\noptions");
  desc.add_options()("help,h", "this help")("output,o", po::value(&study)->required(), "the study's directory")(
      "runs-per-task", po::value(&per_task), "runs one array task makes, one after the other")(
      "sbatch", po::value(&sbatch), "options given to sbatch, as one string (\"--partition=short --time=10\")")(
      "quiet,q", po::bool_switch(&quiet), "print nothing but problems");
  po::positional_options_description positional;
  positional.add("output", 1);
  return guarded("sweep resubmit", [&]() {
    if (!parse_options(argc, argv, desc, &positional))
      return kExitOk;
    if (per_task < 0)
      throw po::error("--runs-per-task must be at least 1");
    SweepPlan plan = read_plan(study);
    std::vector<SlurmSubmission> submissions = read_submissions(study);
    std::vector<std::string> states           = run_states(plan, queued_runs(submissions));
    std::vector<const SweepRun*> runs;
    for (size_t k = 0; k < states.size(); k++)
      if (states[k] == "failed" || states[k] == "missing")
        runs.push_back(&plan.runs[k]);
    if (runs.empty()) {
      std::fprintf(stderr, "sweep: nothing to resubmit in %s: every run is done or queued\n", study.c_str());
      return kExitOk;
    }
    std::vector<std::string> args = sbatch.empty() && !submissions.empty() ? submissions.back().sbatch_args
                                                                            : sbatch_words(sbatch);
    int n = per_task > 0 ? per_task : submissions.empty() ? 1 : submissions.back().runs_per_task;
    // An earlier attempt's files would be taken for this one's: set aside while sbatch decides, put back if it
    // refuses (a failed run's messages are all the user has of it), removed once the array is accepted
    std::vector<std::string> aside;
    for (const SweepRun* run : runs)
      for (const auto& path : {run_json_path(plan, *run), run_failed_path(plan, *run), run_err_path(plan, *run)}) {
        std::error_code error;
        fs::rename(path, path + ".before-resubmit", error);
        if (!error)
          aside.push_back(path);
      }
    SlurmSubmission s;
    try {
      s = submit_runs(plan, runs, this_program(), n, args);
    } catch (...) {
      for (const auto& path : aside) {
        std::error_code error;
        fs::rename(path + ".before-resubmit", path, error);
      }
      throw;
    }
    for (const auto& path : aside) {
      std::error_code error;
      fs::remove(path + ".before-resubmit", error);
    }
    std::printf("%s\n", s.job_id.c_str());
    if (!quiet)
      std::fprintf(stderr, "sweep: %zu run%s resubmitted as job array %s: %s\n", runs.size(),
                   runs.size() == 1 ? "" : "s", s.job_id.c_str(), id_list(s.run_ids).c_str());
    return kExitOk;
  });
}

} // namespace tireplay
