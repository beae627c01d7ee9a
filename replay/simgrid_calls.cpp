// The full level's calls outside any rank (replay/transport.hpp: on_finish, call_later): one dispatcher actor makes
// the calls of communications SimGrid ended (its signal) and of delayed calls (its timers); the calls of a date's
// end share an actor per date, which lets the date's actors and activities run first. An actor for each, before,
// ran out of memory maps with 30,000 one-sided messages in flight.
#include "replay/simgrid_transport.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/kernel/resource/Action.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/simix.hpp>

#include <cmath>
#include <limits>

namespace sg4 = simgrid::s4u;

namespace tireplay {

namespace {
SimGridTransport* ending_here = nullptr;  // the transport that communication_ended() serves
}

SimGridTransport::~SimGridTransport()
{
  ending_here = nullptr;
}

void SimGridTransport::communication_ended(simgrid::kernel::resource::NetworkAction& action)
{
  // SimGrid's signal for every communication's change of state, outside any actor. A NetworkAction is an Action
  // (its first base: the header that defines it is not installed).
  const auto& a = reinterpret_cast<const simgrid::kernel::resource::Action&>(action);
  if (ending_here == nullptr || a.get_state() != simgrid::kernel::resource::Action::State::FINISHED)
    return;
  auto it = ending_here->arrivals_.find(a.get_activity());
  if (it == ending_here->arrivals_.end())
    return;
  std::function<void()> call = std::move(it->second);
  ending_here->arrivals_.erase(it);
  ending_here->dispatch(std::move(call));
}

void SimGridTransport::dispatch(std::function<void()> call)
{
  if (ready_count_ == nullptr) {  // the first: the dispatcher is made (a daemon: it ends with the last rank)
    ready_count_ = sg4::Semaphore::create(0);
    sg4::Actor::create("dispatcher", hosts_.front(), [this]() {
      for (;;) {
        ready_count_->acquire();
        // The calls ready at one step are made before the ranks they wake run (as at the fast level: a rank woken by
        // an answer at the date other messages reach it handles them first, being inside MPI)
        calling_++;
        while (!ready_.empty()) {
          std::function<void()> next = std::move(ready_.front());
          ready_.pop_front();
          steps_++;
          if (!stopping_)
            next();
        }
        end_calls();
      }
    })->daemonize();
  }
  ready_.push_back(std::move(call));
  ready_count_->release();
}

void SimGridTransport::end_calls()
{
  // The calls that this transport makes (the dispatcher's, a date's end) wake ranks once all are made: a call's
  // simcall lets the other actors run, and a rank woken by the first call of a date's end released its lock before
  // the second granted the next (the fast level runs woken ranks after its calls)
  if (--calling_ > 0)
    return;
  std::vector<int> woken;
  woken.swap(deferred_);
  for (int rank : woken)
    wake(rank);
}

void SimGridTransport::wait_date_end() const
{
  constexpr double kForever = std::numeric_limits<double>::infinity();
  // SimGrid may end the activities of one date in several steps (a message's end after a computation's), and takes
  // its next step only once no actor runs: this actor stops until a timer of this date, which bounds that step to
  // it (no time passes), wakes it, until a step passes with nothing of the date left. (Without it, a lock request
  // arriving after the date's settle was granted after a lock_all its origin's order puts behind it.)
  auto quiet = [this]() {
    for (uint64_t seen = steps_ + 1; seen != steps_;) {
      seen = steps_;
      sg4::this_actor::yield();
    }
  };
  for (uint64_t before = steps_ + 1; before != steps_;) {
    quiet();
    before          = steps_;
    sg4::Actor* me  = sg4::Actor::self();
    simgrid::kernel::actor::simcall_answered([me, date = std::nextafter(now(), kForever)]() {
      simgrid::kernel::timer::Timer::set(date, [me]() { me->resume(); });
    });
    sg4::this_actor::suspend();
    quiet();
  }
}

void SimGridTransport::call_later(double delay, std::function<void()> fn)
{
  steps_++;
  if (delay > 0) {  // a timer of SimGrid's, which the dispatcher answers
    simgrid::kernel::actor::simcall_answered([this, date = now() + delay, fn = std::move(fn)]() mutable {
      simgrid::kernel::timer::Timer::set(date, [this, fn = std::move(fn)]() mutable { dispatch(std::move(fn)); });
    });
    return;
  }
  // The calls made at one date's end share an actor of their own, on the first rank's host (it computes nothing):
  // it lets the actors and SimGrid's activities of the date run (wait_date_end()), then calls, in order, as the
  // fast level does.
  double date = now();
  auto& calls = later_[date];
  calls.push_back(std::move(fn));
  if (calls.size() > 1)
    return;  // its actor is made
  sg4::Actor::create("later", hosts_.front(), [this, date]() {
    wait_date_end();
    auto node = later_.extract(date);  // the calls they make at this date make a batch of their own
    calling_++;
    for (auto& call : node.mapped())
      call();
    end_calls();
  });
}

void SimGridTransport::on_finish(Transfer* t, std::function<void()> fn)
{
  steps_++;
  if (ending_here == nullptr) {  // (SimGrid's signal is connected once a process: it cannot be disconnected)
    static bool connected = false;
    if (!connected)
      sg4::Link::on_communication_state_change_cb(
          [](simgrid::kernel::resource::NetworkAction& action, simgrid::kernel::resource::Action::State) {
            communication_ended(action);
          });
    connected   = true;
    ending_here = this;
  }
  auto* c   = static_cast<Comm*>(t);
  auto call = [c, fn = std::move(fn)]() {
    c->done = true;
    fn();
  };
  if (finished(c))
    dispatch(std::move(call));
  else
    arrivals_.emplace(c->comm->get_impl(), std::move(call));
}

} // namespace tireplay
