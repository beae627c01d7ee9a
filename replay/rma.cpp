#include "replay/rma.hpp"

#include <algorithm>
#include <limits>

namespace tireplay {

RmaWorld::~RmaWorld()
{
  for (auto& o : origins_) {
    for (auto& [key, ops] : o.requests)
      for (Op* op : ops)
        delete op;
    for (auto& [key, lock] : o.locks)
      delete lock;
    for (auto& [win, lock] : o.lock_all)
      delete lock;
  }
}

void RmaWorld::wake(int rank)
{
  Origin& o = origins_[static_cast<size_t>(rank)];
  if (o.waiting) {
    o.waiting = false;
    transport().resume(rank);
  }
}

void RmaWorld::send(int from, int to, uint64_t bytes, std::function<void()> arrived)
{
  if (p2p_.config.rma_target_progress) {
    uint64_t seq = channels_[{from, to}].sent++;
    arrived      = [this, from, to, seq, handle = std::move(arrived)]() mutable {
      deliver(from, to, seq, std::move(handle));
    };
  }
  Transport& t = transport();
  Transfer* x  = t.new_transfer();
  t.start(x, from, to, static_cast<double>(bytes) + static_cast<double>(kEnvelopeBytes));
  t.on_finish(x, [&t, x, arrived = std::move(arrived)]() {
    t.free_transfer(x);
    arrived();
  });
}

void RmaWorld::deliver(int from, int to, uint64_t seq, std::function<void()> handle)
{
  channels_[{from, to}].arrived.emplace(seq, std::move(handle));
  // Looked up at each turn: a handler may let the engine run another delivery of this channel.
  for (auto it = channels_.find({from, to}); it != channels_.end(); it = channels_.find({from, to})) {
    Channel& c = it->second;
    if (c.arrived.empty() || c.arrived.begin()->first != c.handled) {
      if (c.arrived.empty() && c.handled == c.sent)
        channels_.erase(it);  // nothing in flight: its numbers start again (a channel per pair of ranks took GBs)
      return;
    }
    std::function<void()> next = std::move(c.arrived.begin()->second);
    c.arrived.erase(c.arrived.begin());
    c.handled++;
    p2p_.when_in_mpi(to, std::move(next));
  }
}

void RmaWorld::round_trips(int me, const std::vector<int>& targets)
{
  Origin& o = origins_[static_cast<size_t>(me)];
  for (int t : targets) {
    if (t == me)
      continue;
    transport().check_route(t, me);  // the answer's way, here where a missing route names the rank's line
    o.acks++;
    send(me, t, 0, [this, me, t]() {
      send(t, me, 0, [this, me]() {
        origins_[static_cast<size_t>(me)].acks--;
        wake(me);
      });
    });
  }
  block_until(me, [&o]() { return o.acks == 0; });
}

void RmaWorld::transfer(int me, const Action& a, int target)
{
  bool request = a.kind == ActionKind::Rput || a.kind == ActionKind::Rget || a.kind == ActionKind::Raccumulate ||
                 a.kind == ActionKind::RgetAccumulate;
  Op* op     = new Op{me, a.win, target, request, target == me};  // to itself: a copy in memory, no time
  Origin& o  = origins_[static_cast<size_t>(me)];
  if (request)
    o.requests[{op->win, op->target}].push_back(op);
  if (op->done) {
    if (!request)
      delete op;
    return;
  }
  o.outstanding[{a.win, target}]++;
  o.outstanding_win[a.win]++;
  bool get       = a.kind == ActionKind::Get || a.kind == ActionKind::Rget;
  bool both_ways = get || a.kind == ActionKind::GetAccumulate || a.kind == ActionKind::RgetAccumulate;
  if (!both_ways) {
    send(me, target, a.bytes, [this, op]() { op_done(op); });
    return;
  }
  transport().check_route(target, me);  // here, where a missing route names the rank's line
  uint64_t back = get ? a.bytes : a.bytes2;
  send(me, target, get ? 0 : a.bytes,
       [this, op, back]() { send(op->target, op->origin, back, [this, op]() { op_done(op); }); });
}

void RmaWorld::op_done(Op* op)
{
  int origin = op->origin;
  Origin& o  = origins_[static_cast<size_t>(origin)];
  auto it    = o.outstanding.find({op->win, op->target});
  if (--it->second == 0)
    o.outstanding.erase(it);
  auto w = o.outstanding_win.find(op->win);
  if (--w->second == 0)
    o.outstanding_win.erase(w);
  op->done = true;
  if (!op->request)
    delete op;
  wake(origin);
}

void RmaWorld::flush(int me, int win, int target)
{
  Origin& o = origins_[static_cast<size_t>(me)];
  if (target < 0)
    block_until(me, [&o, win]() { return o.outstanding_win.count(win) == 0; });
  else
    block_until(me, [&o, win, target]() { return o.outstanding.count({win, target}) == 0; });
}

void RmaWorld::wait_request(int me, int win, int target, int index)
{
  // (by window and target: a scan of all the rank's requests made N waits, newest first, cost N^2)
  auto& requests = origins_[static_cast<size_t>(me)].requests;
  auto it        = requests.find({win, target});
  if (it == requests.end() || index >= static_cast<int>(it->second.size()))
    return;  // as a wait on a request already completed
  Op* op = it->second[static_cast<size_t>(index)];
  block_until(me, [op]() { return op->done; });  // (only this rank changes its requests)
  it->second.erase(std::find(it->second.begin(), it->second.end(), op));
  if (it->second.empty())
    requests.erase(it);
  delete op;
}

void RmaWorld::wait_requests(int me)
{
  auto& requests = origins_[static_cast<size_t>(me)].requests;
  while (!requests.empty()) {
    auto& ops = requests.begin()->second;
    Op* op    = ops.front();
    block_until(me, [op]() { return op->done; });
    ops.pop_front();
    if (ops.empty())
      requests.erase(requests.begin());
    delete op;
  }
}

void RmaWorld::finish(int me)
{
  wait_requests(me);
  Origin& o = origins_[static_cast<size_t>(me)];
  block_until(me, [&o]() { return o.outstanding_win.empty(); });
}

void RmaWorld::post(int me, int win, std::vector<int> origins)
{
  for (int origin : origins) {
    auto arrived = [this, win, origin, me]() {
      posts_[{win, origin, me}]++;
      wake(origin);
    };
    if (origin == me)
      arrived();
    else
      send(me, origin, 0, arrived);
  }
  origins_[static_cast<size_t>(me)].post_groups[win] = std::move(origins);
}

void RmaWorld::start(int me, int win, std::vector<int> targets)
{
  block_until(me, [this, win, me, &targets]() {
    return std::all_of(targets.begin(), targets.end(),
                       [this, win, me](int t) { return posts_[{win, me, t}] > 0; });
  });
  for (int t : targets)
    posts_[{win, me, t}]--;
  origins_[static_cast<size_t>(me)].start_groups[win] = std::move(targets);
}

void RmaWorld::complete(int me, int win)
{
  auto& groups                = origins_[static_cast<size_t>(me)].start_groups;
  std::vector<int> targets    = std::move(groups[win]);
  groups.erase(win);
  for (int t : targets)
    flush(me, win, t);
  for (int t : targets) {
    auto arrived = [this, win, t]() {
      completes_[{win, t}]++;
      wake(t);
    };
    if (t == me)
      arrived();
    else
      send(me, t, 0, arrived);
  }
}

void RmaWorld::wait_exposure(int me, int win)
{
  auto& groups = origins_[static_cast<size_t>(me)].post_groups;
  int n        = static_cast<int>(groups[win].size());
  groups.erase(win);
  block_until(me, [this, win, me, n]() { return completes_[{win, me}] >= n; });
  completes_[{win, me}] -= n;
}

void RmaWorld::forget(int win)
{
  // Its epochs are closed everywhere (the reader checks each rank's): the state kept by target goes, so that a long
  // run making windows in a loop (a new id for each) keeps none of theirs.
  windows_.erase(win);
  const int low = std::numeric_limits<int>::min(), high = std::numeric_limits<int>::max();
  locks_.erase(locks_.lower_bound({win, low}), locks_.upper_bound({win, high}));
  completes_.erase(completes_.lower_bound({win, low}), completes_.upper_bound({win, high}));
  posts_.erase(posts_.lower_bound({win, low, low}), posts_.upper_bound({win, high, high}));
}

void RmaWorld::cpu(int me, double seconds)
{
  if (seconds > 0)
    p2p_.compute(me, seconds * p2p_.speeds[static_cast<size_t>(me)]);
}

std::string RmaWorld::execute(int me, const Action& a, const Communicator& comm, const std::function<void()>& barrier)
{
  const SmpiConfig& config = p2p_.config;
  auto& window_bytes       = origins_[static_cast<size_t>(me)].window_bytes;
  p2p_.enter_mpi(me, false);  // handles what it owes (tireplay/rma-target-progress, async-progress)
  // A window's creation and freeing cost as calibrated between ranks; one of a single rank is local memory (Open
  // MPI: 9 us whatever its size, against 97 us for 8 KiB between two ranks here).
  bool shared = comm.size() > 1;
  if (a.kind == ActionKind::WinCreate && shared)
    cpu(me, SmpiConfig::piecewise(config.win_create_cpu, static_cast<double>(window_bytes[a.win] = a.bytes)));
  else if (a.kind != ActionKind::WinCreate && a.kind != ActionKind::WinFree)
    cpu(me, config.rma_call_cpu);
  auto world = [&comm](const std::vector<int>& ranks) {
    std::vector<int> out;
    for (int r : ranks)
      out.push_back(comm.world_rank(r));
    return out;
  };
  int target = a.peer >= 0 && a.peer < comm.size() ? comm.world_rank(a.peer) : -1;
  switch (a.kind) {
    case ActionKind::WinCreate: {
      Window& w = windows_[a.win];
      if (w.live > 0 && w.comm != comm.id())
        return "window " + std::to_string(a.win) + " is created on communicator " + std::to_string(comm.id()) +
               " here and on communicator " + std::to_string(w.comm) + " by another rank";
      w.comm = comm.id();
      w.live++;
      barrier();
      break;
    }
    case ActionKind::WinFree:
      flush(me, a.win, -1);
      if (shared)
        cpu(me, SmpiConfig::piecewise(config.win_free_cpu, static_cast<double>(window_bytes[a.win])));
      window_bytes.erase(a.win);
      if (--windows_[a.win].live <= 0)  // before the barrier, which nobody leaves before every member has come
        forget(a.win);
      barrier();
      break;
    case ActionKind::WaitRma:
      wait_request(me, a.win, target, a.request_index);
      break;
    case ActionKind::WinFence:
      flush(me, a.win, -1);
      barrier();
      break;
    case ActionKind::WinPost:
      post(me, a.win, world(a.members));
      break;
    case ActionKind::WinStart:
      start(me, a.win, world(a.members));
      break;
    case ActionKind::WinComplete:
      complete(me, a.win);
      break;
    case ActionKind::WinWait:
      wait_exposure(me, a.win);
      break;
    case ActionKind::WinLock:
      lock(me, a.win, target, a.exclusive, a.nocheck);
      break;
    case ActionKind::WinUnlock:
      unlock(me, a.win, target);
      break;
    case ActionKind::WinLockAll:
      lock_all(me, a.win, comm);
      break;
    case ActionKind::WinUnlockAll:
      unlock_all(me, a.win, comm);
      break;
    case ActionKind::WinFlush:
      if (config.rma_target_progress)
        round_trips(me, {target});
      flush(me, a.win, target);
      break;
    case ActionKind::WinFlushAll:
      if (config.rma_target_progress)
        round_trips(me, locked_targets(me, a.win, comm));
      flush(me, a.win, -1);
      break;
    case ActionKind::WinFlushLocal:
      flush(me, a.win, target);
      break;
    case ActionKind::WinFlushLocalAll:
      flush(me, a.win, -1);
      break;
    default:  // the transfers; win_sync takes no time
      if (is_rma_transfer(a.kind))
        transfer(me, a, target);
      break;
  }
  return "";
}

} // namespace tireplay
