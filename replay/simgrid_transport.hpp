// The transport of the full fidelity level: ranks are S4U actors, transfers SimGrid communications between
// hosts (sendto_async: SMPI's network model, max-min sharing, cross-traffic), computations S4U executions.
#pragma once

#include "replay/pool.hpp"
#include "replay/transport.hpp"

#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <deque>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace simgrid::s4u {
class Actor;
class Host;
}

namespace tireplay {

class SimGridTransport final : public Transport {
public:
  /// hosts[r]: rank r's host. Actors are set once created. polling: tireplay/polling (replay/polling.hpp).
  /// `host_ids`: each rank's host, numbered (P2PWorld::host_ids).
  /// `shortcuts`: the platform declares no bypass route, so that check_route() may add its own (add_shortcut()).
  SimGridTransport(std::vector<simgrid::s4u::Host*> hosts, std::vector<int> host_ids, bool polling,
                   bool shortcuts = false);

  ~SimGridTransport() override;

  void set_actor(int rank, simgrid::s4u::Actor* actor);

  double now() const override;
  void sleep(double seconds) override;
  void execute(double flops) override;
  bool computing(int rank) const override;
  void yield() override;
  void suspend() override;
  void resume(int rank) override;
  bool suspend_for(double seconds) override;
  void cut_short(int rank) override;
  Transfer* new_transfer() override;
  void check_route(int src, int dst) override;
  void start(Transfer* t, int src, int dst, double bytes) override;
  void call_later(double delay, std::function<void()> fn) override;
  bool finished(Transfer* t) override;
  double remaining(Transfer* t) override;
  double wait(Transfer* t) override;
  void free_transfer(Transfer* t) override;
  void on_finish(Transfer* t, std::function<void()> fn) override;
  void stop_all() override;

private:
  /// Both sides of a message may wait on the SimGrid communication at once, each in a wait_any without timeout
  /// (Comm::wait would give each a timeout action, and SimGrid keeps one per side of a host-to-host transfer).
  struct Comm : Transfer {
    simgrid::s4u::CommPtr comm;
    double bytes                    = 0;  // as started (comm is null while the simcall that starts it runs)
    bool done                       = false;
  };

  /// Blocks the calling actor until resumed (suspend()); throws after stop_all().
  void suspend_self();
  /// After a blocking call: ReplayStopped once stop_all() was called.
  void check_stopped() const;
  /// Before the calling rank blocks: its polling, if it polls (else null); after, stop_polling() ends it.
  simgrid::s4u::ExecPtr start_polling(int rank);
  static void stop_polling(const simgrid::s4u::ExecPtr& poll);
  int calling_rank() const;
  /// Returns once the actors and SimGrid's activities of this date have nothing left to do (call_later(0)).
  void wait_date_end() const;
  /// Wakes a rank blocked in suspend_self().
  void wake(int rank);

  std::vector<simgrid::s4u::Host*> hosts_;
  std::vector<int> host_ids_;                     // by rank: its host's number among the distinct hosts
  std::unordered_set<uint64_t> routes_checked_;   // pairs of host numbers
  /// SimGrid looks a message's route up (and its way back, for TCP's cross-traffic) for every message, through its
  /// zone's routing, in a tenth of the full level's time on a cluster: the route between the hosts of ranks `src`
  /// and `dst`, found once, is given to their zone as a bypass route, which SimGrid looks up first (the same links
  /// in the same order, each one's latency read at every message: the same route and latency). Only between two
  /// hosts of one zone, whose links are not split-duplex (a bypass names those by direction) and make the whole
  /// latency, up to kMaxShortcuts pairs.
  void add_shortcut(int src, int dst);
  static constexpr size_t kMaxShortcuts = 1 << 16;
  bool shortcuts_ = false;
  std::unordered_set<uint64_t> shortcut_pairs_;  // pairs of host numbers given a bypass route
  std::vector<simgrid::s4u::Actor*> actors_;
  std::vector<int> rank_of_pid_;   // actors' pids to ranks
  std::vector<bool> suspended_;    // by rank: suspended by suspend_self(), to wake at stop_all()
  std::vector<bool> polls_;        // by rank: polls while it waits
  std::vector<simgrid::s4u::ExecPtr> polling_;  // by rank: the polling it waits on in suspend_self(), if any
  std::vector<bool> woken_;        // by rank: woken while its polling was being started
  std::vector<bool> starting_;     // by rank: its polling is being started
  /// A rank in suspend_for(): waits on its condition variable with a timeout; cut_short() notifies it.
  struct Timed {
    simgrid::s4u::MutexPtr mutex;
    simgrid::s4u::ConditionVariablePtr cv;
    bool waiting = false;  // in suspend_for(), not yet notified
  };
  std::vector<Timed> timed_;  // by rank, made at a rank's first suspend_for()
  std::vector<simgrid::s4u::ExecPtr> execs_;  // by rank: its computation in progress
  /// The calls of on_finish() (when SimGrid ends their communication) and of call_later() with a delay (when their
  /// timer goes off): SimGrid tells it outside any actor, and one actor of this transport, the dispatcher, makes the
  /// calls, in that order (an actor for each one ran out of memory maps with tens of thousands in flight).
  void dispatch(std::function<void()> call);
  static void communication_ended(simgrid::kernel::resource::NetworkAction& action);
  std::unordered_map<const void*, std::function<void()>> arrivals_;  // by the communication's kernel activity
  std::deque<std::function<void()>> ready_;                          // to call, in order
  simgrid::s4u::SemaphorePtr ready_count_;                           // the dispatcher waits on it
  int calling_ = 0;             // actors of this transport making calls (the dispatcher, a date's end)
  std::vector<int> deferred_;    // ranks they woke meanwhile
  void end_calls();
  std::map<double, std::vector<std::function<void()>>> later_;  // call_later(0)'s by date
  bool stopping_ = false;
  mutable uint64_t steps_ = 0;  // simcalls of the actors that replay (call_later(0) waits until they stop)
  Pool<Comm> comms_;
};

} // namespace tireplay
