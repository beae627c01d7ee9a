#include "src/sweep/plan.hpp"

#include "replay/collectives/registry.hpp"
#include "replay/platform_changes.hpp"
#include "format/output_file.hpp"
#include "format/rank_reader.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>

namespace fs = std::filesystem;

namespace tireplay {
namespace {

constexpr int kPlanVersion = 1;

/// The options a run gets from the sweep, which the user must not give after `--`.
std::set<std::string> options_set_by_sweep(const std::vector<Variation>& variations)
{
  std::set<std::string> names{"--json", "--quiet", "-q"};
  for (const auto& v : variations) {
    if (v.kind == VariationKind::Collective)
      names.insert({"--select", "--coll"});
    if (v.kind == VariationKind::RanksPerNode)
      names.insert("--ranks-per-node");
    if (v.kind == VariationKind::Fidelity)
      names.insert("--fidelity");
    if (v.kind == VariationKind::JobDelay)
      names.insert("--job-delay");
  }
  return names;
}

const char* kind_name(VariationKind kind)
{
  switch (kind) {
    case VariationKind::Platform:
      return "platform";
    case VariationKind::RanksPerNode:
      return "deployment";
    case VariationKind::Fidelity:
      return "engine";
    case VariationKind::JobDelay:
      return "jobs";
    case VariationKind::Collective:
      break;
  }
  return "collective";
}

} // namespace

std::string shell_quote(const std::string& word)
{
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                              "_-+=@%:,./") == std::string::npos)
    return word;
  std::string quoted = "'";
  for (char c : word)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

SweepPlan make_plan(const std::string& study, const std::vector<Variation>& variations,
                    const std::vector<std::string>& base_args)
{
  std::map<std::string, std::string> keys;  // what a variation changes -> its key as written
  for (const auto& v : variations) {
    std::string what = v.key;
    if (v.kind == VariationKind::Platform) {  // link.bw and bw, host.speed@z and speed@z: one quantity
      PlatformChange change = parse_platform_change(v.key + "=1", true, "--vary");
      what = std::to_string(static_cast<int>(change.quantity)) + "@" + change.zone;
    }
    auto [it, fresh] = keys.emplace(what, v.key);
    if (!fresh && it->second == v.key)
      throw std::invalid_argument("--vary: '" + v.key + "' is varied twice (give all its values in one --vary)");
    if (!fresh)
      throw std::invalid_argument("--vary: '" + it->second + "' and '" + v.key + "' vary the same quantity (give "
                                  "all its values in one --vary)");
  }
  auto reserved = options_set_by_sweep(variations);
  for (size_t i = 0; i < base_args.size(); i++) {
    const std::string& arg = base_args[i];
    if (reserved.count(arg.substr(0, arg.find('='))) > 0)
      throw std::invalid_argument("'" + arg + "': the sweep sets " + arg.substr(0, arg.find('=')) +
                                  " of each run itself");
    // --cfg smpi/bcast:ALG is --coll bcast=ALG, and smpi/coll-selector --select: as reserved when those are
    std::string cfg = arg == "--cfg" && i + 1 < base_args.size() ? base_args[i + 1]
                      : arg.rfind("--cfg=", 0) == 0              ? arg.substr(6)
                                                                 : "";
    std::string key = cfg.substr(0, cfg.find(':'));
    bool collective = key == "smpi/coll-selector" || operation_of_smpi_key(key) != nullptr;
    if (collective && reserved.count("--coll") > 0)
      throw std::invalid_argument("'--cfg " + cfg + "': the sweep sets each run's collective algorithms itself "
                                  "(--coll, --select)");
  }
  SweepPlan plan;
  plan.study      = study;
  plan.variations = variations;
  size_t count    = 1;
  std::string product;
  for (const auto& v : variations) {
    product += (product.empty() ? "" : " x ") + std::to_string(v.values.size());
    if (v.values.size() > kMaxSweepRuns / count)
      throw std::invalid_argument("--vary: " + product + (&v == &variations.back() ? "" : " x ...") +
                                  " combinations, more than a sweep's " + std::to_string(kMaxSweepRuns) +
                                  " runs: split the study into several sweeps");
    count *= v.values.size();
  }
  size_t width = std::max<size_t>(3, std::to_string(count - 1).size());
  std::vector<size_t> choice(variations.size(), 0);
  for (size_t k = 0; k < count; k++) {
    SweepRun run;
    run.id = std::to_string(k);
    run.id.insert(0, width - run.id.size(), '0');
    for (size_t i = 0; i < variations.size(); i++)
      run.values.push_back(variations[i].values[choice[i]]);
    run.args = {"replay"};
    run.args.insert(run.args.end(), base_args.begin(), base_args.end());
    for (auto& a : variation_arguments(variations, choice))
      run.args.push_back(std::move(a));
    run.args.insert(run.args.end(), {"--json", run_json_path(plan, run), "-q"});
    plan.runs.push_back(std::move(run));
    for (size_t i = variations.size(); i-- > 0;) {  // odometer: the last variation changes fastest
      if (++choice[i] < variations[i].values.size())
        break;
      choice[i] = 0;
    }
  }
  return plan;
}

std::string run_json_path(const SweepPlan& plan, const SweepRun& run)
{
  return (fs::path(plan.study) / "runs" / (run.id + ".json")).string();
}

std::string run_err_path(const SweepPlan& plan, const SweepRun& run)
{
  return (fs::path(plan.study) / "runs" / (run.id + ".err")).string();
}

std::string run_failed_path(const SweepPlan& plan, const SweepRun& run)
{
  return (fs::path(plan.study) / "runs" / (run.id + ".failed")).string();
}

std::string run_command_line(const std::string& binary, const SweepPlan& plan, const SweepRun& run)
{
  std::string line = shell_quote(binary);
  for (const auto& a : run.args)
    line += " " + shell_quote(a);
  return line + " 2> " + shell_quote(run_err_path(plan, run)) + " || echo $? > " +
         shell_quote(run_failed_path(plan, run));
}

void write_plan(const SweepPlan& plan)
{
  std::error_code error;
  fs::create_directories(fs::path(plan.study) / "runs", error);
  if (error)
    throw InputError(plan.study + ": cannot create the study's directory: " + error.message());
  // A new plan: the run files of an earlier study in this directory go (ID.json, ID.err, ID.failed; IDs are digits)
  std::vector<fs::path> earlier;
  for (const auto& entry : fs::directory_iterator(fs::path(plan.study) / "runs", error)) {
    std::string ext = entry.path().extension().string(), stem = entry.path().stem().string();
    if ((ext == ".json" || ext == ".err" || ext == ".failed") && !stem.empty() &&
        stem.find_first_not_of("0123456789") == std::string::npos)
      earlier.push_back(entry.path());
  }
  // ... and its job arrays' files (slurm/K.job, K.sh, K_T.out ...), and the results gathered from them, which an
  // interrupted sweep would leave beside a plan they are not of
  for (const auto& entry : fs::directory_iterator(fs::path(plan.study) / "slurm", error))
    if (std::isdigit(static_cast<unsigned char>(entry.path().filename().string()[0])) && entry.is_regular_file())
      earlier.push_back(entry.path());
  for (const char* name : {"results.csv", "wall_times.csv", "sweep.svg", "sweep.png"})
    earlier.push_back(fs::path(plan.study) / name);
  for (const auto& path : earlier)
    fs::remove(path, error);
  nlohmann::json j;
  j["version"] = kPlanVersion;
  for (const auto& v : plan.variations)
    j["variations"].push_back({{"key", v.key}, {"kind", kind_name(v.kind)}, {"values", v.values}});
  for (const auto& run : plan.runs)
    j["runs"].push_back({{"id", run.id}, {"values", run.values}, {"args", run.args}});
  std::string path = (fs::path(plan.study) / "plan.json").string();
  OutputFile out(path, "the plan");
  std::string text = j.dump(2) + "\n";
  std::fwrite(text.data(), 1, text.size(), out.get());
  out.commit();
}

SweepPlan read_plan(const std::string& study)
{
  std::string path = (fs::path(study) / "plan.json").string();
  std::ifstream in(path);
  if (!in)
    throw InputError(path + ": cannot open the plan (run `tireplay sweep ... -o " + study + "` first)");
  SweepPlan plan;
  plan.study = study;
  try {
    nlohmann::json j = nlohmann::json::parse(in);
    if (j.at("version").get<int>() != kPlanVersion)
      throw InputError(path + ": field 'version': " + j.at("version").dump() + " is not " +
                       std::to_string(kPlanVersion));
    for (const auto& v : j.at("variations")) {
      Variation variation = parse_variation(v.at("key").get<std::string>() + "=" + v.at("values").at(0).get<std::string>());
      variation.values    = v.at("values").get<std::vector<std::string>>();
      plan.variations.push_back(std::move(variation));
    }
    std::set<std::string> ids;
    for (const auto& r : j.at("runs")) {
      SweepRun run{r.at("id").get<std::string>(), r.at("values").get<std::vector<std::string>>(),
                   r.at("args").get<std::vector<std::string>>()};
      if (run.values.size() != plan.variations.size())
        throw InputError(path + ": run " + run.id + ": field 'values' has " + std::to_string(run.values.size()) +
                         " values for " + std::to_string(plan.variations.size()) + " variations");
      // The id names the run's files (runs/ID.json): digits only, and once.
      if (run.id.empty() || run.id.size() > 12 || run.id.find_first_not_of("0123456789") != std::string::npos)
        throw InputError(path + ": run '" + shown_text(run.id) + "': field 'id' is not a run number");
      if (!ids.insert(run.id).second)
        throw InputError(path + ": run " + run.id + " twice");
      // A replay writing its own summary: collect and status read runs/ID.json
      auto json = std::find(run.args.begin(), run.args.end(), std::string("--json"));
      if (run.args.empty() || run.args[0] != "replay" || json == run.args.end() || json + 1 == run.args.end() ||
          *(json + 1) != run_json_path(plan, run))
        throw InputError(path + ": run " + run.id + ": field 'args' is not a replay writing " +
                         run_json_path(plan, run) + " (replay ... --json " + run_json_path(plan, run) + ")");
      for (size_t i = 0; i < run.values.size(); i++) {
        const auto& allowed = plan.variations[i].values;
        if (std::find(allowed.begin(), allowed.end(), run.values[i]) == allowed.end())
          throw InputError(path + ": run " + run.id + ": value '" + shown_text(run.values[i]) + "' is not one of " +
                           plan.variations[i].key + "'s values");
      }
      plan.runs.push_back(std::move(run));
    }
    if (plan.runs.empty())
      throw InputError(path + ": field 'runs': no run");
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": not a sweep plan: " + e.what());
  } catch (const std::invalid_argument& e) {
    throw InputError(path + ": field 'variations': " + e.what());
  }
  return plan;
}

} // namespace tireplay
