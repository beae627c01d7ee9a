#include "format/action.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace tireplay {
namespace {

struct NamedAction {
  std::string_view name;  // lower case
  ActionKind kind;
};

// Sorted by name for binary search. Names are matched case-insensitively, so the paper's `allReduce`,
// `Isend` and SimGrid's `sendRecv`, `waitAny` all land here; `reduce_scatter` is an alias.
constexpr std::array<NamedAction, 63> kNames{{
    {"accumulate", ActionKind::Accumulate},
    {"allgather", ActionKind::AllGather},
    {"allgatherv", ActionKind::AllGatherV},
    {"allreduce", ActionKind::AllReduce},
    {"alltoall", ActionKind::AllToAll},
    {"alltoallv", ActionKind::AllToAllV},
    {"barrier", ActionKind::Barrier},
    {"bcast", ActionKind::Bcast},
    {"bsend", ActionKind::Bsend},
    {"comm_dup", ActionKind::CommDup},
    {"comm_size", ActionKind::CommSize},
    {"comm_split", ActionKind::CommSplit},
    {"compute", ActionKind::Compute},
    {"exscan", ActionKind::ExScan},
    {"finalize", ActionKind::Finalize},
    {"gather", ActionKind::Gather},
    {"gatherv", ActionKind::GatherV},
    {"get", ActionKind::Get},
    {"get_accumulate", ActionKind::GetAccumulate},
    {"ibsend", ActionKind::Ibsend},
    {"init", ActionKind::Init},
    {"irecv", ActionKind::Irecv},
    {"isend", ActionKind::Isend},
    {"issend", ActionKind::Issend},
    {"location", ActionKind::Location},
    {"poll", ActionKind::Poll},
    {"put", ActionKind::Put},
    {"raccumulate", ActionKind::Raccumulate},
    {"recv", ActionKind::Recv},
    {"reduce", ActionKind::Reduce},
    {"reduce_scatter", ActionKind::ReduceScatter},
    {"reducescatter", ActionKind::ReduceScatter},
    {"rget", ActionKind::Rget},
    {"rget_accumulate", ActionKind::RgetAccumulate},
    {"rput", ActionKind::Rput},
    {"scan", ActionKind::Scan},
    {"scatter", ActionKind::Scatter},
    {"scatterv", ActionKind::ScatterV},
    {"send", ActionKind::Send},
    {"sendrecv", ActionKind::SendRecv},
    {"sleep", ActionKind::Sleep},
    {"ssend", ActionKind::Ssend},
    {"test", ActionKind::Test},
    {"wait", ActionKind::Wait},
    {"wait_rma", ActionKind::WaitRma},
    {"waitall", ActionKind::WaitAll},
    {"waitany", ActionKind::WaitAny},
    {"win_complete", ActionKind::WinComplete},
    {"win_create", ActionKind::WinCreate},
    {"win_fence", ActionKind::WinFence},
    {"win_flush", ActionKind::WinFlush},
    {"win_flush_all", ActionKind::WinFlushAll},
    {"win_flush_local", ActionKind::WinFlushLocal},
    {"win_flush_local_all", ActionKind::WinFlushLocalAll},
    {"win_free", ActionKind::WinFree},
    {"win_lock", ActionKind::WinLock},
    {"win_lock_all", ActionKind::WinLockAll},
    {"win_post", ActionKind::WinPost},
    {"win_start", ActionKind::WinStart},
    {"win_sync", ActionKind::WinSync},
    {"win_unlock", ActionKind::WinUnlock},
    {"win_unlock_all", ActionKind::WinUnlockAll},
    {"win_wait", ActionKind::WinWait},
}};

constexpr std::array<std::string_view, static_cast<size_t>(ActionKind::Count_)> kCanonical{
    "init",     "finalize",  "comm_size", "comm_split", "comm_dup",  "compute",    "sleep",
    "poll",     "location", "send",      "isend",     "ssend",      "issend",    "bsend",      "ibsend",
    "recv",     "irecv",
    "wait",     "test",      "waitall",   "waitany",    "sendrecv",  "barrier",    "bcast",
    "reduce",   "allreduce", "alltoall",  "alltoallv",  "gather",    "gatherv",    "scatter",
    "scatterv", "allgather", "allgatherv", "reducescatter", "scan",  "exscan",
    "win_create", "win_free", "put", "get", "accumulate", "get_accumulate", "rput", "rget", "raccumulate",
    "rget_accumulate", "wait_rma", "win_fence", "win_post", "win_start", "win_complete", "win_wait", "win_lock",
    "win_unlock", "win_lock_all", "win_unlock_all", "win_flush", "win_flush_all", "win_flush_local",
    "win_flush_local_all", "win_sync"};

} // namespace

std::string_view action_name(ActionKind kind)
{
  return kCanonical[static_cast<size_t>(kind)];
}

bool action_from_name(std::string_view name, ActionKind& kind)
{
  char lower[24];
  if (name.empty() || name.size() >= sizeof lower)
    return false;
  for (size_t i = 0; i < name.size(); i++)
    lower[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[i])));
  std::string_view key(lower, name.size());
  auto it = std::lower_bound(kNames.begin(), kNames.end(), key,
                             [](const NamedAction& a, std::string_view k) { return a.name < k; });
  if (it == kNames.end() || it->name != key)
    return false;
  kind = it->kind;
  return true;
}

std::string known_action_names()
{
  std::string out;
  for (auto name : kCanonical) {
    if (!out.empty())
      out += ", ";
    out += name;
  }
  return out;
}

bool is_collective(ActionKind kind)
{
  return kind >= ActionKind::Barrier && kind <= ActionKind::ExScan;
}

bool is_rma(ActionKind kind)
{
  return kind >= ActionKind::WinCreate && kind <= ActionKind::WinSync;
}

bool is_rma_transfer(ActionKind kind)
{
  return kind >= ActionKind::Put && kind <= ActionKind::RgetAccumulate;
}

} // namespace tireplay
