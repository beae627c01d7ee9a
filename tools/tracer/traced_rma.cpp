// One-sided calls (MPI-3 RMA) as OTF2's RMA events, inside each call's region (docs/acquisition.md): RmaWinCreate /
// RmaWinDestroy between RmaCollectiveBegin and RmaCollectiveEnd; RmaPut, RmaGet, RmaAtomic for transfers (remote:
// the target's rank in the window's communicator, bytes as the target's datatype moves them); RmaCollectiveEnd for a
// fence; RmaGroupSync for post, start, complete and wait (a successful test); RmaAcquireLock / RmaReleaseLock for
// locks (remote OTF2_UNDEFINED_UINT32: every target, lock_all); RmaSync for flushes and MPI_Win_sync. otf2ti turns
// each call's region and events into the trace's one-sided actions (docs/trace-format.md section 12).
#include "traced_rma.hpp"

#include "global_definitions.hpp"
#include "wrap_support.hpp"

#include <memory>

namespace tracer {
namespace {

OTF2_RmaWinRef win_ref(MPI_Win win) { return recorder().windows.ref(win); }

/// A target as OTF2's remote: OTF2_UNDEFINED_UINT32 for every target (otf2ti's reading too), MPI_PROC_NULL as -2
/// (what the point-to-point events write for it, whatever the MPI's value), a rank as it is.
uint32_t remote_of(int target)
{
  if (target == kEveryTarget)
    return OTF2_UNDEFINED_UINT32;
  return target == MPI_PROC_NULL ? 0xFFFFFFFEu : static_cast<uint32_t>(target);
}

RmaTransfer transfer(RmaTransfer::Kind kind, MPI_Win win, int target, uint64_t sent, uint64_t received,
                     OTF2_RmaAtomicType atomic = OTF2_RMA_ATOMIC_TYPE_ACCUMULATE)
{
  RmaTransfer t;
  t.kind = kind, t.win = win, t.target = target, t.sent = sent, t.received = received, t.atomic = atomic;
  return t;
}

} // namespace

RmaTransfer rma_put(MPI_Win win, int target, uint64_t bytes)
{
  return transfer(RmaTransfer::Put, win, target, bytes, 0);
}
RmaTransfer rma_get(MPI_Win win, int target, uint64_t bytes)
{
  return transfer(RmaTransfer::Get, win, target, 0, bytes);
}
RmaTransfer rma_accumulate(MPI_Win win, int target, uint64_t bytes)
{
  return transfer(RmaTransfer::Atomic, win, target, bytes, 0);
}
RmaTransfer rma_fetch(MPI_Win win, int target, uint64_t bytes, MPI_Op op)
{
  return transfer(RmaTransfer::Atomic, win, target, op == MPI_NO_OP ? 0 : bytes, bytes,
                  OTF2_RMA_ATOMIC_TYPE_FETCH_AND_ACCUMULATE);
}
RmaTransfer rma_compare_and_swap(MPI_Win win, int target, uint64_t element)
{
  return transfer(RmaTransfer::Atomic, win, target, 2 * element, element, OTF2_RMA_ATOMIC_TYPE_COMPARE_AND_SWAP);
}

int win_creation(Region region, MPI_Comm comm, uint64_t bytes, const std::function<int(MPI_Win&)>& call)
{
  Scope scope(region);
  bool events = scope.on() && known(region, comm);
  if (events)
    OTF2_EvtWriter_RmaCollectiveBegin(out(), nullptr, now());
  MPI_Win win = MPI_WIN_NULL;
  int rc      = call(win);
  if (rc == MPI_SUCCESS)  // even when the scope records nothing: every member takes part
    recorder().windows.created(win, comm, ref(comm));
  if (events && win_ref(win) != OTF2_UNDEFINED_RMA_WIN) {
    thread_local std::unique_ptr<OTF2_AttributeList, decltype(&OTF2_AttributeList_Delete)> size(
        OTF2_AttributeList_New(), OTF2_AttributeList_Delete);
    OTF2_AttributeList_AddUint64(size.get(), kWindowBytes, bytes);  // the list is emptied by the write
    OTF2_EvtWriter_RmaWinCreate(out(), size.get(), now(), win_ref(win));
    OTF2_EvtWriter_RmaCollectiveEnd(out(), nullptr, now(), OTF2_COLLECTIVE_OP_CREATE_HANDLE,
                                    OTF2_RMA_SYNC_LEVEL_PROCESS, win_ref(win), kNoRoot, 0, 0);
  }
  return rc;
}

int win_free(MPI_Win win, const Call& call)
{
  Scope scope(Region::Win_free);
  OTF2_RmaWinRef w = win_ref(win);
  recorder().windows.freed(win);
  bool events = scope.on() && w != OTF2_UNDEFINED_RMA_WIN;
  if (events)
    OTF2_EvtWriter_RmaCollectiveBegin(out(), nullptr, now());
  int rc = call();
  if (events) {
    OTF2_EvtWriter_RmaWinDestroy(out(), nullptr, now(), w);
    OTF2_EvtWriter_RmaCollectiveEnd(out(), nullptr, now(), OTF2_COLLECTIVE_OP_DESTROY_HANDLE,
                                    OTF2_RMA_SYNC_LEVEL_PROCESS, w, kNoRoot, 0, 0);
  }
  return rc;
}

int rma_transfer(Region region, const RmaTransfer& t, MPI_Request* request, const Call& call)
{
  Scope scope(region);
  int rc           = call();
  OTF2_RmaWinRef w = win_ref(t.win);
  if (!scope.on() || rc != MPI_SUCCESS || w == OTF2_UNDEFINED_RMA_WIN)
    return rc;
  uint64_t id = request != nullptr ? recorder().requests.started_rma(*request, w) : recorder().requests.next_id();
  uint32_t remote = remote_of(t.target);
  if (t.kind == RmaTransfer::Put)
    OTF2_EvtWriter_RmaPut(out(), nullptr, now(), w, remote, t.sent, id);
  else if (t.kind == RmaTransfer::Get)
    OTF2_EvtWriter_RmaGet(out(), nullptr, now(), w, remote, t.received, id);
  else
    OTF2_EvtWriter_RmaAtomic(out(), nullptr, now(), w, remote, t.atomic, t.sent, t.received, id);
  return rc;
}

int win_fence(MPI_Win win, const Call& call)
{
  Scope scope(Region::Win_fence);
  OTF2_RmaWinRef w = win_ref(win);
  bool events      = scope.on() && w != OTF2_UNDEFINED_RMA_WIN;
  if (events)
    OTF2_EvtWriter_RmaCollectiveBegin(out(), nullptr, now());
  int rc = call();
  if (events)
    OTF2_EvtWriter_RmaCollectiveEnd(out(), nullptr, now(), OTF2_COLLECTIVE_OP_BARRIER,
                                    OTF2_RMA_SYNC_LEVEL_PROCESS | OTF2_RMA_SYNC_LEVEL_MEMORY, w, kNoRoot, 0, 0);
  return rc;
}

int win_group_sync(Region region, MPI_Win win, MPI_Group group, const std::function<int(int& done)>& call)
{
  Scope scope(region);
  Windows& windows = recorder().windows;
  OTF2_GroupRef g  = OTF2_UNDEFINED_GROUP;
  if (region == Region::Win_post || region == Region::Win_start) {  // the group of the epoch, for its end
    g = windows.group(group);
    (region == Region::Win_post ? windows.posted : windows.started)[win] = g;
  } else {
    auto& of = region == Region::Win_complete ? windows.started : windows.posted;
    if (of.count(win) > 0)
      g = of[win];
  }
  int done = 1;
  int rc   = call(done);
  if (scope.on() && rc == MPI_SUCCESS && done && win_ref(win) != OTF2_UNDEFINED_RMA_WIN && g != OTF2_UNDEFINED_GROUP)
    OTF2_EvtWriter_RmaGroupSync(out(), nullptr, now(), OTF2_RMA_SYNC_LEVEL_PROCESS | OTF2_RMA_SYNC_LEVEL_MEMORY,
                                win_ref(win), g);
  return rc;
}

int win_lock(Region region, MPI_Win win, int target, int lock_type, bool nocheck, const Call& call)
{
  Scope scope(region);
  int rc           = call();
  OTF2_RmaWinRef w = win_ref(win);
  if (!scope.on() || rc != MPI_SUCCESS || w == OTF2_UNDEFINED_RMA_WIN)
    return rc;
  uint32_t remote = remote_of(target);
  if (region == Region::Win_lock || region == Region::Win_lock_all) {
    thread_local std::unique_ptr<OTF2_AttributeList, decltype(&OTF2_AttributeList_Delete)> mode(
        OTF2_AttributeList_New(), OTF2_AttributeList_Delete);
    if (nocheck)
      OTF2_AttributeList_AddUint8(mode.get(), kLockNocheck, 1);  // the list is emptied by the write
    OTF2_EvtWriter_RmaAcquireLock(out(), nocheck ? mode.get() : nullptr, now(), w, remote, 0,
                                  lock_type == MPI_LOCK_EXCLUSIVE ? OTF2_LOCK_EXCLUSIVE : OTF2_LOCK_SHARED);
  } else
    OTF2_EvtWriter_RmaReleaseLock(out(), nullptr, now(), w, remote, 0);
  return rc;
}

int win_sync(Region region, MPI_Win win, int target, const Call& call)
{
  Scope scope(region);
  int rc           = call();
  OTF2_RmaWinRef w = win_ref(win);
  if (scope.on() && rc == MPI_SUCCESS && w != OTF2_UNDEFINED_RMA_WIN)
    OTF2_EvtWriter_RmaSync(out(), nullptr, now(), w, remote_of(target), OTF2_RMA_SYNC_TYPE_MEMORY);
  return rc;
}

} // namespace tracer
