// One-sided events (OTF2's RMA records) to actions (docs/trace-format.md section 12): each call's action from its
// region (MPI_Win_fence, MPI_Win_flush, ...) and its window, target and bytes from the RMA event inside it, so that
// any writer's archive that names its regions after the MPI functions converts the same way. A window's creation and
// freeing are its RmaWinCreate and RmaWinDestroy; a transfer's, its RmaPut, RmaGet or RmaAtomic (in MPI_Rput ...,
// the request form, whose RmaOpCompleteNonBlocking is its `wait_rma`); a fence, its RmaCollectiveEnd; post, start,
// complete and wait (or a successful test), their RmaGroupSync; locks, RmaAcquireLock and RmaReleaseLock (to every
// target: lock_all); flushes and MPI_Win_sync, RmaSync. A target that is no rank (MPI_PROC_NULL) leaves no action.
#include "rank_state.hpp"

#include <algorithm>
#include <iterator>

namespace otf2ti {
namespace {

constexpr uint32_t kEveryTarget = OTF2_UNDEFINED_UINT32;

/// The window's TI id and communicator, the rank entered in it (its definition placed); nullptr and the rank failed
/// when the archive does not define it.
const Definitions::Window* window(Rank& r, uint64_t position, OTF2_RmaWinRef win)
{
  auto it = r.defs.windows.find(win);
  if (it == r.defs.windows.end()) {
    r.fail(position, r.call + " on window " + std::to_string(win) + ", which the definitions do not hold");
    return nullptr;
  }
  return r.enter_comm(position, it->second.comm) < 0 ? nullptr : &it->second;
}

/// "win_<what> ID" with the target when it is one (every target: none).
void sync(Rank& r, const Definitions::Window& w, const std::string& what, uint32_t target = kEveryTarget)
{
  std::string line = what + " " + std::to_string(w.ti_id);
  if (target != kEveryTarget)
    line += " " + std::to_string(target);
  r.emit(line, 0);  // the window knows its communicator: no comm=
}

/// A target that must be a rank of the window's communicator: false (no action) for MPI_PROC_NULL, false and the rank
/// failed beyond the communicator.
bool target_ok(Rank& r, uint64_t position, const Definitions::Window& w, uint32_t target)
{
  if (target == kEveryTarget)
    return true;
  if (no_rank(target)) {
    r.null_peer(r.call);
    return false;
  }
  const Communicator& c = r.defs.comms.at(w.comm);
  if (target >= (c.self ? 1 : c.members.size())) {
    r.fail(position, r.call + " with target " + std::to_string(target) + ", not a rank of window " +
                         std::to_string(w.ti_id) + "'s communicator");
    return false;
  }
  return true;
}

OTF2_CallbackCode on_win_create(OTF2_LocationRef, OTF2_TimeStamp, uint64_t position, void* user,
                                OTF2_AttributeList* attributes, OTF2_RmaWinRef win)
{
  Rank& r        = state(user);
  uint64_t bytes = 0;  // the rank's memory in the window, where the writer says (tireplay's tracer)
  if (attributes != nullptr && r.defs.window_attribute != UINT64_MAX)
    OTF2_AttributeList_GetUint64(attributes, static_cast<OTF2_AttributeRef>(r.defs.window_attribute), &bytes);
  if (const auto* w = window(r, position, win))
    r.emit("win_create " + std::to_string(w->ti_id) + (bytes > 0 ? " " + std::to_string(bytes) : ""), w->comm);
  return verdict(r);
}

OTF2_CallbackCode on_win_destroy(OTF2_LocationRef, OTF2_TimeStamp, uint64_t position, void* user, OTF2_AttributeList*,
                                 OTF2_RmaWinRef win)
{
  Rank& r = state(user);
  if (const auto* w = window(r, position, win))
    sync(r, *w, "win_free");
  return verdict(r);
}

/// put, get, accumulate, get_accumulate and their request forms (a call MPI_R...).
void transfer(Rank& r, uint64_t position, OTF2_RmaWinRef win, uint32_t target, const std::string& action,
              uint64_t bytes, uint64_t id, const std::string& result = "")
{
  const auto* w = window(r, position, win);
  if (w != nullptr && target == kEveryTarget)
    r.fail(position, r.call + " names no target (remote undefined)");
  if (w == nullptr || target == kEveryTarget || !target_ok(r, position, *w, target))
    return;
  bool request = r.call.rfind("MPI_R", 0) == 0;
  r.emit((request ? "r" : "") + action + " " + std::to_string(w->ti_id) + " " + std::to_string(target) + " " +
             std::to_string(bytes) + result, 0);
  if (request) {
    r.rma_requests[{win, id}] = {w->ti_id, target, r.rma_issued};
    r.rma_in_flight[{w->ti_id, target}].insert(r.rma_issued++);
  }
}

OTF2_CallbackCode on_put(OTF2_LocationRef, OTF2_TimeStamp, uint64_t position, void* user, OTF2_AttributeList*,
                         OTF2_RmaWinRef win, uint32_t target, uint64_t bytes, uint64_t id)
{
  transfer(state(user), position, win, target, "put", bytes, id);
  return verdict(state(user));
}

OTF2_CallbackCode on_get(OTF2_LocationRef, OTF2_TimeStamp, uint64_t position, void* user, OTF2_AttributeList*,
                         OTF2_RmaWinRef win, uint32_t target, uint64_t bytes, uint64_t id)
{
  transfer(state(user), position, win, target, "get", bytes, id);
  return verdict(state(user));
}

OTF2_CallbackCode on_atomic(OTF2_LocationRef, OTF2_TimeStamp, uint64_t position, void* user, OTF2_AttributeList*,
                            OTF2_RmaWinRef win, uint32_t target, OTF2_RmaAtomicType, uint64_t sent, uint64_t received,
                            uint64_t id)
{
  if (received == 0)
    transfer(state(user), position, win, target, "accumulate", sent, id);
  else
    transfer(state(user), position, win, target, "get_accumulate", sent, id, " " + std::to_string(received));
  return verdict(state(user));
}

OTF2_CallbackCode on_complete(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void* user, OTF2_AttributeList*,
                              OTF2_RmaWinRef win, uint64_t id)
{
  Rank& r = state(user);
  auto it = r.rma_requests.find({win, id});
  if (it != r.rma_requests.end()) {  // a request form's: its wait
    // which of the requests to that target on that window in flight, the oldest 0 (the replay's order)
    const Rank::RmaRequest& done = it->second;
    auto flight                  = r.rma_in_flight.find({done.win, done.target});
    auto place                   = flight->second.find(done.order);
    auto older                   = std::distance(flight->second.begin(), place);  // 0 when done oldest first
    flight->second.erase(place);
    if (flight->second.empty())
      r.rma_in_flight.erase(flight);
    r.emit("wait_rma " + std::to_string(done.win) + " " + std::to_string(done.target) +
               (older > 0 ? " " + std::to_string(older) : ""),
           0);
    r.rma_requests.erase(it);
  }
  return verdict(r);
}

OTF2_CallbackCode on_collective_end(OTF2_LocationRef, OTF2_TimeStamp, uint64_t position, void* user,
                                    OTF2_AttributeList*, OTF2_CollectiveOp, OTF2_RmaSyncLevel, OTF2_RmaWinRef win,
                                    uint32_t, uint64_t, uint64_t)
{
  Rank& r = state(user);
  if (r.call == "MPI_Win_fence")  // (a creation's or free's: their own events)
    if (const auto* w = window(r, position, win))
      sync(r, *w, "win_fence");
  return verdict(r);
}

OTF2_CallbackCode on_group_sync(OTF2_LocationRef, OTF2_TimeStamp, uint64_t position, void* user, OTF2_AttributeList*,
                                OTF2_RmaSyncLevel, OTF2_RmaWinRef win, OTF2_GroupRef group)
{
  Rank& r       = state(user);
  const auto* w = window(r, position, win);
  if (w == nullptr)
    return verdict(r);
  if (r.call == "MPI_Win_complete") {
    sync(r, *w, "win_complete");
  } else if (r.call == "MPI_Win_wait" || r.call == "MPI_Win_test") {
    sync(r, *w, "win_wait");
  } else if (r.call == "MPI_Win_post" || r.call == "MPI_Win_start") {
    auto g = r.defs.rank_groups.find(group);
    if (g == r.defs.rank_groups.end()) {
      r.fail(position, r.call + " names group " + std::to_string(group) + ", which the definitions do not hold");
      return verdict(r);
    }
    const Communicator& c = r.defs.comms.at(w->comm);
    std::string line = (r.call == "MPI_Win_post" ? "win_post " : "win_start ") + std::to_string(w->ti_id) + " " +
                       std::to_string(g->second.size());
    for (int world : g->second) {  // group members are world ranks; the action lists the window's ranks
      auto at = std::find(c.members.begin(), c.members.end(), world);
      if (c.self ? world != r.rank : at == c.members.end()) {
        r.fail(position, r.call + ": rank " + std::to_string(world) + " of its group is not in window " +
                             std::to_string(w->ti_id) + "'s communicator");
        return verdict(r);
      }
      line += " " + std::to_string(c.self ? 0 : at - c.members.begin());
    }
    r.emit(line, 0);
  }
  return verdict(r);
}

OTF2_CallbackCode on_acquire(OTF2_LocationRef, OTF2_TimeStamp, uint64_t position, void* user,
                             OTF2_AttributeList* attributes, OTF2_RmaWinRef win, uint32_t target, uint64_t,
                             OTF2_LockType type)
{
  Rank& r       = state(user);
  const auto* w = window(r, position, win);
  if (w == nullptr || !target_ok(r, position, *w, target))
    return verdict(r);
  uint8_t nocheck = 0;  // MPI_MODE_NOCHECK, where the writer says (tireplay's tracer)
  if (attributes != nullptr && r.defs.nocheck_attribute != UINT64_MAX)
    OTF2_AttributeList_GetUint8(attributes, static_cast<OTF2_AttributeRef>(r.defs.nocheck_attribute), &nocheck);
  if (r.call == "MPI_Win_lock_all" || target == kEveryTarget)  // no nocheck there (trace-format.md section 12)
    sync(r, *w, "win_lock_all");
  else
    r.emit("win_lock " + std::to_string(w->ti_id) + " " + std::to_string(target) +
               (type == OTF2_LOCK_EXCLUSIVE ? " exclusive" : " shared") + (nocheck != 0 ? " nocheck" : ""), 0);
  return verdict(r);
}

OTF2_CallbackCode on_release(OTF2_LocationRef, OTF2_TimeStamp, uint64_t position, void* user, OTF2_AttributeList*,
                             OTF2_RmaWinRef win, uint32_t target, uint64_t)
{
  Rank& r       = state(user);
  const auto* w = window(r, position, win);
  if (w != nullptr && target_ok(r, position, *w, target))
    sync(r, *w, r.call == "MPI_Win_unlock_all" || target == kEveryTarget ? "win_unlock_all" : "win_unlock",
         r.call == "MPI_Win_unlock_all" ? kEveryTarget : target);
  return verdict(r);
}

OTF2_CallbackCode on_sync(OTF2_LocationRef, OTF2_TimeStamp, uint64_t position, void* user, OTF2_AttributeList*,
                          OTF2_RmaWinRef win, uint32_t target, OTF2_RmaSyncType)
{
  Rank& r = state(user);
  static const char* const kActions[][2] = {{"MPI_Win_flush", "win_flush"},
                                            {"MPI_Win_flush_local", "win_flush_local"},
                                            {"MPI_Win_flush_all", "win_flush_all"},
                                            {"MPI_Win_flush_local_all", "win_flush_local_all"},
                                            {"MPI_Win_sync", "win_sync"}};
  for (const auto& [call, action] : kActions) {
    if (r.call != call)
      continue;
    bool targeted = r.call == "MPI_Win_flush" || r.call == "MPI_Win_flush_local";
    const auto* w = window(r, position, win);
    if (w != nullptr && (!targeted || (target != kEveryTarget && target_ok(r, position, *w, target))))
      sync(r, *w, action, targeted ? target : kEveryTarget);
  }
  return verdict(r);
}

} // namespace

void set_rma_callbacks(OTF2_EvtReaderCallbacks* cb)
{
  OTF2_EvtReaderCallbacks_SetRmaWinCreateCallback(cb, guarded<on_win_create>);
  OTF2_EvtReaderCallbacks_SetRmaWinDestroyCallback(cb, guarded<on_win_destroy>);
  OTF2_EvtReaderCallbacks_SetRmaPutCallback(cb, guarded<on_put>);
  OTF2_EvtReaderCallbacks_SetRmaGetCallback(cb, guarded<on_get>);
  OTF2_EvtReaderCallbacks_SetRmaAtomicCallback(cb, guarded<on_atomic>);
  OTF2_EvtReaderCallbacks_SetRmaOpCompleteNonBlockingCallback(cb, guarded<on_complete>);
  OTF2_EvtReaderCallbacks_SetRmaCollectiveEndCallback(cb, guarded<on_collective_end>);
  OTF2_EvtReaderCallbacks_SetRmaGroupSyncCallback(cb, guarded<on_group_sync>);
  OTF2_EvtReaderCallbacks_SetRmaAcquireLockCallback(cb, guarded<on_acquire>);
  OTF2_EvtReaderCallbacks_SetRmaReleaseLockCallback(cb, guarded<on_release>);
  OTF2_EvtReaderCallbacks_SetRmaSyncCallback(cb, guarded<on_sync>);
}

} // namespace otf2ti
