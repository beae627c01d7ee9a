// The fields of one-sided actions (docs/trace-format.md section 12), and the rules a rank's own trace must keep:
// windows created before use, transfers inside an access epoch, epochs opened before they are closed.
#include "format/field_reader.hpp"

#include <algorithm>

namespace tireplay {
namespace {

constexpr int kMaxWindowId = 1000000;

[[noreturn]] void refuse(const FieldReader& a, const std::string& what)
{
  throw ParseError(std::string(a.action()) + ": " + what);
}

std::string window_name(int win)
{
  return "window " + std::to_string(win);
}

/// Window `win` (the line's first field), created earlier in this rank's trace and not freed since.
WindowEpochs& window(const FieldReader& a, RankParseState& st, int win)
{
  auto it = st.windows.find(win);
  if (it == st.windows.end())
    refuse(a, window_name(win) + " is not created by an earlier win_create (or was freed)");
  return it->second;
}

bool has(const std::vector<int>& ranks, int rank)
{
  return std::find(ranks.begin(), ranks.end(), rank) != ranks.end();
}

/// win_post's and win_start's group: a count, then that many distinct ranks of the window's communicator (none:
/// MPI_GROUP_EMPTY, legal in MPI, an epoch with nobody).
void group(FieldReader& a, const WindowEpochs& w, std::vector<int>& out)
{
  int n = a.integer("size");
  if (n < 0 || n > w.size)
    a.fail("field 'size' must be between 0 and " + std::to_string(w.size));
  out.clear();
  for (int i = 0; i < n; i++) {
    int r = a.rank("rank", w.size);
    if (has(out, r))
      refuse(a, "rank " + std::to_string(r) + " is listed twice");
    out.push_back(r);
  }
}

/// The end of an epoch `open` says is under way (win_complete, win_wait, win_unlock_all): refused without its start.
void close_epoch(const FieldReader& a, bool& open, const char* start, int win)
{
  if (!open)
    refuse(a, std::string("no ") + start + " on " + window_name(win) + " before it");
  open = false;
}

/// wait_rma's target and, optionally, which of the requests in flight to it on window `win` (`requests`, by
/// target) it waits: 0 the oldest, and one there is (an index beyond them was accepted, and waited for nothing).
void wait_fields(FieldReader& a, int win, int size, std::map<int, int>& requests, Action& out)
{
  out.peer          = a.rank("target", size);
  out.request_index = a.more() ? a.integer("index") : 0;
  if (out.request_index < 0)
    a.fail("field 'index' is negative");
  auto in_flight = requests.find(out.peer);
  int count      = in_flight == requests.end() ? 0 : in_flight->second;
  if (out.request_index >= count)
    a.fail("field 'index' is " + std::to_string(out.request_index) + ", but " + window_name(win) + " has " +
           (count == 0 ? std::string("no request") : std::to_string(count) + (count == 1 ? " request" : " requests")) +
           " in flight to target " + std::to_string(out.peer) + " (rput, rget, raccumulate, rget_accumulate not " +
           "waited yet; 0 is the oldest)");
  if (--in_flight->second == 0)
    requests.erase(in_flight);
}

void transfer(FieldReader& a, const WindowEpochs& w, int win, Action& out)
{
  out.peer  = a.rank("target", w.size);
  out.bytes = a.count_field("bytes");
  if (out.kind == ActionKind::GetAccumulate || out.kind == ActionKind::RgetAccumulate)
    out.bytes2 = a.count_field("result_bytes");
  if (!w.fence && !w.lock_all && !has(w.locked, out.peer) && !(w.started && has(w.start_group, out.peer)))
    refuse(a, "target " + std::to_string(out.peer) + " of " + window_name(win) +
                  " is outside an access epoch (no win_fence, win_start or win_lock before it)");
}

} // namespace

std::string open_epoch(const WindowEpochs& w)
{
  if (w.lock_all)
    return "win_lock_all without win_unlock_all";
  if (!w.locked.empty())
    return "win_lock of target " + std::to_string(w.locked.front()) + " without win_unlock";
  if (w.started)
    return "win_start without win_complete";
  return w.posted ? "win_post without win_wait" : "";
}

void parse_rma(FieldReader& a, RankParseState& st, Action& out)
{
  out.nocheck = out.exclusive = false;
  if (out.kind == ActionKind::WinCreate) {
    int win = a.integer("win");
    if (win < 1 || win > kMaxWindowId)
      a.fail("field 'win' must be between 1 and " + std::to_string(kMaxWindowId));
    if (st.windows.count(win) > 0)
      refuse(a, window_name(win) + " is already created (win_free it first)");
    out.win         = win;
    out.bytes       = a.more() ? a.count_field("bytes") : 0;  // this rank's memory in the window
    WindowEpochs& w = st.windows[win];
    w.comm          = out.comm;
    w.size          = st.comm_sizes[out.comm];
    if (auto freed = st.freed_windows.find(win); freed != st.freed_windows.end()) {
      // The replay finds them by window id and target: the new one's wait_rma, with the same ranks
      if (freed->second.comm != out.comm)
        refuse(a, window_name(win) + " still has requests of its previous creation not waited, on another "
                  "communicator: wait_rma's target would name a rank of either (wait them first, or use another id)");
      w.requests = std::move(freed->second.requests);
      st.freed_windows.erase(freed);
    }
    return;
  }
  int win = a.integer("win");
  out.win = win;
  if (out.kind == ActionKind::WaitRma && st.windows.count(win) == 0) {  // a request may be waited after the free
    if (auto freed = st.freed_windows.find(win); freed != st.freed_windows.end()) {
      out.comm = freed->second.comm;
      wait_fields(a, win, freed->second.size, freed->second.requests, out);
      if (freed->second.requests.empty())
        st.freed_windows.erase(freed);
      return;
    }
  }
  WindowEpochs& w = window(a, st, win);
  out.comm        = w.comm;
  switch (out.kind) {
    case ActionKind::WinFree:
      if (std::string open = open_epoch(w); !open.empty())
        refuse(a, window_name(win) + " still has an epoch open (" + open + ")");
      if (!w.requests.empty())
        st.freed_windows[win] = {w.comm, w.size, w.requests};
      st.windows.erase(win);
      break;
    case ActionKind::WaitRma:
      wait_fields(a, win, w.size, w.requests, out);
      break;
    case ActionKind::WinFence:
      w.fence = true;
      break;
    case ActionKind::WinPost:
    case ActionKind::WinStart: {
      bool post  = out.kind == ActionKind::WinPost;
      bool& open = post ? w.posted : w.started;
      if (open)
        refuse(a, window_name(win) + (post ? " already has an exposure epoch (win_post without win_wait)"
                                           : " already has an access epoch (win_start without win_complete)"));
      group(a, w, out.members);
      open = true;
      if (!post)
        w.start_group = out.members;
      break;
    }
    case ActionKind::WinComplete:
      close_epoch(a, w.started, "win_start", win);
      break;
    case ActionKind::WinWait:
      close_epoch(a, w.posted, "win_post", win);
      break;
    case ActionKind::WinLock: {
      out.peer               = a.rank("target", w.size);
      std::string_view type  = a.next("type");
      if (type != "exclusive" && type != "shared")
        a.fail("field 'type' is neither 'exclusive' nor 'shared': " + quoted(type));
      out.exclusive = type == "exclusive";
      if (a.more()) {
        if (a.peek() != "nocheck")
          a.fail("the field after the lock type can only be 'nocheck': " + quoted(a.peek()));
        a.skip(1);
        out.nocheck = true;
      }
      if (w.lock_all || has(w.locked, out.peer))
        refuse(a, "target " + std::to_string(out.peer) + " of " + window_name(win) + " is already locked" +
                      (w.lock_all ? " (win_lock_all)" : ""));
      w.locked.push_back(out.peer);
      break;
    }
    case ActionKind::WinUnlock: {
      out.peer = a.rank("target", w.size);
      auto it  = std::find(w.locked.begin(), w.locked.end(), out.peer);
      if (it == w.locked.end())
        refuse(a, "target " + std::to_string(out.peer) + " of " + window_name(win) + " is not locked");
      w.locked.erase(it);
      break;
    }
    case ActionKind::WinLockAll:
      if (w.lock_all || !w.locked.empty())
        refuse(a, window_name(win) + " is already locked" +
                      (w.lock_all ? " (win_lock_all)"
                                  : " (win_lock of target " + std::to_string(w.locked.front()) + ")"));
      w.lock_all = true;
      break;
    case ActionKind::WinUnlockAll:
      close_epoch(a, w.lock_all, "win_lock_all", win);
      break;
    case ActionKind::WinFlush:
    case ActionKind::WinFlushLocal:
      out.peer = a.rank("target", w.size);
      if (!w.lock_all && !has(w.locked, out.peer))
        refuse(a, "target " + std::to_string(out.peer) + " of " + window_name(win) +
                      " is not in a passive-target epoch (no win_lock or win_lock_all before it)");
      break;
    case ActionKind::WinFlushAll:
    case ActionKind::WinFlushLocalAll:
      if (!w.lock_all && w.locked.empty())
        refuse(a, window_name(win) + " has no passive-target epoch (no win_lock or win_lock_all before it)");
      break;
    default:  // the transfers; win_sync has no field
      if (is_rma_transfer(out.kind))
        transfer(a, w, win, out);
      if (out.kind == ActionKind::Rput || out.kind == ActionKind::Rget || out.kind == ActionKind::Raccumulate ||
          out.kind == ActionKind::RgetAccumulate)
        w.requests[out.peer]++;
      break;
  }
}

} // namespace tireplay
