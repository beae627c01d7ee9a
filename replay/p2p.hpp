// Point-to-point messages with SMPI's semantics (SimGrid 3.32, src/smpi/mpi/smpi_request.cpp):
// FIFO matching by (communicator, source, tag) in the receiver's queue, detached (eager) sends below
// smpi/send-is-detached-thresh, rendezvous above, transfers of size+16 bytes (the MPI envelope) that
// start when both sides are posted (or at the send below smpi/async-small-thresh), and the
// smpi/os, ois, or overheads. Matching is done here, in plain C++; SimGrid only carries the bytes.
#pragma once

#include "replay/smpi_config.hpp"

#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace simgrid::s4u {
class Actor;
class Host;
}

namespace tireplay {

/// The bytes of one matched message in flight, shared by its send and receive requests. Only one actor at a
/// time waits on the SimGrid communication (SimGrid keeps one timeout per side of a host-to-host transfer);
/// the other side, if it waits too, sleeps on its semaphore and is woken when the first returns.
struct Transfer {
  simgrid::s4u::CommPtr comm;
  bool done          = false;
  bool someone_waits = false;
  int second_waiter  = -1;  // world rank blocked until the transfer completes
  int refs           = 0;
};

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
};

/// Objects reused instead of allocated for each message: memory follows the number in flight, not the trace.
template <class T> class Pool {
public:
  /// A fresh object (value-initialized).
  T* take()
  {
    if (free_.empty()) {
      chunks_.emplace_back(new T[kChunk]);
      for (size_t i = kChunk; i-- > 0;)
        free_.push_back(&chunks_.back()[i]);
    }
    T* object = free_.back();
    free_.pop_back();
    *object = T{};
    return object;
  }
  void give_back(T* object) { free_.push_back(object); }

private:
  static constexpr size_t kChunk = 4096;
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::vector<T*> free_;
};

/// Intrusive FIFO of requests.
struct RequestQueue {
  Request* head = nullptr;
  Request* tail = nullptr;
  void push(Request* r);
  void remove(Request* r);
};

/// What the replay of one rank needs to know about the others, shared by all ranks.
struct P2PWorld {
  SmpiConfig config;
  std::vector<simgrid::s4u::Host*> hosts;    // host of each world rank
  std::vector<simgrid::s4u::Actor*> actors;  // per world rank; an actor suspends itself until its request matches
  std::vector<HostOverheads> overheads;      // per world rank
  std::vector<double> speed_factors;         // per world rank: flops execute as flops / factor (models/host_speed.hpp)
  std::vector<std::string> files;            // per world rank: its trace file, for messages
  std::vector<uint64_t> lines;               // per world rank: the line of the action it replays
  uint64_t next_seq = 0;
  int test_sleep_factor = 1;  // SMPI's `static int nsleeps` in Request::test: shared by every rank

  explicit P2PWorld(int world_size);
  ~P2PWorld();
  P2PWorld(const P2PWorld&) = delete;

  Request* allocate(bool is_send, int src, int dst, int tag, int comm, uint64_t bytes);
  void release(Request* r);  // drops one reference

  /// Posts a send from the calling rank. `synchronous` sends (Ssend) never detach.
  Request* post_send(int src, int dst, int tag, int comm, uint64_t bytes, bool nonblocking, bool synchronous);
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
  /// Executes `flops` on the calling rank's host, at its speed scaled by speed_factors (--scale host.speed).
  void compute(int rank, double flops);

  /// Unmatched sends and receives left when the replay ends, for the report.
  struct Unmatched {
    bool is_send;
    int src, dst, tag, comm;
    uint64_t bytes;
  };
  std::vector<Unmatched> unmatched() const;

private:
  struct Inbox {
    // By source world rank, only the sources with requests queued: memory follows the messages in flight,
    // not the square of the rank count (4,000 ranks took 0.85 GB for nothing with a queue per pair).
    std::map<int, RequestQueue> sends;  // unexpected sends
    std::map<int, RequestQueue> recvs;  // posted receives
    RequestQueue any_recvs;           // posted receives from any source
  };
  void match(Request* send, Request* recv);
  void wake(Request* r);
  void wait_transfer(Transfer* t, int rank);
  bool finished(Transfer* t);
  /// Blocks until `r` completed, without the receive overhead. Returns the completion date.
  double complete(Request* r);
  double receive_overhead(const Request* r) const;
  void drop(Transfer* t);
  void start_transfer(Request* send);

  std::vector<Inbox> inboxes_;  // by destination world rank
  Pool<Request> requests_;
  Pool<Transfer> transfers_;
};

} // namespace tireplay
