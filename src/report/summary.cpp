#include "src/report/summary.hpp"
#include "replay/collectives/coll.hpp"
#include "format/input_file.hpp"
#include "format/output_file.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

namespace tireplay {

namespace {
/// Seconds to the nanosecond, and in exponent form past 1e9 s (`compute 1e300` printed 290 digits).
std::string seconds_text(double seconds)
{
  char text[64];
  std::snprintf(text, sizeof text, seconds < 1e9 ? "%.9f" : "%.9e", seconds);
  return text;
}

/// A table column of 14 characters: seconds to the microsecond, in exponent form past 1e7 s.
std::string column(double seconds)
{
  char text[64];
  std::snprintf(text, sizeof text, seconds < 1e7 ? "%14.6f" : "%14.6e", seconds);
  return text;
}
} // namespace

void print_summary(FILE* out, const ReplayResult& result)
{
  const std::string t = seconds_text(result.simulated_time);
  if (result.blocked.empty() && result.completed())
    std::fprintf(out, "Simulated time: %s s\n", t.c_str());
  else if (result.blocked.empty())  // no prediction: collectives that do not match
    std::fprintf(out, "Simulated time: none: collectives that do not match left messages unreceived at %s s (see "
                      "below)\n", t.c_str());
  else  // no prediction: the run did not finish
    std::fprintf(out, "Simulated time: none: the replay deadlocked at %s s with %zu rank%s blocked (see below)\n",
                 t.c_str(), result.blocked.size(), result.blocked.size() == 1 ? "" : "s");
  std::fprintf(out, "Ranks: %zu   Actions: %llu   Replay wall time: %.3f s\n", result.ranks.size(),
               static_cast<unsigned long long>(result.actions), result.wall_seconds);
  if (!result.jobs.empty()) {
    std::fprintf(out, "%-12s %6s %6s %14s %16s %16s %16s\n", "job", "ranks", "first", "delay (flops)", "start (s)",
                 "end (s)", "time (s)");
    for (const auto& j : result.jobs)
      std::fprintf(out, "%-12s %6d %6d %14g %16.9f %16.9f %16.9f%s\n", j.id.c_str(), j.ranks, j.first_rank,
                   j.start_delay_flops, j.start, j.end, j.simulated_time, j.completed ? "" : "  (ranks blocked)");
  }
  constexpr size_t kShown = 32;
  bool jobs = !result.jobs.empty();
  // With jobs, a rank's start (its job's delay) is a column: start + compute + comm + wait = finish.
  std::fprintf(out, "%6s  %s%-24s %s%14s %14s %14s %14s\n", "rank", jobs ? "job          " : "", "host",
               jobs ? "     start (s) " : "", "compute (s)", "comm (s)", "wait (s)", "finish (s)");
  for (size_t r = 0; r < result.ranks.size() && r < kShown; r++) {
    const auto& s = result.ranks[r];
    std::string job = jobs ? result.jobs[result.rank_jobs[r]].id : "";
    std::string start;
    if (jobs) {
      job = (job + " #" + std::to_string(r - result.jobs[result.rank_jobs[r]].first_rank)).substr(0, 12);
      start = column(s.start_time) + " ";
    }
    std::fprintf(out, "%6zu  %s%-24s %s%s %s %s %s\n", r,
                 jobs ? (job + std::string(13 - job.size(), ' ')).c_str() : "", result.hosts[r].c_str(),
                 start.c_str(), column(s.compute_seconds).c_str(), column(s.comm_seconds).c_str(),
                 column(s.wait_seconds).c_str(), column(s.finish_time).c_str());
  }
  if (result.ranks.size() > kShown)
    std::fprintf(out, "  ... %zu more ranks (see --json)\n", result.ranks.size() - kShown);
}

void print_problems(FILE* out, const ReplayResult& result)
{
  // A deadlocked trace of 200,000 requests listed them all: the first kListed of each list, the rest in --json
  constexpr size_t kListed = 20;
  auto more = [out](size_t count, const char* key) {
    if (count > kListed)
      std::fprintf(out, "  ... and %zu more (--json FILE lists them all, in \"%s\")\n", count - kListed, key);
  };
  std::map<std::string, UnreplayedCalls> unreplayed;  // over all ranks
  for (const auto& r : result.ranks)
    for (const auto& [name, u] : r.unreplayed) {
      unreplayed[name].calls += u.calls;
      unreplayed[name].seconds += u.seconds;
    }
  if (!unreplayed.empty()) {
    std::fprintf(out, "tireplay: the trace holds calls it cannot replay (not in the simulated time):\n");
    for (const auto& [name, u] : unreplayed)
      std::fprintf(out, "  %s: %llu calls, %.6f s in the traced run (all ranks)\n", name.c_str(),
                   static_cast<unsigned long long>(u.calls), u.seconds);
  }
  if (!result.blocked.empty()) {
    std::fprintf(out, "tireplay: the replay ended with %zu rank%s blocked:\n", result.blocked.size(),
                 result.blocked.size() == 1 ? "" : "s");
    size_t shown = 0;
    for (const auto& b : result.blocked)
      if (shown++ < kListed)
        std::fprintf(out, "  %s: blocked in %s at %s\n", result.rank_name(static_cast<size_t>(b.rank)).c_str(),
                     b.action.c_str(), b.where.c_str());
    more(result.blocked.size(), "blocked");
    // Every blocked rank in a collective, not all the same one: the trace's ranks call different collectives
    std::set<std::string> collectives;
    bool all_collective = result.blocked.size() > 1;
    for (const auto& b : result.blocked) {
      ActionKind kind{};
      all_collective = all_collective && action_from_name(b.action, kind) && is_collective(kind);
      collectives.insert(b.action);
    }
    if (all_collective && collectives.size() > 1) {
      std::string names;
      for (const auto& name : collectives)
        names += (names.empty() ? "" : ", ") + name;
      std::fprintf(out, "tireplay: the ranks' collective calls do not match (the blocked ranks are in %s): its ranks "
                        "call different collectives, or the trace is cut short\n", names.c_str());
    } else {
      std::fprintf(out, "tireplay: a trace of a run that ended deadlocks when it is cut short, when the program relied "
                        "on MPI's buffering (a large send blocks here until it is received), or when its tracer left "
                        "calls out (smpirun -trace-ti leaves out MPI_Sendrecv with an MPI_PROC_NULL half and sendRecv's "
                        "tags: README, \"Record a trace of your MPI program\")\n");
    }
  }
  auto at = [](const P2PWorld::Unmatched& u) { return u.where.empty() ? std::string() : " (" + u.where + ")"; };
  size_t sends = 0, recvs = 0;
  for (const auto& u : result.unmatched)
    (u.is_send ? sends : recvs)++;
  if (sends > 0)
    std::fprintf(out, "tireplay: %zu message%s sent but never received:\n", sends,
                 sends == 1 ? " was" : "s were");
  size_t shown = 0;
  for (const auto& u : result.unmatched)
    if (u.is_send && shown++ < kListed) {
      const char* op = collective_of_tag(u.tag);
      std::string what = op != nullptr ? std::string(": a message of the ") + op : ", tag " + std::to_string(u.tag);
      std::fprintf(out, "  %s -> %s%s, communicator %d, %llu bytes%s\n",
                   result.rank_name(static_cast<size_t>(u.src)).c_str(),
                   result.rank_name(static_cast<size_t>(u.dst)).c_str(), what.c_str(), u.comm,
                   static_cast<unsigned long long>(u.bytes), at(u).c_str());
    }
  more(sends, "unmatched_messages");
  if (result.blocked.empty() && !result.completed())
    std::fprintf(out, "tireplay: the ranks' collective calls do not match (a collective's message was never "
                      "received): the trace is cut short, or its ranks call different collectives\n");
  if (recvs > 0)
    std::fprintf(out, "tireplay: %zu receive%s never got a message:\n", recvs, recvs == 1 ? "" : "s");
  std::set<int> blocked;
  for (const auto& b : result.blocked)
    blocked.insert(b.rank);
  shown = 0;
  for (const auto& u : result.unmatched) {
    if (u.is_send || shown++ >= kListed)
      continue;
    std::string from = u.src < 0 ? "any source" : result.rank_name(static_cast<size_t>(u.src));
    if (const char* op = collective_of_tag(u.tag)) {  // a collective's own message: say which, not its tag
      std::string why = u.src >= 0 && blocked.count(u.src) == 0 ? " (" + from + " ended without entering it)" : "";
      std::fprintf(out, "  %s <- %s: a message of the %s, communicator %d%s%s\n",
                   result.rank_name(static_cast<size_t>(u.dst)).c_str(), from.c_str(), op, u.comm, why.c_str(),
                   at(u).c_str());
    } else {
      std::fprintf(out, "  %s <- %s, tag %d, communicator %d%s\n", result.rank_name(static_cast<size_t>(u.dst)).c_str(),
                   from.c_str(), u.tag, u.comm, at(u).c_str());
    }
  }
  more(recvs, "unmatched_messages");
}

namespace {
/// The options that change a replay's result, files as absolute paths (`tireplay check` compares a baseline's with
/// its own).
nlohmann::json result_options(const ReplayOptions& o)
{
  nlohmann::json j = nlohmann::json::object();
  auto list = [&j](const char* key, const std::vector<std::string>& values) {
    if (!values.empty())
      j[key] = values;
  };
  auto text = [&j](const char* key, const std::string& value) {
    if (!value.empty())
      j[key] = value;
  };
  list("cfg", o.cfg);
  list("coll", o.coll);
  list("scale", o.scale);
  list("set", o.set);
  list("job_delays", o.job_delays);
  text("select", o.select);
  text("reductions", o.reductions == "after" ? "" : o.reductions);
  text("contention_signature", o.contention_signature);
  text("hostfile", o.hostfile.empty() ? "" : absolute_path(with_pipe_names(o.hostfile)));
  text("deployment", o.deployment.empty() ? "" : absolute_path(with_pipe_names(o.deployment)));
  if (o.np > 0)
    j["np"] = o.np;
  if (o.ranks_per_node > 0)
    j["ranks_per_node"] = o.ranks_per_node;
  if (o.oversubscribe)
    j["oversubscribe"] = true;
  if (o.segment_bytes > 0)
    j["segment_bytes"] = o.segment_bytes;
  if (o.limit > 0)
    j["limit"] = o.limit;
  return j;
}

/// The trace (or jobs file) and platform as absolute paths: the same files whatever the directory a check runs in.
nlohmann::json absolute_inputs(const ReplayOptions& o)
{
  return {{"trace", absolute_path(o.jobs_file.empty() ? o.trace : o.jobs_file)},
          {"platform", absolute_path(with_pipe_names(o.platform))}};
}
} // namespace

std::string result_options_json(const ReplayOptions& options) { return result_options(options).dump(); }

void write_json_summary(const std::string& path, const ReplayOptions& options, const ReplayResult& result)
{
  nlohmann::json j;
  j["simulated_time"] = result.simulated_time;
  j["ranks"]          = result.ranks.size();
  j["actions"]        = result.actions;
  j["wall_seconds"]   = result.wall_seconds;
  j["platform"]       = with_pipe_names(options.platform);  // the pipe the user gave, not our copy of it
  if (options.jobs_file.empty()) {
    j["trace"] = options.trace;
  } else {
    j["jobs_file"] = options.jobs_file;
    auto& jobs     = j["jobs"] = nlohmann::json::array();
    for (const auto& job : result.jobs)
      jobs.push_back({{"id", job.id},
                      {"trace", job.trace},
                      {"first_rank", job.first_rank},
                      {"ranks", job.ranks},
                      {"start_delay_flops", job.start_delay_flops},
                      {"start", job.start},
                      {"end", job.end},
                      {"simulated_time", job.simulated_time},
                      {"completed", job.completed}});
  }
  j["fidelity"]       = options.fidelity;
  j["options"]        = result_options(options);
  j["inputs"]         = absolute_inputs(options);
  j["completed"]      = result.completed();
  auto& per_rank      = j["per_rank"] = nlohmann::json::array();
  for (size_t r = 0; r < result.ranks.size(); r++) {
    const auto& s = result.ranks[r];
    per_rank.push_back({{"rank", r},
                        {"host", result.hosts[r]},
                        {"compute_seconds", s.compute_seconds},
                        {"comm_seconds", s.comm_seconds},
                        {"wait_seconds", s.wait_seconds},
                        {"finish_time", s.finish_time},
                        {"actions", s.actions}});
    if (!result.jobs.empty()) {
      const auto& job             = result.jobs[result.rank_jobs[r]];
      per_rank.back()["job"]        = job.id;
      per_rank.back()["job_rank"]   = static_cast<int>(r) - job.first_rank;
      per_rank.back()["start_time"] = s.start_time;
    }
    auto& unreplayed = per_rank.back()["unreplayed"] = nlohmann::json::object();
    for (const auto& [name, u] : s.unreplayed)
      unreplayed[name] = {{"calls", u.calls}, {"seconds", u.seconds}};
  }
  auto& blocked = j["blocked"] = nlohmann::json::array();
  for (const auto& b : result.blocked) {
    blocked.push_back({{"rank", b.rank}, {"action", b.action}, {"where", b.where}});
    if (!result.jobs.empty()) {
      const auto& job            = result.jobs[static_cast<size_t>(result.rank_jobs[static_cast<size_t>(b.rank)])];
      blocked.back()["job"]      = job.id;
      blocked.back()["job_rank"] = b.rank - job.first_rank;
    }
  }
  auto& unmatched = j["unmatched_messages"] = nlohmann::json::array();
  for (const auto& u : result.unmatched)
    unmatched.push_back({{"kind", u.is_send ? "send" : "recv"},
                         {"src", u.src},
                         {"dst", u.dst},
                         {"tag", u.tag},
                         {"communicator", u.comm},
                         {"bytes", u.bytes},
                         {"where", u.where}});
  OutputFile out(path, "the JSON summary");
  std::string text = j.dump(2) + "\n";
  std::fwrite(text.data(), 1, text.size(), out.get());
  out.commit();
}

} // namespace tireplay
