// The global definitions of an OTF2 archive that the conversion needs: which locations are MPI ranks, which
// regions are MPI calls, the communicators' members (as world ranks), the metrics, and the clock.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace otf2ti {

struct Communicator {
  std::string name;
  std::vector<int> members;  // world ranks, in the communicator's rank order; empty: MPI_COMM_SELF-like
  bool self = false;         // one member, the rank that uses it
  /// Its id in the TI trace: 0 for world, then 1.. in definition order; a self communicator's id plus the rank
  /// (one per rank, after all the others).
  int ti_id = 0;
};

struct Definitions {
  uint64_t ticks_per_second = 1;
  std::map<uint64_t, std::string> strings;
  std::map<uint64_t, bool> mpi_region;        // region id -> is an MPI call
  std::map<uint64_t, std::string> region_name;
  std::map<uint64_t, int> rank_of_location;   // MPI ranks: index in the COMM_LOCATIONS group
  std::vector<uint64_t> location_of_rank;
  std::map<uint64_t, uint64_t> location_events;  // events each location holds (its definition says)
  std::map<uint64_t, Communicator> comms;
  uint64_t world_comm = UINT64_MAX;
  /// Metric class id -> index of the flop counter among its members (when the class has one).
  std::map<uint64_t, int> flop_member;
  std::string flop_metric_name;  // the counter found (or asked for), "" without one
  /// Without a flop counter: metric class id -> index of the member `cpu_time` (the tracer's CPU time of the
  /// rank's thread), and the seconds its unit is worth.
  std::map<uint64_t, int> cpu_member;
  double cpu_seconds_per_unit = 1;
  /// Metric class id -> index of the member `polls` (the tracer's count of the program's checks for messages).
  std::map<uint64_t, int> polls_member;
  /// One-sided communication: each window's communicator and its id in the TI trace (1.., in reference order), and
  /// the groups of ranks (COMM_GROUP groups, as world ranks) that RmaGroupSync events name.
  struct Window {
    uint64_t comm;
    int ti_id;
  };
  std::map<uint64_t, Window> windows;
  std::map<uint64_t, std::vector<int>> rank_groups;
  /// The attribute "tireplay::element_bytes" that tireplay's tracer puts on reductions (UINT64_MAX: none).
  uint64_t element_attribute = UINT64_MAX;
  /// The attribute "tireplay::window_bytes" on RmaWinCreate (UINT64_MAX: none).
  uint64_t window_attribute = UINT64_MAX;
  /// The attribute "tireplay::lock_nocheck" on RmaAcquireLock: 1 for a lock with MPI_MODE_NOCHECK (UINT64_MAX: none).
  uint64_t nocheck_attribute = UINT64_MAX;
  /// The attribute "tireplay::send_mode" on an MPI_Start's MpiIsend: the mode of its request, 1 buffered
  /// (MPI_Bsend_init), 2 synchronous (MPI_Ssend_init), 3 ready (MPI_Rsend_init), absent for a standard one; earlier
  /// tracers' "tireplay::buffered_send", 1 for MPI_Bsend_init's, is read as well (UINT64_MAX: none).
  uint64_t send_mode_attribute = UINT64_MAX, buffered_attribute = UINT64_MAX;
  /// The attributes "tireplay::sent_to:I" on alltoallv and alltoallw events -> I: the bytes sent to rank I of the
  /// communicator (absent: 0). When the archive defines them, every such event of it has its exact counts.
  std::map<uint64_t, uint32_t> sent_to_attribute;
};

/// Reads the archive's global definitions. `flop_metric`: the counter to use ("" = the first of PAPI_FP_OPS,
/// PAPI_DP_OPS, PAPI_SP_OPS found). Throws std::runtime_error naming the archive and the problem.
Definitions read_definitions(const std::string& archive, const std::string& flop_metric);

} // namespace otf2ti
