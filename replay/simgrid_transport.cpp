#include "replay/simgrid_transport.hpp"

#include "models/platform_params.hpp"
#include "replay/polling.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Mutex.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <simgrid/Exception.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <stdexcept>

namespace sg4 = simgrid::s4u;

namespace tireplay {

SimGridTransport::SimGridTransport(std::vector<sg4::Host*> hosts, std::vector<int> host_ids, bool polling,
                                   bool shortcuts)
    : hosts_(std::move(hosts)), host_ids_(std::move(host_ids)), shortcuts_(shortcuts), actors_(hosts_.size()),
      suspended_(hosts_.size(), false),
      polls_(polling_ranks(hosts_, polling)), polling_(hosts_.size()), woken_(hosts_.size(), false),
      starting_(hosts_.size(), false), timed_(hosts_.size()), execs_(hosts_.size())
{
}

void SimGridTransport::set_actor(int rank, sg4::Actor* actor)
{
  actors_[rank] = actor;
  auto pid      = static_cast<size_t>(actor->get_pid());
  if (rank_of_pid_.size() <= pid)
    rank_of_pid_.resize(pid + 1, -1);
  rank_of_pid_[pid] = rank;
}

void SimGridTransport::check_stopped() const
{
  steps_++;  // (after a blocking simcall: the actor runs in this round)
  if (stopping_)
    throw ReplayStopped();
}

int SimGridTransport::calling_rank() const
{
  return rank_of_pid_[static_cast<size_t>(sg4::this_actor::get_pid())];
}

sg4::ExecPtr SimGridTransport::start_polling(int rank)
{
  steps_++;
  return polls_[rank] ? sg4::this_actor::exec_async(kPollFlops) : nullptr;
}

void SimGridTransport::stop_polling(const sg4::ExecPtr& poll)
{
  if (poll != nullptr)
    poll->cancel();
}

void SimGridTransport::suspend_self()
{
  steps_++;
  int rank         = calling_rank();
  suspended_[rank] = true;
  if (polls_[rank]) {
    // A suspended actor's executions are suspended too (SimGrid): a polling rank waits on its polling instead,
    // which wake() cancels (or, if it came while the polling was being started, marks as woken).
    woken_[rank]      = false;
    starting_[rank]   = true;
    sg4::ExecPtr poll = sg4::this_actor::exec_async(kPollFlops);
    starting_[rank]   = false;
    if (woken_[rank]) {
      poll->cancel();
    } else {
      polling_[rank] = poll;
      try {
        poll->wait();
        // The polling ended on its own: nobody woke the rank before the clock reached 1e300 flops' time, so it
        // is blocked for good (a deadlock, which the end of the run reports).
        polling_[rank] = nullptr;
        sg4::this_actor::suspend();
      } catch (const simgrid::CancelException&) {
        polling_[rank] = nullptr;
      }
    }
  } else {
    sg4::this_actor::suspend();
  }
  suspended_[rank] = false;
  check_stopped();
}

void SimGridTransport::wake(int rank)
{
  steps_++;
  suspended_[rank] = false;
  if (polling_[rank] != nullptr)
    polling_[rank]->cancel();
  else if (starting_[rank])
    woken_[rank] = true;
  else
    actors_[rank]->resume();
}

double SimGridTransport::now() const
{
  return sg4::Engine::get_clock();
}

void SimGridTransport::sleep(double seconds)
{
  steps_++;
  sg4::this_actor::sleep_for(seconds);
  check_stopped();
}

void SimGridTransport::execute(double flops)
{
  steps_++;
  // SimGrid fails an internal check (ImpossibleError) on a date beyond its clock's range: say which line it is.
  if (!(sg4::Engine::get_clock() + flops / sg4::this_actor::get_host()->get_speed() < 1e300))
    throw std::overflow_error("the simulated clock overflows: this computation ends beyond 1e300 seconds");
  // A wait_any without timeout, unlike Exec::wait(), does not create the CPU sleep action that watches for host
  // failures: the same completion date, less work for SimGrid's solver.
  thread_local std::vector<sg4::ExecPtr> one(1);
  auto& mine = execs_[static_cast<size_t>(calling_rank())];
  mine       = sg4::this_actor::exec_async(flops);
  one[0]     = mine;
  sg4::Exec::wait_any(one);
  one[0] = nullptr;
  mine   = nullptr;
  check_stopped();
}

bool SimGridTransport::computing(int rank) const
{
  // SimGrid dates an activity's end in the step that ends it, before any actor runs (as finished() reads).
  const auto& exec = execs_[static_cast<size_t>(rank)];
  return exec != nullptr && exec->get_finish_time() < 0;
}

void SimGridTransport::yield()
{
  steps_++;
  sg4::this_actor::yield();
  check_stopped();
}

void SimGridTransport::suspend()
{
  suspend_self();
}

void SimGridTransport::resume(int rank)
{
  if (calling_ > 0) {  // once the calls being made are (end_calls())
    steps_++;
    if (std::find(deferred_.begin(), deferred_.end(), rank) == deferred_.end())
      deferred_.push_back(rank);
    return;
  }
  wake(rank);
}

bool SimGridTransport::suspend_for(double seconds)
{
  steps_++;
  Timed& t = timed_[static_cast<size_t>(calling_rank())];
  if (t.cv == nullptr) {
    t.mutex = sg4::Mutex::create();
    t.cv    = sg4::ConditionVariable::create();
  }
  std::unique_lock lock(*t.mutex);
  t.waiting = true;
  bool cut  = t.cv->wait_for(lock, seconds) == std::cv_status::no_timeout;
  t.waiting = false;
  lock.unlock();
  check_stopped();
  return cut;
}

void SimGridTransport::cut_short(int rank)
{
  steps_++;
  Timed& t = timed_[static_cast<size_t>(rank)];
  if (t.waiting) {
    t.waiting = false;  // notified once: a second cut_short before it runs does nothing
    t.cv->notify_one();
  }
}

Transfer* SimGridTransport::new_transfer()
{
  return comms_.take();
}

void SimGridTransport::check_route(int src, int dst)
{
  // SimGrid stops the whole simulation on a message between hosts its platform does not connect: the route is
  // checked the first time two hosts talk (models::NoRoute, which the rank reports with its trace line).
  uint64_t pair = (static_cast<uint64_t>(host_ids_[static_cast<size_t>(src)]) << 32) |
                  static_cast<uint32_t>(host_ids_[static_cast<size_t>(dst)]);
  if (routes_checked_.count(pair) == 0) {
    std::vector<sg4::Link*> links;
    models::route_between(*hosts_[src], *hosts_[dst], links);
    routes_checked_.insert(pair);
    if (shortcuts_ && hosts_[src] != hosts_[dst]) {
      add_shortcut(src, dst);
      // The way back, which cross-traffic looks up, and route_between() checked then (only then: a one-way route
      // looked up the other way makes SimGrid 3.32's Dijkstra zones loop for ever).
      if (simgrid::config::get_value<bool>("network/crosstraffic"))
        add_shortcut(dst, src);
    }
  }
}

void SimGridTransport::add_shortcut(int src, int dst)
{
  sg4::Host* from = hosts_[src];
  sg4::Host* to   = hosts_[dst];
  auto* zone      = from->get_englobing_zone();
  if (zone != to->get_englobing_zone() || shortcut_pairs_.size() >= kMaxShortcuts)
    return;
  uint64_t pair = (static_cast<uint64_t>(host_ids_[static_cast<size_t>(src)]) << 32) |
                  static_cast<uint32_t>(host_ids_[static_cast<size_t>(dst)]);
  if (!shortcut_pairs_.insert(pair).second)
    return;
  std::vector<sg4::Link*> links;
  double latency = 0;
  from->route_to(to, links, &latency);
  if (links.empty())
    return;
  std::vector<sg4::LinkInRoute> route;
  double sum = 0;  // a bypass's latency: its links', in order (a Vivaldi zone adds its coordinates' distance)
  for (sg4::Link* link : links) {
    if (link->get_sharing_policy() == sg4::Link::SharingPolicy::SPLITDUPLEX)
      return;
    sum += link->get_latency();
    route.emplace_back(link);
  }
  if (sum != latency)
    return;
  zone->add_bypass_route(from->get_netpoint(), to->get_netpoint(), nullptr, nullptr, route);
}

void SimGridTransport::start(Transfer* t, int src, int dst, double bytes)
{
  auto* c  = static_cast<Comm*>(t);
  c->bytes = bytes;
  check_route(src, dst);
  steps_++;
  c->comm = sg4::Comm::sendto_async(hosts_[src], hosts_[dst], bytes);
  steps_++;
}

bool SimGridTransport::finished(Transfer* t)
{
  // SimGrid dates a communication's end once its step has handled it (an unfinished one has none: -1). Reading this
  // needs no simcall, which saves a context switch for every message already delivered, and changes nothing in
  // SimGrid (get_remaining() brings the network action's remains up to date under its lazy updates, its default,
  // and may end it there).
  auto* c = static_cast<Comm*>(t);
  if (c->comm == nullptr)  // another rank is inside the simcall that starts it
    return false;
  if (!c->done && c->comm->get_finish_time() >= 0)
    c->done = true;
  return c->done;
}

double SimGridTransport::remaining(Transfer* t)
{
  auto* c = static_cast<Comm*>(t);
  if (c->comm == nullptr)  // another rank is inside the simcall that starts it
    return c->bytes;
  steps_++;
  return finished(c) ? 0 : c->comm->get_remaining();
}

double SimGridTransport::wait(Transfer* t)
{
  steps_++;
  auto* c = static_cast<Comm*>(t);
  while (c->comm == nullptr) {  // another rank is inside the simcall that starts it
    sg4::this_actor::yield();
    check_stopped();
  }
  if (finished(c))
    return c->comm->get_finish_time();
  // As execute(): wait_any creates no failure-watching action. Both ranks of a message may wait on it, each in its
  // own wait_any: SimGrid answers them at its end in the order they began to wait, in one step, as SMPI's waits on
  // a request's communication (a second waiter resumed by the first ran before it: the next sleeps of the two began
  // in the other order, and SimGrid ends sleeps of one date in the reverse order they began).
  // `one` is shared by the actors of this thread: filled after the last simcall before the wait.
  sg4::ExecPtr poll = start_polling(calling_rank());
  thread_local std::vector<sg4::CommPtr> one(1);
  one[0] = c->comm;
  sg4::Comm::wait_any(one);
  stop_polling(poll);
  one[0]  = nullptr;
  c->done = true;
  check_stopped();
  return c->comm->get_finish_time();
}

void SimGridTransport::free_transfer(Transfer* t)
{
  auto* c = static_cast<Comm*>(t);
  c->comm = nullptr;
  comms_.give_back(c);
}

void SimGridTransport::stop_all()
{
  // Killing the other actors (Actor::kill_all) crashes SimGrid 3.32 when one waits in an Exec::wait_any (it
  // answers the dead actor's wait when the cancelled execution ends): they stop themselves instead, when they
  // wake up (suspended ones are woken now, the others when what they wait for ends).
  stopping_ = true;
  for (size_t rank = 0; rank < suspended_.size(); rank++)
    if (suspended_[rank])
      wake(static_cast<int>(rank));
    else
      cut_short(static_cast<int>(rank));
}

} // namespace tireplay
