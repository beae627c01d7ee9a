#include "src/report/regression.hpp"

#include "format/input_file.hpp"

#include <cstdio>
#include <algorithm>
#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <stdexcept>

namespace tireplay {
namespace {

double number(const nlohmann::json& j, const char* key, const std::string& where)
{
  auto it = j.find(key);
  if (it == j.end() || !it->is_number())
    throw InputError(where + ": field '" + key + "' is missing or not a number");
  double value = it->get<double>();
  if (!(value >= 0) || !std::isfinite(value))
    throw InputError(where + ": field '" + key + "' is " + it->dump() + ": a time is 0 s or more");
  if (value > 1e300)  // the replay's clock stops there; printed in full, it is 300 digits
    throw InputError(where + ": field '" + key + "' is " + it->dump() + ": beyond any replay's time (1e300 s)");
  return value;
}

/// "+1.25%", or "new" when the baseline's value was 0 ("+0.00%" said nothing of 0 -> 0.00085 s).
std::string change(double before, double after)
{
  char text[32];
  if (before == 0)
    return after == 0 ? "+0.00%" : "new";
  double percent = 100 * (after - before) / before;
  std::snprintf(text, sizeof text, std::fabs(percent) < 1e6 ? "%+.2f%%" : "%+.3g%%", percent);  // 5e-324 s before
  return text;
}

} // namespace

Baseline read_baseline(const std::string& path)
{
  struct stat st {};
  if (stat(path.c_str(), &st) != 0)
    throw InputError(path + ": cannot read the baseline (record one with --write-baseline)");
  check_input_file(path, "baseline");
  std::ifstream in(path);
  if (!in)
    throw InputError(path + ": cannot read the baseline (record one with --write-baseline)");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(path + ": not a JSON baseline: a syntax error at byte " + std::to_string(e.byte) +
                     " (record one with --write-baseline)");
  } catch (const nlohmann::json::exception& e) {  // a number beyond a double (1e400), a string too deep...
    std::string why = e.what();
    throw InputError(path + ": not a JSON baseline: " + why.substr(why.find(' ') + 1) +
                     " (record one with --write-baseline)");
  }
  if (auto done = j.find("completed"); done != j.end() && done->is_boolean() && !done->get<bool>())
    throw InputError(path + ": the baseline's replay did not complete (ranks blocked: \"completed\": false): record "
                     "one from a replay that completes (--write-baseline)");
  Baseline b;
  b.simulated_time = number(j, "simulated_time", path);
  if (auto t = j.find("trace"); t != j.end() && t->is_string())
    b.trace = t->get<std::string>();
  if (auto t = j.find("jobs_file"); t != j.end() && t->is_string())
    b.trace = t->get<std::string>();
  if (auto jobs = j.find("jobs"); jobs != j.end() && jobs->is_array())
    for (size_t k = 0; k < jobs->size(); k++) {
      std::string where = path + ": jobs[" + std::to_string(k) + "]";
      const auto& e     = (*jobs)[k];
      auto id           = e.find("id");
      if (id == e.end() || !id->is_string())
        throw InputError(where + ": field 'id' is missing or not a string");
      b.jobs.emplace_back(id->get<std::string>(), number(e, "simulated_time", where));
    }
  if (auto p = j.find("platform"); p != j.end() && p->is_string())
    b.platform = p->get<std::string>();
  b.fidelity = "full";
  if (auto f = j.find("fidelity"); f != j.end() && f->is_string())
    b.fidelity = f->get<std::string>();
  if (auto in = j.find("inputs"); in != j.end() && in->is_object()) {
    if (auto t = in->find("trace"); t != in->end() && t->is_string())
      b.trace_absolute = t->get<std::string>();
    if (auto p = in->find("platform"); p != in->end() && p->is_string())
      b.platform_absolute = p->get<std::string>();
  }
  if (auto o = j.find("options"); o != j.end() && o->is_object())
    b.options = o->dump();
  auto ranks       = j.find("per_rank");
  if (ranks == j.end() || !ranks->is_array())
    throw InputError(path + ": field 'per_rank' is missing or not an array");
  for (size_t r = 0; r < ranks->size(); r++) {
    std::string where = path + ": per_rank[" + std::to_string(r) + "]";
    const auto& e     = (*ranks)[r];
    // Matched by position: the summary lists the ranks in order, each with its number
    auto rank = e.find("rank");
    if (rank != e.end() && !(rank->is_number_integer() && rank->get<int64_t>() == static_cast<int64_t>(r)))
      throw InputError(where + ": field 'rank' is " + rank->dump() + ", not " + std::to_string(r) +
                       " (the summary lists its ranks in order)");
    RankStats s;
    s.compute_seconds = number(e, "compute_seconds", where);
    s.comm_seconds    = number(e, "comm_seconds", where);
    s.wait_seconds    = number(e, "wait_seconds", where);
    s.finish_time     = number(e, "finish_time", where);
    b.ranks.push_back(s);
  }
  return b;
}

namespace {
std::string shown_number(double value)
{
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}
} // namespace

double parse_tolerance(const std::string& text)
{
  size_t used  = 0;
  double value = -1;
  try {
    if (text.find_first_of("xXpP") == std::string::npos)  // stod reads hexadecimal (0x1), which nothing else takes
      value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  bool percent = used + 1 == text.size() && text.back() == '%';
  if (used == 0 || (used != text.size() && !percent) || !(value >= 0) || !std::isfinite(value))
    throw std::invalid_argument("--tolerance: expected a percentage (2%) or a fraction (0.02), got '" + text + "'");
  if (!percent && value > 1)  // a user meaning 2% passed a 71% slowdown
    throw std::invalid_argument("--tolerance " + text + ": a bare number is a fraction (0.02), and " + text +
                                " would be " + shown_number(100 * value) + "%: write " + text + "% for that percentage");
  return percent ? value / 100 : value;
}

std::vector<Difference> compare(const Baseline& baseline, const ReplayResult& now, double tolerance)
{
  if (baseline.ranks.size() != now.ranks.size())
    throw std::invalid_argument("the baseline has " + std::to_string(baseline.ranks.size()) + " ranks, the replay " +
                                std::to_string(now.ranks.size()));
  auto ids = [](const auto& jobs, auto id_of) {
    std::string list;
    for (const auto& job : jobs)
      list += (list.empty() ? "" : ", ") + id_of(job);
    return list.empty() ? std::string("none") : list;
  };
  std::string before = ids(baseline.jobs, [](const auto& job) { return job.first; });
  std::string after  = ids(now.jobs, [](const JobResult& job) { return job.id; });
  if (before != after)
    throw std::invalid_argument("the baseline's jobs are " + before + ", the replay's " + after);
  std::vector<Difference> out;
  if (std::abs(now.simulated_time - baseline.simulated_time) > tolerance * baseline.simulated_time)
    out.push_back({-1, "predicted time", baseline.simulated_time, now.simulated_time});
  for (size_t k = 0; k < now.jobs.size(); k++)
    if (double b = baseline.jobs[k].second, n = now.jobs[k].simulated_time; std::abs(n - b) > tolerance * b)
      out.push_back({-1, "job " + now.jobs[k].id, b, n});
  const double floor = 0.01 * baseline.simulated_time;
  for (size_t r = 0; r < now.ranks.size(); r++) {
    const RankStats &b = baseline.ranks[r], &n = now.ranks[r];
    const std::pair<const char*, std::pair<double, double>> values[] = {
        {"compute", {b.compute_seconds, n.compute_seconds}},
        {"comm", {b.comm_seconds, n.comm_seconds}},
        {"wait", {b.wait_seconds, n.wait_seconds}},
        {"finish", {b.finish_time, n.finish_time}}};
    for (const auto& [what, v] : values)
      if (std::abs(v.second - v.first) > tolerance * std::max(std::abs(v.first), floor))
        out.push_back({static_cast<int>(r), what, v.first, v.second});
  }
  return out;
}

void print_check(FILE* out, const Baseline& baseline, const ReplayResult& now, double tolerance,
                 const std::vector<Difference>& differences, size_t shown)
{
  // Slower anywhere a time is compared (the run, a job, a rank's end) is a regression, whatever the total did
  bool slower = std::any_of(differences.begin(), differences.end(), [](const Difference& d) {
    return d.after > d.before && (d.rank < 0 || d.what == "finish");
  });
  std::fprintf(out, "tireplay check: %s (tolerance %g%%)\n",
               differences.empty() ? "ok" : slower ? "REGRESSION" : "CHANGED", 100 * tolerance);
  std::fprintf(out, "  predicted time  %.9f s -> %.9f s  (%s)\n", baseline.simulated_time, now.simulated_time,
               change(baseline.simulated_time, now.simulated_time).c_str());
  for (const auto& d : differences)
    if (d.rank < 0 && d.what != "predicted time")
      std::fprintf(out, "  %s time  %.9f s -> %.9f s  (%s)\n", d.what.c_str(), d.before, d.after,
                   change(d.before, d.after).c_str());
  size_t ranks = 0;
  for (const auto& d : differences)
    ranks += d.rank >= 0;
  if (ranks == 0)
    return;
  std::fprintf(out, "  %zu per-rank values out of tolerance:\n  %6s  %-8s %16s %16s %10s\n", ranks, "rank", "value",
               "baseline (s)", "now (s)", "change");
  size_t printed = 0;
  for (const auto& d : differences)
    if (d.rank >= 0 && printed++ < shown)
      std::fprintf(out, "  %6d  %-8s %16.9f %16.9f %10s\n", d.rank, d.what.c_str(), d.before, d.after,
                   change(d.before, d.after).c_str());
  if (ranks > shown)
    std::fprintf(out, "  ... %zu more\n", ranks - shown);
}

} // namespace tireplay
