// One replay: a platform, a host for each rank, a trace; the S4U simulation; the result.
#pragma once

#include "replay/replay_state.hpp"
#include "replay/timeline.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace tireplay {

struct ReplayOptions {
  std::string platform;
  std::string hostfile;    // smpirun's format: one host per line, or host:count
  std::string deployment;  // a SimGrid deployment file: one <actor host="..."> per rank, in rank order
  bool oversubscribe = false;  // more ranks than hostfile entries: wrap around, as smpirun does
  int np             = 0;      // 0: as many as the trace has
  std::string trace;
  std::string jobs_file;                // several jobs in one simulation instead of --trace (replay/jobs.hpp)
  std::vector<std::string> job_delays;  // ID=FLOPS: a job's start delay, over the jobs file's
  std::vector<std::string> cfg;   // key:value, smpi/ ones for the engine, the others for SimGrid
  std::vector<std::string> logs;  // SimGrid's log thresholds, CATEGORY.thres:PRIORITY (smpirun's --log=...)
  std::vector<std::string> coll;  // op=algorithm
  std::string select;             // smpi, fixed or model; empty: fixed if --coll is given, else smpi
  std::string explain;            // file for the model's decisions
  uint64_t segment_bytes = 0;  // segment size of pipelined algorithms outside --select model (0: default)
  int limit              = 0;  // K of the K-limited reduce trees outside --select model (0: the model's)
  std::string reductions = "after";  // where a reduce's flops run: "after" the call (SimGrid) or in its "steps"
  std::string contention_signature;  // all-to-all contention signature for the models: preset or "gamma,delta,M"
  std::vector<std::string> scale;  // QUANTITY[@ZONE]=FACTOR: platform changes (replay/platform_changes.hpp)
  std::vector<std::string> set;    // QUANTITY[@ZONE]=VALUE with its unit, applied after the --scale ones
  int ranks_per_node = 0;          // > 0: that many consecutive ranks on each host (replay/placement.hpp)
  std::vector<std::pair<std::string, std::string>> outputs;  // (option, path) the command writes; checked
                                                             // against the inputs before the simulation
  std::vector<std::string> output_dirs;                      // options of `outputs` that name a directory
  std::string fidelity = "full";  // "full": SimGrid's simulation; "fast": the fast level's engine (replay/fast/)
  bool progress        = false;
  bool progress_lines  = false;  // a line every 10 s (stderr is not a terminal) instead of one line redrawn
  bool record_timeline = false;  // fill ReplayResult::timeline
};

struct BlockedRank {
  int rank;
  std::string action;  // what it waits in
  std::string where;   // FILE:LINE
};

/// One job of a --jobs-file replay: when its first rank began (after its start delay) and its last one ended.
struct JobResult {
  std::string id, trace;
  int first_rank = 0, ranks = 0;
  double start_delay_flops = 0;
  double start = 0, end = 0, simulated_time = 0;  // simulated_time = end - start
  bool completed = true;                          // false when some of its ranks ended blocked
};

struct ReplayResult {
  double simulated_time = 0;  // when the last rank finished, seconds
  double wall_seconds   = 0;
  uint64_t actions      = 0;
  std::vector<RankStats> ranks;
  std::vector<std::string> hosts;  // host of each rank
  std::vector<int> rank_jobs;      // job of each rank (index in `jobs`; 0 without a jobs file)
  std::vector<JobResult> jobs;     // with a jobs file
  std::vector<BlockedRank> blocked;
  std::vector<P2PWorld::Unmatched> unmatched;
  Timeline timeline;  // with ReplayOptions::record_timeline

  /// Whether the run completed as MPI says: no rank blocked, and no message of a collective left unreceived (the
  /// ranks' collectives did not match: small messages do not block their sender, so such a trace ends).
  bool completed() const
  {
    return blocked.empty() && std::none_of(unmatched.begin(), unmatched.end(),
                                           [](const P2PWorld::Unmatched& u) { return u.tag < 0; });
  }

  /// "rank 5", or with jobs "job 2 rank 3" (the rank in its job): how timed outputs name a rank.
  std::string rank_name(size_t rank) const
  {
    if (jobs.empty())
      return "rank " + std::to_string(rank);
    const JobResult& job = jobs[static_cast<size_t>(rank_jobs[rank])];
    return "job " + job.id + " rank " + std::to_string(static_cast<int>(rank) - job.first_rank);
  }
};

/// A simulated failure of the replayed application (the trace deadlocks). Exit status 3.
struct DeadlockError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Runs the replay. Throws InputError (bad input) or std::invalid_argument (bad option). A replay whose
/// ranks end blocked returns normally with `blocked` filled in.
ReplayResult run_replay(const ReplayOptions& options);

} // namespace tireplay
