// One MPI rank's OTF2 events turned into time-independent actions (tireplay TI format 1, docs/trace-format.md).
#pragma once

#include "definitions.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace otf2ti {

struct Options {
  double flop_rate = 1e9;  // flops per second of the traced machine, for compute without a flop counter
  double cpu_threshold = 1e-6;  // bursts shorter than this (seconds) are left out, as SMPI's smpi/cpu-threshold does
  bool record_bursts = false;   // keep each burst's flops and duration (RankTrace::bursts), for the calibration
  /// Every unsuccessful test, as SMPI's tracer writes them. By default a polling loop (unsuccessful tests of one
  /// request with nothing but computation between them) is one test: how often a loop polled is the traced
  /// machine's timing, and each replayed test costs smpi/test, growing with every unsuccessful one.
  bool keep_tests = false;
  /// The program's checks for messages between pieces of its work (the tracer's `polls` counter) as `poll` lines,
  /// which tireplay charges at tireplay/poll-cpu each (SMPI's replay has no such action: off for it).
  bool polls = true;
};

/// A computation between two MPI calls that the trace holds: its flop counter's difference and its duration
/// (`otf2ti --bursts`, read by `tireplay calibrate flops`).
struct BurstRecord {
  double flops;
  double seconds;
};

/// A collective whose per-member counts come from the other members' records (collectives.hpp, fill_counts).
struct CountedCollective {
  size_t line;  // its line (the action is the slot's last line)
  int op;       // OTF2_CollectiveOp
  uint64_t comm;
  uint32_t root;
  uint64_t sent, received;
  /// An alltoallv's or alltoallw's bytes to each rank of the communicator, when the archive records them
  /// (tireplay's tracer: Definitions::sent_to_attribute); empty otherwise.
  std::vector<uint64_t> to;
};

/// Calls tireplay cannot replay (MPI-IO, neighbourhood collectives): reported, not replayed.
struct UnreplayedCalls {
  uint64_t calls = 0;
  double seconds = 0;  // time spent inside them
};

/// An isend (issend) whose request never completes: its slot in RankTrace::lines (the slot's last line), the MPI
/// function that started it, and its event.
struct UncompletedSend {
  size_t line;
  std::string call;
  uint64_t position;
};

/// The number of lines a slot of RankTrace::lines holds: 0 for an empty slot, more when definitions precede its
/// action.
inline size_t lines_in(const std::string& slot)
{
  return slot.empty() ? 0 : 1 + static_cast<size_t>(std::count(slot.begin(), slot.end(), '\n'));
}

struct RankTrace {
  std::vector<std::string> lines;  // without the trailing newline
  uint64_t events = 0;             // events read
  std::vector<CountedCollective> counted;
  /// Communication calls the archive holds no MPI event for (its writer did not record them: Score-P 2's
  /// non-blocking collectives), by name: left out of the trace, and reported.
  std::map<std::string, uint64_t> unrecorded;
  std::vector<BurstRecord> bursts;  // with Options::record_bursts and a flop counter
  std::map<std::string, UnreplayedCalls> unreplayed;  // by MPI function
  /// Point-to-point events with no rank as peer (MPI_PROC_NULL), by MPI function: no action; written as
  /// `# proc_null` lines (docs/trace-format.md section 8).
  std::map<std::string, uint64_t> null_peers;
  /// Cancelled requests, by the action they would have been (irecv, isend, issend): no action; written as
  /// `# cancelled` lines.
  std::map<std::string, uint64_t> cancelled;
  /// Sends whose request never completes in the trace (freed by MPI_Request_free, or a completion its writer did not
  /// record): the replay waits for them at the end of the rank. Reported with their line.
  std::vector<UncompletedSend> uncompleted;
  /// Computations whose flop counter (or CPU time) went back or was not a number: taken as none, and reported.
  uint64_t bad_counters = 0;
  /// The traced run's elapsed time from MPI_Init's return to MPI_Finalize's call (-1 if either is missing).
  double run_seconds = -1;
};

/// Reads the events of `rank`'s location with a reader of its own (so ranks convert on several threads) and
/// returns its actions. Throws std::runtime_error naming the location and the event on bad input.
RankTrace convert_rank(const std::string& archive, const Definitions& defs, int rank, const Options& options);

} // namespace otf2ti
