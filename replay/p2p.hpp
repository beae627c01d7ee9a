// Point-to-point messages with SMPI's semantics (SimGrid 3.32, src/smpi/mpi/smpi_request.cpp):
// FIFO matching by (communicator, source, tag) in the receiver's queue, detached (eager) sends below
// smpi/send-is-detached-thresh, rendezvous above, transfers of size+16 bytes (the MPI envelope) that
// start when both sides are posted (or at the send below smpi/async-small-thresh), and the
// smpi/os, ois, or overheads. Matching is done here, in plain C++, over an engine's Transport (replay/transport.hpp):
// SimGrid's or the fast level's carry the bytes.
#pragma once

#include "replay/pool.hpp"
#include "replay/smpi_config.hpp"
#include "replay/transport.hpp"

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace tireplay {

/// SMPI adds the MPI envelope (tag, destination, communicator) to every message's payload.
constexpr uint64_t kEnvelopeBytes = 16;

struct Request {
  Request* next = nullptr;  // in a matching queue
  Request* prev = nullptr;
  uint64_t seq  = 0;        // posting order, to pick the oldest candidate across queues
  int src       = 0;        // world ranks; src < 0 for a receive from any source
  int dst       = 0;
  int tag       = 0;
  int comm      = 0;
  uint64_t bytes = 0;
  uint64_t line  = 0;       // trace line of the action that posted it, for messages
  bool is_send        = false;
  bool detached       = false;  // a send that completes without waiting for the receiver
  bool matched        = false;
  bool sender_was_detached = false;  // receive side: smpi/or applies
  int refs            = 0;      // owner + matching queue
  Transfer* transfer = nullptr;  // set when the data starts moving
  bool has_waiter = false;  // its owner sleeps on its semaphore until this request is matched
  Request* partner = nullptr;  // a send in a handshake (replay/rendezvous.cpp): its receive
  bool answered    = false;    // ... the receiver has answered: the sender's turn
  bool cpu_paid    = false;    // its owner has spent its transport's CPU time (replay/transport_cpu.cpp)
  bool from_any    = false;    // a receive posted from any source
  double posted_at  = 0;       // the date it was posted
  double matched_at = 0;       // the date it was matched
  double owed_at    = 0;       // a send in a handshake: when its turn was left to a rank's next MPI call

  /// The rank that posted it.
  int owner() const { return is_send ? src : dst; }
};

/// Intrusive FIFO of requests.
struct RequestQueue {
  Request* head = nullptr;
  Request* tail = nullptr;
  void push(Request* r);
  void remove(Request* r);
};

/// Dates closer than this are one date to the MPI layer's rules (SimGrid's surf/precision: the levels' dates, and
/// the full level's within one date, differ by rounding errors).
constexpr double kDatePrecision = 1e-9;

/// What the replay of one rank needs to know about the others, shared by all ranks.
struct P2PWorld {
  SmpiConfig config;
  Transport* transport = nullptr;            // the engine's: set before the ranks start
  std::vector<HostOverheads> overheads;      // per world rank
  std::vector<double> speed_factors;         // per world rank: flops execute as flops / factor (models/host_speed.hpp)
  std::vector<std::string> files;            // per world rank: its trace file, for messages
  std::vector<uint64_t> lines;               // per world rank: the line of the action it replays
  std::vector<int> host_ids;                 // per world rank: its host, numbered (tireplay/both-ways-factor)
  std::vector<double> quotas;                // per world rank: its host's CPU quota (host.quota; 1: none)
  std::vector<double> speeds;                // per world rank: its host's flop/s, speed factor included
  std::vector<int> cores;                    // per world rank: its host's cores (tireplay/wakeup-delay)
  uint64_t next_seq = 0;
  int test_sleep_factor = 1;  // SMPI's `static int nsleeps` in Request::test: shared by every rank

  explicit P2PWorld(int world_size);
  ~P2PWorld();
  P2PWorld(const P2PWorld&) = delete;

  Request* allocate(bool is_send, int src, int dst, int tag, int comm, uint64_t bytes);
  void release(Request* r);  // drops one reference

  /// Posts a send from the calling rank. `synchronous` sends (Ssend) never detach; `buffered` ones (Bsend, Ibsend)
  /// always do (SMPI's MPI_REQ_BSEND): the sender waits for no receiver, whatever the size.
  Request* post_send(int src, int dst, int tag, int comm, uint64_t bytes, bool nonblocking, bool synchronous,
                     bool buffered = false);
  /// Posts a receive; src = -1 receives from any source.
  Request* post_recv(int src, int dst, int tag, int comm, uint64_t bytes);
  /// Blocks until the request completes, then drops the owner's reference.
  void wait(Request* r);
  /// MPI_Waitall: waits for every request (and clears the vector). The receive overheads (smpi/or) are
  /// charged in completion order, as SMPI's loop of waitany does.
  void waitall(std::vector<Request*>& requests);
  /// MPI_Test: injects smpi/test, returns true (and drops the reference) if the request completed.
  bool test(Request* r);
  bool is_complete(Request* r);
  /// Executes `flops` on the calling rank's host, at its speed scaled by speed_factors (--scale host.speed);
  /// under a CPU quota, in the share of each period the host runs. Counted as a core taken (wakeup_after()).
  void compute(int rank, double flops);
  /// A trace's `poll`: `count` checks for messages, each taking tireplay/poll-cpu of the host's core as a
  /// computation (tireplay/poll-cpu-shared where the host holds more ranks than cores: each check hands the core to
  /// a waiting neighbour for one of its polls). Nothing when neither is set.
  void poll(int rank, uint64_t count);
  /// The calling rank sleeps (nothing for 0).
  void sleep(double seconds);
  /// A communicator made by `members` (MPI_Comm_split, MPI_Comm_dup: an allgather in the MPI, which the replay leaves
  /// out): for tireplay/both-ways-window, no exchange between their hosts is back to back any more (small messages
  /// crossing both ways go behind what the last large ones left queued, as a barrier's do: docs/lab.md).
  void communicator_made(const std::vector<int>& members);
  double now() const { return transport->now(); }
  /// The calling rank's trace is over: inside MPI_Finalize from now on, it answers whatever it owes
  /// (tireplay/async-progress off).
  void finish(int rank);
  /// Runs `handle` as `rank`'s MPI library handles a message that needs it (one-sided messages under
  /// tireplay/rma-target-progress, replay/rma.cpp): after its answer delay if it waits inside MPI, else at its next
  /// MPI call; in the order given. `handle` must not block.
  void when_in_mpi(int rank, std::function<void()> handle);
  /// The calling `rank` enters an MPI call that blocks (`waits`) or not: what it owes is done now. A blocking one
  /// ends with leave_wait().
  void enter_mpi(int rank, bool waits);
  void leave_wait(int rank)
  {
    waiting_[static_cast<size_t>(rank)]      = 0;
    left_wait_at_[static_cast<size_t>(rank)] = transport->now();
  }
  /// Whether `rank` is inside MPI at this date: waiting, or its wait ends at it, whichever of the ranks of one date
  /// the engine ran first (their orders differ; dates within kDatePrecision are one, as in progress()).
  bool inside_mpi(int rank) const
  {
    auto r = static_cast<size_t>(rank);
    return waiting_[r] || left_wait_at_[r] >= transport->now() - kDatePrecision;
  }

  /// Unmatched sends and receives left when the replay ends, for the report.
  struct Unmatched {
    bool is_send;
    int src, dst, tag, comm;
    uint64_t bytes;
    std::string where;  // FILE:LINE of the action that posted it
  };
  std::vector<Unmatched> unmatched() const;

private:
  struct Inbox {
    // By source world rank, only the sources with requests queued: memory follows the messages in flight,
    // not the square of the rank count (4,000 ranks took 0.85 GB for nothing with a queue per pair).
    // (their nodes reused: a queue is made and dropped for nearly every message)
    using Queues = std::map<int, RequestQueue, std::less<>, FreeListAllocator<std::pair<const int, RequestQueue>>>;
    Queues sends;  // unexpected sends
    Queues recvs;  // posted receives
    RequestQueue any_recvs;           // posted receives from any source
  };
  /// `sender_posts`: the send is the one being posted (else the receive).
  void match(Request* send, Request* recv, bool sender_posts);
  void wake(Request* r);
  /// Blocks until `r` completed, without the receive overhead. Returns the completion date.
  double complete(Request* r);
  double receive_overhead(const Request* r) const;
  void drop(Transfer* t);
  /// A host under a CPU quota runs the first `quota` of each tireplay/quota-period and is stopped for the rest
  /// (its ranks poll: the quota is spent at once). A rank acts (posts, sees a completion, computes) only while its
  /// host runs: in the stopped part, it sleeps to the next period.
  void gate(int rank);
  /// How long until `rank`'s host runs again (0 if it runs now, or has no quota).
  double until_running(int rank) const;
  /// compute() without the count of cores taken (replay/cpu_quota.cpp).
  void execute_in_quota(int rank, double flops);
  /// tireplay/wakeup-delay: after a wait of the calling rank that blocked from `blocked_since`, if every core of its
  /// host runs another rank's computation, it waits for one of them to stop or for the delay; else, with
  /// tireplay/wakeup-delay-polling, if it waited for a message from another host and its host holds more ranks than
  /// cores, it waits that delay (replay/colocated.cpp).
  void wakeup_after(int rank, double blocked_since, bool from_another_host);
  bool across_hosts(const Request* r) const { return host_ids[r->src] != host_ids[r->dst]; }
  /// tireplay/wakeup-delay or -polling is on.
  bool scheduler_delays() const { return config.wakeup_delay > 0 || config.wakeup_delay_polling > 0; }
  void start_transfer(Request* send);
  /// tireplay/both-ways-factor: `bytes` moved back for a message, a transfer nobody waits for, less what the echoes
  /// still in flight that way between the two hosts have left: messages crossing together share one echo (two or
  /// three pairs of ranks exchanging across a link each way at once take 1.5 or 1.33 times one pair's time, not 2
  /// or 3: docs/lab.md, "Several pairs").
  void start_echo(const Request* send, double bytes);
  /// How late `rank`, waiting in MPI, sees a message from another host now (replay/colocated.cpp).
  double reaction_delay(int rank);

  /// tireplay/async-progress off (replay/rendezvous.cpp): a rendezvous message between hosts moves once the receiver
  /// has answered the sender's request and the sender has seen the answer, each from inside MPI.
  void handshake(Request* send, Request* recv, bool sender_posts);
  /// The turn of the rank the handshake waits for (the receiver, then once it answered the sender): taken now if it
  /// is `running` (inside MPI now; -1: none), after its answer_delay() if it waits in MPI, else at its next MPI call.
  void turn(Request* send, int running);
  /// That rank takes its turn: the receiver answers (then the sender's turn), the sender starts the bytes.
  void act(Request* send, int running);
  /// How long `rank`, waiting in MPI, takes to answer a control message now: its host's stop under a CPU quota, or
  /// the scheduler's delay where ranks share a core.
  double answer_delay(int rank);
  /// The bytes of a handshake's message start now.
  void start_after_handshake(Request* send);
  /// `rank` enters MPI: the turns it owes (to_act_) are taken now. (Inline: at nearly every call it owes nothing.)
  void progress(int rank)
  {
    auto r = static_cast<size_t>(rank);
    if (!to_handle_[r].empty() || !to_act_[r].empty())
      take_owed(rank);
  }
  /// progress() when `rank` owes something.
  void take_owed(int rank);
  /// Spends, as a computation of `rank` (their owner), the transport's CPU time (tireplay/transport-cpu) of those
  /// of `requests` between two hosts whose partner is known and that have not paid yet; before they complete
  /// (`completed` false), not those from any source whose sender is known only since this date.
  void pay_transport_cpu(int rank, Request* const* requests, size_t count, bool completed);

  /// tireplay/both-ways-window: whether the hosts of `send` saw a message with a fraction complete within the
  /// window before now (always, without a window).
  bool back_to_back(const Request* send) const;
  /// Notes the completion of `r` at `at` for the window (a message with a fraction between two hosts only).
  void note_completion(const Request* r, double at);

  // Echoes per direction (from host << 32 | to host), in flight or finished: start_echo lets go of the finished ones.
  std::unordered_map<uint64_t, std::vector<Transfer*>> echoes_;
  std::unordered_map<uint64_t, double> pair_ends_;  // per pair of hosts (lower id << 32 | higher): last completion

  /// A host's cores as tireplay/wakeup-delay sees them: ranks computing, ranks waiting for a core (oldest first).
  struct CoreUse {
    struct Computation {
      double start, end;  // its dates, the end at full speed
      int rank;
      bool operator==(const Computation& o) const { return start == o.start && end == o.end && rank == o.rank; }
    };
    std::vector<Computation> computing;  // the computations running on the host
    int ranks = 0;                  // placed on the host
    struct Delayed {
      double since;
      int rank;
    };
    std::vector<Delayed> delayed;
  };
  CoreUse& core_use(int rank);
  /// Whether `c` holds a core now for tireplay/wakeup-delay: begun before this date (beyond SimGrid's precision) and
  /// not ending at it. One that begins or ends at the date a rank's wait ends or a request comes does not delay it.
  bool holds_core(const CoreUse::Computation& c) const;
  /// How many computations of `use` hold a core now.
  int computing_before_now(const CoreUse& use) const;
  std::vector<CoreUse> core_uses_;  // by host id, made when first used
  std::vector<char> waiting_;       // by rank: inside wait() or waitall()
  std::vector<double> left_wait_at_;  // by rank: when it last left a wait (when_in_mpi: still inside MPI at that date)
  struct Done {                     // waitall: a request's completion date and its receive overhead (smpi/or)
    double at, overhead;
  };
  std::vector<std::vector<Done>> done_;  // by rank: the ranks' waitalls interleave (one thread runs every rank)
  std::vector<std::vector<Request*>> to_act_;  // by rank: handshakes waiting for it to enter MPI (progress())
  struct Owed {  // a message for a rank's MPI library to handle (when_in_mpi)
    std::function<void()> handle;
    double arrived;  // the date it came
    bool inside;     // ... while the rank was inside MPI (waiting, or its wait ending at that date)
  };
  std::vector<std::deque<Owed>> to_handle_;  // by rank, in arrival order
  std::vector<char> handling_;                // by rank: inside handle_owed()
  /// Handles, in order, what `rank` owes (to_handle_): on `entering` an MPI call, all but what came at this date
  /// while it was outside MPI; else what came while it was inside.
  void handle_owed(int rank, bool entering);

  std::vector<Inbox> inboxes_;  // by destination world rank
  Pool<Request> requests_;
};

} // namespace tireplay
