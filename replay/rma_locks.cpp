// One-sided communication's passive target (docs/trace-format.md section 12): win_lock, win_lock_all and their
// releases. A lock's requests are granted in arrival order at its target, those of one date in their origins' order
// once the date has nothing else to do (settle), so that both fidelity levels decide ties alike.
#include "replay/rma.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tireplay {

std::vector<int> RmaWorld::locked_targets(int me, int win, const Communicator& comm) const
{
  const Origin& o = origins_[static_cast<size_t>(me)];
  if (o.lock_all.count(win) > 0)
    return comm.members();
  std::vector<int> targets;
  for (const auto& [key, lock] : o.locks)
    if (key.first == win)
      targets.push_back(key.second);
  return targets;
}

void RmaWorld::lock(int me, int win, int target, bool exclusive, bool nocheck)
{
  auto* r = new LockRequest{me, exclusive, target == me, nocheck, nocheck};
  origins_[static_cast<size_t>(me)].locks[{win, target}] = r;
  if (nocheck)
    return;
  if (r->lazy) {
    enqueue(win, target, r);
  } else {
    transport().check_route(target, me);  // the grant's way back
    send(me, target, 0, [this, win, target, r]() { enqueue(win, target, r); });
  }
  block_until(me, [r]() { return r->granted; });
}

void RmaWorld::enqueue(int win, int target, LockRequest* r)
{
  // In arrival order, those of one date in their origins' order: after the date (settle), whatever order the engine
  // ran them in (the two levels' differ).
  r->arrived_at = transport().now();
  locks_[{win, target}].queue.push_back(r);  // (sorted by settle())
  settle(win, target);
}

void RmaWorld::settle(int win, int target)
{
  LockState& s = locks_[{win, target}];
  if (s.settling)
    return;
  s.settling = true;
  transport().call_later(0, [this, win, target, date = transport().now()]() {
    auto it = locks_.find({win, target});
    if (it == locks_.end())
      return;  // the window is freed (its last release)
    it->second.settling = false;
    auto& queue = it->second.queue;  // this date's requests, at its end, in their origins' order.
    // SimGrid's clock moves by a rounding error within a date, and the full level's end of a date may be an instant
    // later (SimGridTransport::wait_date_end()): those of the date are those within 8 representable dates of it (a
    // relative 1e-12 put requests 1 us apart at 1e6 s in one date).
    double since = date - 8 * (std::nextafter(date, std::numeric_limits<double>::infinity()) - date);
    auto first   = queue.end();
    while (first != queue.begin() && (*(first - 1))->arrived_at >= since)
      --first;
    std::stable_sort(first, queue.end(),
                     [](const LockRequest* a, const LockRequest* b) { return a->origin < b->origin; });
    grant_next(win, target);
  });
}

void RmaWorld::grant_next(int win, int target)
{
  LockState& s = locks_[{win, target}];
  while (!s.queue.empty()) {
    LockRequest* r = s.queue.front();
    if (s.exclusive || (r->exclusive && s.shared > 0))
      return;
    s.queue.pop_front();
    if (r->exclusive)
      s.exclusive = true;
    else
      s.shared++;
    if (r->lazy) {
      if (--r->pending == 0) {  // (win_lock_all's: one request for every target)
        r->granted = true;
        wake(r->origin);
      }
    } else {
      send(target, r->origin, 0, [this, r]() {
        r->granted = true;
        wake(r->origin);
      });
    }
  }
}

void RmaWorld::release(int win, int target, const LockRequest* r)
{
  LockState& s = locks_[{win, target}];
  if (r->exclusive)
    s.exclusive = false;
  else
    s.shared--;
  settle(win, target);
}

void RmaWorld::unlock(int me, int win, int target)
{
  // With the target's progress, the release follows the transfers (handled in order) and is answered: no wait
  // before it. Else the transfers complete first, and the origin waits for the release's arrival.
  bool answered = p2p_.config.rma_target_progress;
  if (!answered)
    flush(me, win, target);
  Origin& o = origins_[static_cast<size_t>(me)];
  auto it   = o.locks.find({win, target});
  LockRequest* r = it->second;
  o.locks.erase(it);
  if (r->nocheck) {
    if (answered)
      round_trips(me, {target});
  } else if (r->lazy) {
    release(win, target, r);
  } else {
    auto released = [this, r, me]() {
      r->released = true;
      wake(me);
    };
    if (answered)
      transport().check_route(target, me);
    send(me, target, 0, [this, win, target, r, me, answered, released]() {
      release(win, target, r);
      if (answered)
        send(target, me, 0, released);
      else
        released();
    });
    block_until(me, [r]() { return r->released; });
  }
  flush(me, win, target);  // (nothing left: the release's answer came after the transfers')
  delete r;
}

void RmaWorld::lock_all(int me, int win, const Communicator& comm)
{
  // One request queued at every target (kept by the origin once: a request per pair of ranks took 4.4 GB when
  // 8,192 ranks held win_lock_all)
  auto* r    = new LockRequest{me, false, true, false, false};
  r->pending = comm.size();
  origins_[static_cast<size_t>(me)].lock_all[win] = r;
  for (int t : comm.members())
    enqueue(win, t, r);
  block_until(me, [r]() { return r->granted; });
}

void RmaWorld::unlock_all(int me, int win, const Communicator& comm)
{
  if (p2p_.config.rma_target_progress)
    round_trips(me, comm.members());
  flush(me, win, -1);
  auto& all = origins_[static_cast<size_t>(me)].lock_all;
  auto it   = all.find(win);
  for (int t : comm.members())
    release(win, t, it->second);
  delete it->second;
  all.erase(it);
}

} // namespace tireplay
