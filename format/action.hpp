// The typed form of one line of a time-independent trace (docs/trace-format.md).
// The reader fills an Action in place; the engine executes it; nothing downstream sees text.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace tireplay {

enum class ActionKind : uint8_t {
  Init,
  Finalize,
  CommSize,
  CommSplit,
  CommDup,
  Compute,
  Sleep,
  Poll,
  Location,
  Send,
  Isend,
  Ssend,
  Issend,
  Bsend,   // buffered (MPI_Bsend): detached whatever its size, as SMPI's
  Ibsend,
  Recv,
  Irecv,
  Wait,
  Test,
  WaitAll,
  WaitAny,
  SendRecv,
  Barrier,
  Bcast,
  Reduce,
  AllReduce,
  AllToAll,
  AllToAllV,
  Gather,
  GatherV,
  Scatter,
  ScatterV,
  AllGather,
  AllGatherV,
  ReduceScatter,
  Scan,
  ExScan,
  // One-sided communication (docs/trace-format.md section 12)
  WinCreate,
  WinFree,
  Put,
  Get,
  Accumulate,
  GetAccumulate,
  Rput,
  Rget,
  Raccumulate,
  RgetAccumulate,
  WaitRma,
  WinFence,
  WinPost,
  WinStart,
  WinComplete,
  WinWait,
  WinLock,
  WinUnlock,
  WinLockAll,
  WinUnlockAll,
  WinFlush,
  WinFlushAll,
  WinFlushLocal,
  WinFlushLocalAll,
  WinSync,
  Count_
};

constexpr int kAnySource = -1;
constexpr int kProcNull  = -2;    // a sendrecv's `null` peer: MPI_PROC_NULL, that half does nothing
constexpr int kAnyTag    = -444;  // MPI_ANY_TAG as SMPI writes it: matches any tag >= 0
constexpr int kWorldComm = 0;

struct Action {
  ActionKind kind = ActionKind::Init;
  int comm = kWorldComm;   // communicator id (tireplay extension `comm=<id>`), 0 is MPI_COMM_WORLD
  int peer = 0;            // p2p partner (rank in comm); kAnySource for receives from any source; sendRecv: dst
  int peer2 = 0;           // sendRecv: src; wait/test: dst
  int tag = 0;             // sendRecv: the send's tag
  int tag2 = 0;            // sendRecv: the receive's tag
  int root = 0;
  bool has_request_key = false;  // wait/test name (src, dst, tag); pre-3.20 `wait` does not
  int new_comm = 0;              // comm_split / comm_dup: id of the communicator created
  uint64_t bytes = 0;            // bytes sent (per peer for alltoall/gather/allgather)
  uint64_t bytes2 = 0;           // bytes received (per peer where it applies)
  double flops = 0;              // compute, reduction flops of reduce/allreduce/scan/reducescatter
  int datatype_size = 1;         // size of the (send) datatype: algorithms that split by elements (SMPI's) use it
  int recv_datatype_size = 1;    // size of the receive datatype, where the action has one
  double seconds = 0;            // sleep
  uint64_t polls = 0;            // poll: the calls counted
  std::vector<uint64_t> send_counts;  // v-variants, bytes per comm rank
  std::vector<uint64_t> recv_counts;
  std::vector<int> members;           // comm_split: world ranks of the new communicator, in its rank order;
                                      // win_post / win_start: the group, ranks of the window's communicator
  int win = 0;                        // one-sided actions: the window id; `peer` is the target, `bytes2` what a
                                      // get_accumulate brings back
  bool exclusive = false;             // win_lock
  bool nocheck   = false;             // win_lock: MPI_MODE_NOCHECK
  int request_index = 0;              // wait_rma: which of the requests to the target on the window, the oldest 0;
                                      // wait: which of the requests stored under its (src, dst, tag)
};

/// Canonical lower-case name of an action, as docs/trace-format.md spells it.
std::string_view action_name(ActionKind kind);

/// Looks an action name up, case-insensitively. Returns false when the name is unknown.
bool action_from_name(std::string_view name, ActionKind& kind);

/// The names of every action, for error messages.
std::string known_action_names();

bool is_collective(ActionKind kind);

/// One-sided actions (win_create ... win_sync).
bool is_rma(ActionKind kind);
/// One-sided transfers: put, get, accumulate, get_accumulate and their request forms.
bool is_rma_transfer(ActionKind kind);

} // namespace tireplay
