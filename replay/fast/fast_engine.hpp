// The fast fidelity level's engine (--fidelity fast): no SimGrid at run time. One event queue, ranks as fibers
// (Boost.Context: the replay of a rank, the MPI rules and the collective algorithm files run unchanged, blocking
// where they block on SimGrid), messages and computations as activities of the fluid model of
// replay/fast/sharing.hpp over the platform read once (replay/fast/platform_view.hpp).
#pragma once

#include "replay/fast/completions.hpp"
#include "replay/fast/platform_view.hpp"
#include "replay/fast/sharing.hpp"
#include "replay/fast/stacks.hpp"
#include "replay/pool.hpp"
#include "replay/transport.hpp"

#include <boost/context/fiber.hpp>

#include <deque>
#include <functional>
#include <queue>
#include <vector>

namespace simgrid::s4u {
class Host;
}

namespace tireplay::fast {

class FastEngine final : public Transport {
public:
  /// polling: tireplay/polling (replay/polling.hpp).
  /// `drift`: tireplay/fast-drift (Sharing's).
  FastEngine(const std::vector<simgrid::s4u::Host*>& rank_hosts, bool polling, double drift);
  ~FastEngine() override;

  /// Runs body(rank) for every rank, until all have returned, the others are blocked for good, or stop_all().
  void run(const std::function<void(int)>& body);

  double now() const override { return now_; }
  void sleep(double seconds) override;
  void execute(double flops) override;
  bool computing(int rank) const override { return computing_[static_cast<size_t>(rank)]; }
  void yield() override
  {
    ready_.push_back(current_);
    block();
  }
  void suspend() override;
  void resume(int rank) override { ready_.push_back(rank); }
  bool suspend_for(double seconds) override;
  void cut_short(int rank) override;
  Transfer* new_transfer() override { return flows_.take(); }
  void check_route(int src, int dst) override { view_.route(view_.host_of(src), view_.host_of(dst)); }
  void start(Transfer* t, int src, int dst, double bytes) override;
  void call_later(double delay, std::function<void()> fn) override;
  bool finished(Transfer* t) override { return static_cast<Flow*>(t)->done; }
  double remaining(Transfer* t) override;
  double wait(Transfer* t) override;
  void free_transfer(Transfer* t) override { flows_.give_back(static_cast<Flow*>(t)); }
  void on_finish(Transfer* t, std::function<void()> fn) override;
  void stop_all() override { stopped_ = true; }

private:
  struct Flow : Transfer {
    bool done          = false;
    double finish_time = 0;
    int activity       = -1;  // its activity in the fluid model, while not done
    double bytes       = 0;   // as started
    double amount      = 0;   // the activity's: bytes over the route's bandwidth factor
    int waiters[2]     = {-1, -1};  // its sender and its receiver, if they wait
    int call           = -1;        // on_finish()'s, by index in calls_
  };
  enum class EventKind { Wake, TimedWake, LatencyOver, Call };
  /// A date set in advance: a rank's sleep ends, a message's latency is over. (Completions are kept apart.)
  struct Event {
    double time;
    uint64_t seq;  // ties in time keep the order events were made: the same run every time
    EventKind kind;
    int id;  // rank (Wake, TimedWake), activity (LatencyOver) or index in calls_ (Call)
    bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
  };
  struct Owner {
    int rank   = -1;       // a computation's rank
    Flow* flow = nullptr;  // a message's transfer
    bool poll  = false;    // a waiting rank's polling: it wakes nobody
  };

  void block();
  /// block(), the calling rank polling meanwhile if it polls.
  void block_polling();
  void push(double time, EventKind kind, int id);
  void handle(const Event& e);
  void own(int activity, Owner owner);
  /// Takes activity `id` off its resources now (its end, or a polling whose rank woke).
  void remove_activity(int id);
  /// An activity's end: removed, and whoever waits for it woken.
  void end_activity(int id);
  void update_group(int resource);
  /// A slot of calls_ holding `fn`.
  int keep_call(std::function<void()> fn);

  Sharing sharing_;
  PlatformView view_;
  StackArena stacks_;
  std::vector<boost::context::fiber> fibers_;
  boost::context::fiber scheduler_;  // inside a rank: where to go back when it blocks
  std::deque<int> ready_;
  std::priority_queue<Event, std::vector<Event>, std::greater<>> events_;
  Completions completions_;  // by activity
  Completions groups_;       // by resource: the next end among its group's members (sharing_groups.cpp)
  std::vector<Owner> owners_;  // by activity
  std::vector<Use> exec_uses_;
  std::vector<bool> polls_;  // by rank: polls while it waits
  /// By rank in suspend_for(): the seq of its TimedWake event (kNotTimed: none, or already woken); cut_[rank]:
  /// cut_short() woke it.
  static constexpr uint64_t kNotTimed = ~uint64_t{0};
  std::vector<uint64_t> timed_;
  std::vector<bool> cut_;
  std::vector<bool> computing_;  // by rank
  Pool<Flow> flows_;
  std::vector<std::function<void()>> calls_;  // call_later()'s, by index; free slots in free_calls_
  std::vector<int> free_calls_;
  std::vector<std::function<void()>> at_date_end_;  // call_later(0)'s: run once the date has nothing else to do
  std::function<void(int)> body_;
  double now_    = 0;
  uint64_t seq_  = 0;
  int current_   = -1;
  bool stopped_  = false;
  bool overflow_ = false;  // an activity ends beyond kClockLimit (the replay reports the clock's overflow)
  static constexpr double kClockLimit = 1e300;
};

} // namespace tireplay::fast
