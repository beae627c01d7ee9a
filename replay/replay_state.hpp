// The state shared by the actors of one replay: passed explicitly, no globals.
#pragma once

#include "replay/collectives/registry.hpp"
#include "replay/selection.hpp"
#include "replay/communicator.hpp"
#include "replay/p2p.hpp"
#include "replay/pending_requests.hpp"
#include "replay/progress.hpp"
#include "replay/rma.hpp"
#include "replay/timeline.hpp"
#include "format/rank_reader.hpp"
#include "format/read_ahead.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace tireplay {

struct RankStats {
  double compute_seconds = 0;  // compute, sleep, reduction flops
  double comm_seconds    = 0;  // blocking point-to-point and collectives
  double wait_seconds    = 0;  // wait, waitall, waitany, test
  double finish_time     = 0;
  double start_time      = 0;  // when its first action began (after its job's start delay)
  uint64_t actions       = 0;
  std::map<std::string, UnreplayedCalls> unreplayed;  // the trace's `# unreplayed` lines
};

struct RankState {
  int rank = 0;
  int job  = 0;  // its job (replay/jobs.hpp); the job's MPI_COMM_WORLD is communicator `job`
  double start_delay_flops = 0;
  std::unique_ptr<RankReader> reader;
  PendingRequests pending;
  RankStats stats;
  std::vector<TimedEvent> events;  // filled when the replay records its timeline
  ActionKind current = ActionKind::Init;  // what the rank is doing, for the report of a blocked replay
  uint64_t current_line = 0;
  bool finished         = false;
};

struct ReplayState {
  P2PWorld p2p;
  RmaWorld rma;  // one-sided communication, over p2p's transport
  CommTable comms;
  Selector selector;
  std::unique_ptr<ReadAhead> read_ahead;  // text parsed ahead (tireplay/read-ahead): outlives the ranks' readers
  std::vector<RankState> ranks;
  Progress progress;
  std::string error;  // first input error met by an actor; the replay stops
  std::vector<P2PForms> p2p_forms;  // each job's point-to-point form, shared by its readers
  bool reductions_in_steps = false;  // --reductions steps: reduce algorithms execute the flops (CollArgs)
  bool record_timeline     = false;  // keep every action's start and end (timed outputs, pictures)

  ReplayState(int world_size, Selector selector_, Progress progress_, const std::vector<int>& job_sizes = {})
      : p2p(world_size)
      , rma(p2p, world_size)
      , comms(world_size, job_sizes)
      , selector(std::move(selector_))
      , ranks(world_size)
      , progress(std::move(progress_))
      , p2p_forms(std::max<size_t>(1, job_sizes.size()))
  {
  }
};

/// The body of the actor that replays one rank.
void run_rank(ReplayState& replay, int rank);

} // namespace tireplay
