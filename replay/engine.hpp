// One replay: a platform, a host for each rank, a trace; the S4U simulation; the result.
#pragma once

#include "replay/replay_state.hpp"
#include "src/report/timeline.hpp"

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
  std::vector<std::string> cfg;   // key:value, smpi/ ones for the engine, the others for SimGrid
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
  bool record_timeline = false;  // fill ReplayResult::timeline
};

struct BlockedRank {
  int rank;
  std::string action;  // what it waits in
  std::string where;   // FILE:LINE
};

struct ReplayResult {
  double simulated_time = 0;  // when the last rank finished, seconds
  double wall_seconds   = 0;
  uint64_t actions      = 0;
  std::vector<RankStats> ranks;
  std::vector<std::string> hosts;  // host of each rank
  std::vector<BlockedRank> blocked;
  std::vector<P2PWorld::Unmatched> unmatched;
  Timeline timeline;  // with ReplayOptions::record_timeline
};

/// A simulated failure of the replayed application (the trace deadlocks). Exit status 3.
struct DeadlockError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Runs the replay. Throws InputError (bad input) or std::invalid_argument (bad option). A replay whose
/// ranks end blocked returns normally with `blocked` filled in.
ReplayResult run_replay(const ReplayOptions& options);

} // namespace tireplay
