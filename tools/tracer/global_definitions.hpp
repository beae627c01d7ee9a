// The global definitions of a traced run, written by world rank 0 once every rank has closed its events.
#pragma once

#include <otf2/otf2.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tracer {

struct RunDefinitions {
  uint64_t start = 0, end = 0;  // first and last timestamps, ns
  std::vector<uint64_t> events;  // events of each rank's location
  std::map<OTF2_CommRef, std::vector<uint64_t>> comms;  // created communicators -> members' world ranks
  std::map<uint32_t, std::vector<uint64_t>> windows;    // windows -> {their communicator}
  std::map<uint32_t, std::vector<uint64_t>> groups;     // groups of one-sided synchronisations -> world ranks
  std::string flop_metric;  // "" when the run had no flop counter
};

/// The attribute a reduction's MpiCollectiveEnd carries: the bytes of one element of its datatype (OTF2 records
/// bytes only; the element count steers some of the replay's algorithms). otf2ti reads it by its name.
constexpr OTF2_AttributeRef kElementBytes = 0;
constexpr const char* kElementBytesName = "tireplay::element_bytes";
/// The attribute a window's RmaWinCreate carries: the bytes of the rank's memory in it (its cost, the replay's
/// tireplay/win-create-cpu, grows with them).
constexpr OTF2_AttributeRef kWindowBytes = 1;
constexpr const char* kWindowBytesName = "tireplay::window_bytes";
/// The attribute an RmaAcquireLock carries when the call had MPI_MODE_NOCHECK (1; none without it): OTF2's lock
/// records have no assert, and a lock that asks nothing of its target costs no message (the trace's `nocheck`).
constexpr OTF2_AttributeRef kLockNocheck = 2;
constexpr const char* kLockNocheckName = "tireplay::lock_nocheck";

/// The send mode of a persistent send request (MPI_Send_init, MPI_Bsend_init, MPI_Ssend_init, MPI_Rsend_init): the
/// value of kSendMode.
enum class SendMode : uint8_t { Standard = 0, Buffered = 1, Synchronous = 2, Ready = 3 };
/// The attribute the MpiIsend of an MPI_Start carries when its request's mode is not the standard one (none for
/// MPI_Send_init's), as OTF2's MpiIsend does not say: otf2ti writes a buffered one as MPI_Ibsend's (`ibsend`), a
/// synchronous one as MPI_Issend's (`issend`) and a ready one as MPI_Irsend's (`isend`). Archives of earlier tracers
/// named it "tireplay::buffered_send" (1 for MPI_Bsend_init's, none otherwise), which otf2ti reads the same.
constexpr OTF2_AttributeRef kSendMode = 3;
constexpr const char* kSendModeName = "tireplay::send_mode";

/// The attributes an alltoallv's or alltoallw's collective event carries (MpiCollectiveEnd,
/// NonBlockingCollectiveComplete): kSentTo + i, named "tireplay::sent_to:i", the bytes this rank sends to rank i of
/// the communicator, those of 0 bytes left out. OTF2 records each rank's totals only, from which otf2ti could only
/// estimate the per-pair counts (6.2 times off in the replay of an exchange with one partner across two sites).
/// (otf2ti finds every attribute by its name: archives whose kSentTo was 3 read the same.)
constexpr OTF2_AttributeRef kSentTo = 4;
constexpr const char* kSentToName = "tireplay::sent_to:";

/// Adds the kSentTo attributes of the counts `to` (bytes sent to each rank of the communicator) to `list`.
inline void add_sent_to(OTF2_AttributeList* list, const std::vector<uint64_t>& to)
{
  // An event of OTF2's holds in a chunk of 1 MiB: beyond 16,384 ranks, none (otf2ti estimates, and says so).
  if (to.size() > 16384)
    return;
  for (size_t i = 0; i < to.size(); i++)
    if (to[i] > 0)
      OTF2_AttributeList_AddUint64(list, kSentTo + static_cast<OTF2_AttributeRef>(i), to[i]);
}

/// Clock, ranks (one location per rank, location id = rank), the MPI regions, the metrics (metric class 0:
/// member cpu_time in ns, then the flop counter), the attributes (kElementBytes, kWindowBytes, kLockNocheck,
/// kSendMode, kSentTo + i for each rank i), MPI_COMM_WORLD (0), MPI_COMM_SELF (1)
/// the created communicators, the windows and the groups of their synchronisations.
void write_global_definitions(OTF2_Archive* archive, const RunDefinitions& run);

} // namespace tracer
