// One-sided communication (MPI-3 RMA) with the model of docs/trace-format.md section 12: transfers are messages
// between the origin's and the target's hosts that need no call of the target (unless tireplay/rma-target-progress
// says that its MPI library handles them); windows, epochs and locks are kept
// here, in plain C++ over an engine's Transport (replay/transport.hpp), so both fidelity levels run it unchanged.
#pragma once

#include "replay/communicator.hpp"
#include "replay/p2p.hpp"
#include "format/action.hpp"

#include <deque>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace tireplay {

class RmaWorld {
public:
  RmaWorld(P2PWorld& p2p, int world_size) : p2p_(p2p), origins_(static_cast<size_t>(world_size)) {}
  ~RmaWorld();
  RmaWorld(const RmaWorld&) = delete;

  /// Executes one-sided action `a` for world rank `me`; `comm` is the window's communicator (the line's), `barrier`
  /// runs its barrier. Returns an error text for what only the ranks together show (a window created on two
  /// communicators), else "".
  std::string execute(int me, const Action& a, const Communicator& comm, const std::function<void()>& barrier);
  /// MPI_Waitall and the end of a rank's trace: its requests (rput ...) complete.
  void wait_requests(int me);
  /// The end of a rank's trace: its transfers complete.
  void finish(int me);

private:
  struct Op {
    int origin = 0, win = 0, target = 0;
    bool request = false;  // rput ...: kept until wait_rma or waitall
    bool done    = false;
  };
  struct LockRequest {
    int origin     = 0;
    bool exclusive = false;
    bool lazy      = false;  // granted without a message: win_lock_all's, or a lock of the origin's own window
    bool nocheck   = false;  // MPI_MODE_NOCHECK: no lock taken at all
    bool granted   = false;
    bool released  = false;  // its release has reached the target (unlock waits for it)
    double arrived_at = 0;   // at the target
    int pending       = 1;   // grants still to come (win_lock_all's: one per target)
  };
  struct LockState {
    bool exclusive = false;
    int shared     = 0;
    bool settling  = false;          // a grant_next() is due (settle)
    std::deque<LockRequest*> queue;  // in arrival order, one date's in their origins' order
  };

  struct Origin {
    std::map<std::pair<int, int>, int> outstanding;  // (win, target): transfers not complete
    std::map<int, int> outstanding_win;
    std::map<std::pair<int, int>, std::deque<Op*>> requests;  // by (window, target), oldest first
    std::map<std::pair<int, int>, LockRequest*> locks;  // (win, target): win_lock's
    std::map<int, LockRequest*> lock_all;               // by win: win_lock_all's
    std::map<int, std::vector<int>> start_groups, post_groups;  // by win: world ranks
    std::map<int, uint64_t> window_bytes;                       // by win: this rank's memory in it
    int acks     = 0;  // flush or unlock round trips not back yet (tireplay/rma-target-progress)
    bool waiting = false;
  };
  /// The one-sided messages from one rank to another under tireplay/rma-target-progress: handled by the receiver in
  /// the order sent (TCP's), whatever order the network delivers them in.
  struct Channel {
    uint64_t sent = 0, handled = 0;
    std::map<uint64_t, std::function<void()>> arrived;  // by sequence number, not handed to the receiver yet
  };
  struct Window {
    int comm = 0;
    int live = 0;  // members that created it and have not freed it
  };

  Transport& transport() { return *p2p_.transport; }
  /// Blocks `me` until `done()`; the callbacks below wake it. (A template: a flush, called hundreds of thousands of
  /// times a rank, builds no std::function.)
  template <class Done>
  void block_until(int me, Done done)
  {
    Origin& o = origins_[static_cast<size_t>(me)];
    p2p_.enter_mpi(me, true);  // inside MPI: it handles what it owes and what comes meanwhile
    while (!done()) {
      o.waiting = true;
      try {
        transport().suspend();
      } catch (...) {  // the replay stops: nothing may wake this rank again
        o.waiting = false;
        p2p_.leave_wait(me);
        throw;
      }
    }
    p2p_.leave_wait(me);
  }
  void wake(int rank);
  /// A message of `bytes` + 16 (the envelope) from world rank `from`'s host to `to`'s; `arrived` runs on arrival, or
  /// under tireplay/rma-target-progress when `to` handles it (deliver).
  void send(int from, int to, uint64_t bytes, std::function<void()> arrived);
  /// Message `seq` from `from` has arrived at `to`: handed to `to`'s MPI library with those before it.
  void deliver(int from, int to, uint64_t seq, std::function<void()> handle);
  /// tireplay/rma-target-progress: a flush request to each of `targets` but `me`, answered once the target has
  /// handled it (and, in order, every transfer before it); waits for the answers.
  void round_trips(int me, const std::vector<int>& targets);
  /// The targets `me` holds a lock of (win_lock or win_lock_all) on window `win` of communicator `comm`.
  std::vector<int> locked_targets(int me, int win, const Communicator& comm) const;
  void transfer(int me, const Action& a, int target);
  void op_done(Op* op);
  void flush(int me, int win, int target);  // target < 0: every target
  /// wait_rma: the `index`-th oldest of `me`'s requests to `target` on `win` (none: nothing to wait for).
  void wait_request(int me, int win, int target, int index);
  // Passive target (replay/rma_locks.cpp)
  void lock(int me, int win, int target, bool exclusive, bool nocheck);
  void lock_all(int me, int win, const Communicator& comm);
  void unlock_all(int me, int win, const Communicator& comm);
  void unlock(int me, int win, int target);
  void enqueue(int win, int target, LockRequest* r);
  /// grant_next() once the date's other requests and releases have come (call_later(0)).
  void settle(int win, int target);
  void grant_next(int win, int target);
  void release(int win, int target, const LockRequest* r);
  void post(int me, int win, std::vector<int> origins);
  void start(int me, int win, std::vector<int> targets);
  void complete(int me, int win);
  void wait_exposure(int me, int win);
  /// The last member of window `win` has freed it: what is kept for it goes.
  void forget(int win);
  /// `seconds` of CPU time on `me`'s host (tireplay/win-create-cpu ...), as a computation.
  void cpu(int me, double seconds);

  P2PWorld& p2p_;
  std::vector<Origin> origins_;  // by world rank
  std::map<int, Window> windows_;
  std::map<std::pair<int, int>, LockState> locks_;      // (win, target)
  std::map<std::tuple<int, int, int>, int> posts_;      // (win, origin, target): win_post notices arrived
  std::map<std::pair<int, int>, int> completes_;        // (win, target): win_complete notices arrived
  std::map<std::pair<int, int>, Channel> channels_;     // (from, to)
};

} // namespace tireplay
