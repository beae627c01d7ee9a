// The syntax of each action, as error messages show it (docs/trace-format.md has the full specification).
#include "format/line_parser.hpp"

namespace tireplay {

std::string_view action_usage(ActionKind kind)
{
  switch (kind) {
    case ActionKind::Init: return "init [set-default-datatype-to-double]";
    case ActionKind::Finalize: return "finalize";
    case ActionKind::CommSize: return "comm_size [size]";
    case ActionKind::CommSplit: return "comm_split [<new_comm> <size> <world rank>...]";
    case ActionKind::CommDup: return "comm_dup [<new_comm>]";
    case ActionKind::Compute: return "compute <flops>";
    case ActionKind::Sleep: return "sleep <seconds>";
    case ActionKind::Poll: return "poll <count>";
    case ActionKind::Location: return "location <file> <line>";
    case ActionKind::Send: return "send <partner> <tag> <count> [datatype]";
    case ActionKind::Isend: return "isend <partner> <tag> <count> [datatype]";
    case ActionKind::Ssend: return "ssend <partner> <tag> <count> [datatype]";
    case ActionKind::Issend: return "issend <partner> <tag> <count> [datatype]";
    case ActionKind::Bsend: return "bsend <partner> <tag> <count> [datatype]";
    case ActionKind::Ibsend: return "ibsend <partner> <tag> <count> [datatype]";
    case ActionKind::Recv: return "recv <partner> <tag> <count> [datatype]";
    case ActionKind::Irecv: return "irecv <partner> <tag> <count> [datatype]";
    case ActionKind::Wait: return "wait <src> <dst> <tag> [<index>]";
    case ActionKind::Test: return "test <src> <dst> <tag>";
    case ActionKind::WaitAll: return "waitall [count]";
    case ActionKind::WaitAny: return "waitany [count]";
    case ActionKind::SendRecv:
      return "sendrecv <send_count> <dst|null> <recv_count> <src|null> [send_datatype [recv_datatype]] [sendtag=<tag>] "
             "[recvtag=<tag>]";
    case ActionKind::Barrier: return "barrier";
    case ActionKind::Bcast: return "bcast <count> [root [datatype]]";
    case ActionKind::Reduce: return "reduce <count> <flops> [root [datatype]]";
    case ActionKind::AllReduce: return "allreduce <count> <flops> [datatype]";
    case ActionKind::AllToAll: return "alltoall <send_count> <recv_count> [send_datatype [recv_datatype]]";
    case ActionKind::AllToAllV:
      return "alltoallv <send_buffer_size> <send_counts...> <recv_buffer_size> <recv_counts...> [send_datatype "
             "[recv_datatype]]";
    case ActionKind::Gather: return "gather <send_count> <recv_count> [root [send_datatype [recv_datatype]]]";
    case ActionKind::GatherV: return "gatherv <send_count> <recv_counts...> [root [send_datatype [recv_datatype]]]";
    case ActionKind::Scatter: return "scatter <send_count> <recv_count> [root [send_datatype [recv_datatype]]]";
    case ActionKind::ScatterV: return "scatterv <send_counts...> <recv_count> [root [send_datatype [recv_datatype]]]";
    case ActionKind::AllGather: return "allgather <send_count> <recv_count> [send_datatype [recv_datatype]]";
    case ActionKind::AllGatherV:
      return "allgatherv <send_count> <recv_counts...> [send_datatype recv_datatype] [displacements...]";
    case ActionKind::ReduceScatter: return "reducescatter <recv_counts...> <flops> [datatype]";
    case ActionKind::Scan: return "scan <count> <flops> [datatype]";
    case ActionKind::ExScan: return "exscan <count> <flops> [datatype]";
    case ActionKind::WinCreate: return "win_create <win> [bytes]";
    case ActionKind::WinFree: return "win_free <win>";
    case ActionKind::Put: return "put <win> <target> <bytes>";
    case ActionKind::Get: return "get <win> <target> <bytes>";
    case ActionKind::Accumulate: return "accumulate <win> <target> <bytes>";
    case ActionKind::GetAccumulate: return "get_accumulate <win> <target> <bytes> <result_bytes>";
    case ActionKind::Rput: return "rput <win> <target> <bytes>";
    case ActionKind::Rget: return "rget <win> <target> <bytes>";
    case ActionKind::Raccumulate: return "raccumulate <win> <target> <bytes>";
    case ActionKind::RgetAccumulate: return "rget_accumulate <win> <target> <bytes> <result_bytes>";
    case ActionKind::WaitRma: return "wait_rma <win> <target> [<index>]";
    case ActionKind::WinFence: return "win_fence <win>";
    case ActionKind::WinPost: return "win_post <win> <size> <rank>...";
    case ActionKind::WinStart: return "win_start <win> <size> <rank>...";
    case ActionKind::WinComplete: return "win_complete <win>";
    case ActionKind::WinWait: return "win_wait <win>";
    case ActionKind::WinLock: return "win_lock <win> <target> <exclusive|shared> [nocheck]";
    case ActionKind::WinUnlock: return "win_unlock <win> <target>";
    case ActionKind::WinLockAll: return "win_lock_all <win>";
    case ActionKind::WinUnlockAll: return "win_unlock_all <win>";
    case ActionKind::WinFlush: return "win_flush <win> <target>";
    case ActionKind::WinFlushAll: return "win_flush_all <win>";
    case ActionKind::WinFlushLocal: return "win_flush_local <win> <target>";
    case ActionKind::WinFlushLocalAll: return "win_flush_local_all <win>";
    case ActionKind::WinSync: return "win_sync <win>";
    case ActionKind::Count_: break;
  }
  return "";
}

} // namespace tireplay
