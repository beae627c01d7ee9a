#include "replay/fast/fast_engine.hpp"

#include "replay/polling.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace tireplay::fast {
namespace {

constexpr size_t kStackBytes  = 256 * 1024;
constexpr int kGuardedRanks   = 16384;  // as the full level: beyond, no guard pages (vm.max_map_count)
// A saturated link (or CPU) with at least kManyActivities messages on it is solved again once their shares moved
// by the drift (tireplay/fast-drift, 2% by default) since it last was: rates stay within a few percent of max-min's,
// and a backbone with thousands of messages is solved once per fifty of their starts and ends instead of at each.
// Fewer messages are solved at each change (exact, and cheap). docs/fidelity.md measures what it costs.
constexpr size_t kManyActivities = 64;

} // namespace

FastEngine::FastEngine(const std::vector<simgrid::s4u::Host*>& rank_hosts, bool polling, double drift)
    : sharing_(drift, kManyActivities), view_(rank_hosts, sharing_),
      stacks_(kStackBytes, rank_hosts.size() <= static_cast<size_t>(kGuardedRanks)),
      polls_(polling_ranks(rank_hosts, polling)), timed_(rank_hosts.size(), kNotTimed), cut_(rank_hosts.size(), false),
      computing_(rank_hosts.size(), false)
{
}

FastEngine::~FastEngine()
{
  fibers_.clear();  // unwinds the ranks still blocked, while the engine they call is alive
}

void FastEngine::push(double time, EventKind kind, int id)
{
  events_.push({time, seq_++, kind, id});
}

void FastEngine::block()
{
  scheduler_ = std::move(scheduler_).resume();
}

void FastEngine::block_polling()
{
  if (!polls_[static_cast<size_t>(current_)]) {
    block();
    return;
  }
  int host = view_.host_of(current_);
  exec_uses_.assign(1, Use{view_.cpu(host), -1, 1.0});
  int poll = sharing_.create(kPollFlops, view_.core_speed(host), 1.0, exec_uses_);
  own(poll, {-1, nullptr, true});
  sharing_.start(poll, now_);
  block();
  remove_activity(poll);
}

void FastEngine::suspend()
{
  block_polling();
}

void FastEngine::own(int activity, Owner owner)
{
  if (owners_.size() <= static_cast<size_t>(activity))
    owners_.resize(static_cast<size_t>(activity) + 1);
  owners_[static_cast<size_t>(activity)] = owner;
}

void FastEngine::sleep(double seconds)
{
  push(now_ + seconds, EventKind::Wake, current_);
  block();
}

bool FastEngine::suspend_for(double seconds)
{
  auto rank   = static_cast<size_t>(current_);
  timed_[rank] = seq_;
  cut_[rank]   = false;
  push(now_ + seconds, EventKind::TimedWake, current_);
  block();
  return cut_[rank];
}

void FastEngine::cut_short(int rank)
{
  auto r = static_cast<size_t>(rank);
  if (timed_[r] == kNotTimed)
    return;
  timed_[r] = kNotTimed;  // its TimedWake, when it comes, wakes nobody
  cut_[r]   = true;
  ready_.push_back(rank);
}

void FastEngine::execute(double flops)
{
  int host = view_.host_of(current_);
  exec_uses_.assign(1, Use{view_.cpu(host), -1, 1.0});
  int id = sharing_.create(flops, view_.core_speed(host), 1.0, exec_uses_);
  own(id, {current_, nullptr});
  sharing_.start(id, now_);
  computing_[static_cast<size_t>(current_)] = true;
  block();
}

void FastEngine::start(Transfer* t, int src, int dst, double bytes)
{
  auto* flow         = static_cast<Flow*>(t);
  Route& route = view_.route(view_.host_of(src), view_.host_of(dst));
  // SMPI's factors: the latency stretched, the bandwidth a flow draws narrowed (cm02's rate factor).
  route.factors_for(bytes);
  double latency = route.latency * route.last_latency_factor;
  flow->bytes    = bytes;
  flow->amount   = bytes / route.last_bandwidth_factor;
  int id         = sharing_.create(flow->amount, route.bound, route.penalty, route.uses);
  flow->activity = id;
  own(id, {-1, flow});
  if (latency > 0)
    push(now_ + latency, EventKind::LatencyOver, id);
  else
    sharing_.start(id, now_);
}

double FastEngine::remaining(Transfer* t)
{
  auto* flow = static_cast<Flow*>(t);
  if (flow->done || !(flow->amount > 0))
    return 0;
  return flow->bytes * sharing_.remaining(flow->activity, now_) / flow->amount;
}

int FastEngine::keep_call(std::function<void()> fn)
{
  int slot = static_cast<int>(calls_.size());
  if (!free_calls_.empty()) {
    slot = free_calls_.back();
    free_calls_.pop_back();
  } else {
    calls_.emplace_back();
  }
  calls_[static_cast<size_t>(slot)] = std::move(fn);
  return slot;
}

void FastEngine::call_later(double delay, std::function<void()> fn)
{
  if (delay > 0)
    push(now_ + delay, EventKind::Call, keep_call(std::move(fn)));
  else
    at_date_end_.push_back(std::move(fn));  // once nothing else happens at this date (run())
}

void FastEngine::on_finish(Transfer* t, std::function<void()> fn)
{
  auto* flow = static_cast<Flow*>(t);
  int slot   = keep_call(std::move(fn));
  if (flow->done)
    push(now_, EventKind::Call, slot);
  else
    flow->call = slot;
}

double FastEngine::wait(Transfer* t)
{
  auto* flow = static_cast<Flow*>(t);
  if (!flow->done) {
    int slot = flow->waiters[0] < 0 ? 0 : 1;
    if (flow->waiters[slot] >= 0)
      throw std::logic_error("a message waited by more than its two ranks");
    flow->waiters[slot] = current_;
    block_polling();
  }
  return flow->finish_time;
}

void FastEngine::remove_activity(int id)
{
  completions_.remove(id);
  int group = sharing_.activity(id).group;
  sharing_.finish(id, now_);
  if (group >= 0)
    update_group(group);
}

void FastEngine::end_activity(int id)
{
  Owner owner = owners_[static_cast<size_t>(id)];
  remove_activity(id);
  if (owner.poll)
    return;  // reached only by a rank blocked for good: nothing wakes it
  if (owner.flow == nullptr) {
    computing_[static_cast<size_t>(owner.rank)] = false;
    ready_.push_back(owner.rank);
    return;
  }
  owner.flow->done        = true;
  owner.flow->finish_time = now_;
  if (owner.flow->call >= 0) {  // after the completions of this date, with its other events (handle())
    push(now_, EventKind::Call, owner.flow->call);
    owner.flow->call = -1;
  }
  for (int& waiter : owner.flow->waiters)
    if (waiter >= 0) {
      ready_.push_back(waiter);
      waiter = -1;
    }
}

void FastEngine::update_group(int resource)
{
  double date = sharing_.group_date(resource);
  overflow_   = overflow_ || (date >= kClockLimit && date < std::numeric_limits<double>::infinity());
  if (date < std::numeric_limits<double>::infinity())
    groups_.set(resource, date);
  else
    groups_.remove(resource);
}

void FastEngine::handle(const Event& e)
{
  switch (e.kind) {
    case EventKind::Wake:
      ready_.push_back(e.id);
      break;
    case EventKind::TimedWake:
      if (timed_[static_cast<size_t>(e.id)] == e.seq) {
        timed_[static_cast<size_t>(e.id)] = kNotTimed;
        ready_.push_back(e.id);
      }
      break;
    case EventKind::LatencyOver:
      sharing_.start(e.id, now_);
      break;
    case EventKind::Call: {
      std::function<void()> fn = std::move(calls_[static_cast<size_t>(e.id)]);
      free_calls_.push_back(e.id);
      fn();
      break;
    }
  }
}

void FastEngine::run(const std::function<void(int)>& body)
{
  body_     = body;
  int ranks = static_cast<int>(view_.ranks());
  fibers_.reserve(static_cast<size_t>(ranks));
  for (int r = 0; r < ranks; r++) {
    fibers_.emplace_back(std::allocator_arg, ArenaStackAllocator{&stacks_},
                         [this, r](boost::context::fiber&& scheduler) {
                           scheduler_ = std::move(scheduler);
                           body_(r);
                           return std::move(scheduler_);
                         });
    ready_.push_back(r);
  }
  while (!stopped_) {
    while (!ready_.empty() && !stopped_) {
      current_ = ready_.front();
      ready_.pop_front();
      auto& fiber = fibers_[static_cast<size_t>(current_)];
      fiber       = std::move(fiber).resume();
    }
    if (stopped_)
      break;
    sharing_.solve(
        now_,
        [this](int id) {
          const Activity& a = sharing_.activity(id);
          if (a.finish < std::numeric_limits<double>::infinity())
            completions_.set(id, a.finish);
          else
            completions_.remove(id);
          // (a group member has no finish of its own: its group's date, update_group())
          overflow_ = overflow_ || (a.group < 0 && a.rate > 0 && !(a.finish < kClockLimit));
        },
        [this](int resource) { update_group(resource); });
    if (overflow_) {  // as SimGrid's clock would: the replay reports it (replay/engine.cpp) at the rank's line
      now_ = std::numeric_limits<double>::infinity();
      break;
    }
    // Everything that happens at the next date, then the ranks it woke (SimGrid ends all actions of a date
    // before it runs the actors).
    double next = std::min(completions_.top_date(), groups_.top_date());
    if (!events_.empty())
      next = std::min(next, events_.top().time);
    if (!at_date_end_.empty() && !(next <= now_)) {  // the date's end: no rank, message or event of it is left
      std::vector<std::function<void()>> calls;
      calls.swap(at_date_end_);
      for (auto& fn : calls)
        fn();
      continue;  // (they may wake ranks at this date)
    }
    if (!(next < std::numeric_limits<double>::infinity()))
      break;
    now_ = next;
    while (completions_.top_date() == now_)
      end_activity(completions_.top());
    while (groups_.top_date() == now_)
      end_activity(sharing_.group_next(groups_.top()));
    while (!events_.empty() && events_.top().time == now_) {
      Event e = events_.top();
      events_.pop();
      handle(e);
    }
  }
  current_ = -1;
}

} // namespace tireplay::fast
