#include "src/sweep/results.hpp"

#include "format/output_file.hpp"
#include "format/rank_reader.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace tireplay {
namespace {

RunResult read_run(const SweepPlan& plan, const SweepRun& run, const std::string* signature)
{
  RunResult result;
  const std::string path = run_json_path(plan, run);
  std::error_code ec;
  if (fs::exists(path, ec) && !fs::is_regular_file(path, ec)) {  // a FIFO would block the read, a directory fail it
    std::fprintf(stderr, "tireplay sweep: %s: not a run summary (not a regular file): counted as failed\n",
                 path.c_str());
    result.status = "failed";
    return result;
  }
  std::ifstream in(path);
  if (!in) {
    result.status = fs::exists(run_failed_path(plan, run)) ? "failed" : "missing";
    return result;
  }
  // A run attempted again after a success (its inputs changed) that failed leaves the old summary: its .failed is
  // newer, and says another status than a deadlock's 3 (which writes its summary, then .failed)
  const std::string failed = run_failed_path(plan, run);
  if (fs::exists(failed, ec) && fs::last_write_time(failed, ec) > fs::last_write_time(path, ec) && !ec) {
    std::string status;
    std::ifstream(failed) >> status;
    if (status != "3") {
      std::fprintf(stderr, "tireplay sweep: %s: its last attempt failed (%s is newer): counted as failed\n",
                   path.c_str(), failed.c_str());
      result.status = "failed";
      return result;
    }
  }
  try {
    nlohmann::json j         = nlohmann::json::parse(in);
    result.predicted_seconds = j.at("simulated_time").get<double>();
    result.predicted_text    = j.at("simulated_time").dump();
    result.wall_seconds      = j.at("wall_seconds").get<double>();
    result.status            = j.at("completed").get<bool>() ? "ok" : "blocked";
    bool times_ok            = result.predicted_seconds >= 0 && std::isfinite(result.predicted_seconds);
    if (auto jobs = j.find("jobs"); jobs != j.end())
      for (const auto& job : *jobs) {
        double t = job.at("simulated_time").get<double>();
        times_ok = times_ok && t >= 0 && std::isfinite(t);
        result.jobs.emplace_back(job.at("id").get<std::string>(), job.at("simulated_time").dump());
      }
    if (!times_ok)
      throw std::invalid_argument("a negative or infinite simulated time");
    if (signature != nullptr &&
        result_signature(j.at("options").dump(), j.at("fidelity").get<std::string>()) != *signature)
      throw std::invalid_argument("its options or fidelity are not those of the plan's run " + run.id +
                                  ": the summary of another replay");
  } catch (const std::exception& e) {  // cut short while writing, or not a summary of ours
    std::fprintf(stderr, "tireplay sweep: %s: not a run summary (%s): counted as failed\n", path.c_str(),
                 dynamic_cast<const nlohmann::json::exception*>(&e) != nullptr ? "cut short or edited" : e.what());
    result        = RunResult{};
    result.status = "failed";
  }
  return result;
}

/// `text` written to `path` under a temporary name, renamed when complete (format/output_file.hpp).
void write_output(const std::string& path, const std::string& text)
{
  OutputFile out(path, "the sweep's results");
  std::fwrite(text.data(), 1, text.size(), out.get());
  out.commit();
}

} // namespace

std::vector<RunResult> collect_results(const SweepPlan& plan, const std::vector<std::string>* signatures)
{
  std::vector<RunResult> results;
  for (size_t k = 0; k < plan.runs.size(); k++)
    results.push_back(read_run(plan, plan.runs[k], signatures != nullptr ? &signatures->at(k) : nullptr));
  return results;
}

std::string result_signature(const std::string& options_json, const std::string& fidelity)
{
  // Without the files (absolute paths, which depend on the directory `sweep collect` runs in): no variation changes
  // them
  nlohmann::json options = nlohmann::json::parse(options_json);
  options.erase("hostfile");
  options.erase("deployment");
  return fidelity + " " + options.dump();
}

void write_results(const SweepPlan& plan, const std::vector<RunResult>& results)
{
  std::string csv_path = (fs::path(plan.study) / "results.csv").string();
  std::ostringstream csv;
  csv << "run";
  for (const auto& v : plan.variations)
    csv << "," << v.key;
  // --jobs-file: a column per job after the others (its time from its start to its end), in the jobs' order.
  std::vector<std::string> job_ids;
  for (const auto& r : results)
    for (const auto& [id, seconds] : r.jobs)
      if (std::find(job_ids.begin(), job_ids.end(), id) == job_ids.end())
        job_ids.push_back(id);
  csv << ",predicted_seconds,status";
  for (const auto& id : job_ids)
    csv << ",job_" << id << "_seconds";
  csv << "\n";
  std::string times_path = (fs::path(plan.study) / "wall_times.csv").string();
  std::ostringstream times;
  times << "run,wall_seconds\n";
  for (size_t k = 0; k < plan.runs.size(); k++) {
    const SweepRun& run = plan.runs[k];
    csv << run.id;
    for (const auto& value : run.values)
      csv << "," << value;
    csv << "," << results[k].predicted_text << "," << results[k].status;
    for (const auto& id : job_ids) {
      csv << ",";
      for (const auto& [job, seconds] : results[k].jobs)
        if (job == id)
          csv << seconds;
    }
    csv << "\n";
    times << run.id << ",";
    if (!results[k].predicted_text.empty())
      times << results[k].wall_seconds;
    times << "\n";
  }
  write_output(csv_path, csv.str());
  write_output(times_path, times.str());
}

} // namespace tireplay
