// The state of one rank's conversion: the actions written so far, the MPI call under way, the counters, the
// requests in flight. The event callbacks (convert.cpp, p2p_events.cpp) receive it as their user data.
#pragma once

#include "convert.hpp"
#include "definitions.hpp"

#include <otf2/otf2.h>

#include <cstdint>
#include <exception>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace otf2ti {

struct Request {
  enum class Kind { Send, Receive, Collective } kind = Kind::Send;
  size_t line = 0;                     // a send's line; a receive's or collective's placeholder, filled at completion
  std::vector<size_t> tests;           // its unsuccessful tests (a receive's: placeholders, the sender is unknown)
  uint32_t src = 0, dst = 0, tag = 0;  // a send's ranks in its communicator
  uint64_t comm = 0;
  std::string call;      // the MPI function that started it (MPI_Irecv, MPI_Start, ...)
  uint64_t position = 0;  // its start event
  uint64_t number = 0;    // a send's: its place among the rank's send starts (Rank::buffered)
  uint64_t order  = 0;    // a send's or receive's: its place among the rank's point-to-point starts (index_waits)
  bool buffered   = false;  // an ibsend's (MPI_Ibsend, a start of an MPI_Bsend_init request)
};

/// A send's key: its ranks in its communicator, its tag, its communicator.
using SendKey = std::tuple<uint32_t, uint32_t, uint32_t, uint64_t>;

/// A line that stores, tests or waits a request of the replay (src dst tag comm; known once a receive completes):
/// index_waits follows the replay's store through them.
struct TrackedLine {
  enum class Role { Post, Test, Wait } role = Role::Post;
  uint64_t order = 0;  // the request's (Request::order)
  SendKey key{};
  bool known = false;  // a receive's key, from its completion: a receive never completed has no line
};

/// A computation between two actions: its line (slot), flops and seconds (Rank::write_computations).
struct Computation {
  size_t line;
  double flops = 0, seconds = 0;
  double polls = 0;  // the program's checks for messages during it (a `poll` line after the compute)
};

struct Rank {
  const Definitions& defs;
  const Options& options;
  int rank;
  uint64_t location;
  RankTrace out;
  std::string error;  // set by a callback, which then interrupts the reading
  int mpi_depth = 0;
  std::string call;   // the MPI function under way ("MPI_Ssend"), "" between calls
  uint64_t call_time = 0;    // when it started
  size_t lines_at_call = 0;  // the number of lines when it started: a communication call that adds none is unrecorded
  bool started = false, finalized = false;
  uint64_t last_time = 0, leave_time = 0;
  uint64_t init_leave = 0;  // when MPI_Init (or MPI_Init_thread) returned
  double flops = 0, flops_at_leave = 0;  // the flop counter
  double cpu = 0, cpu_at_leave = 0;      // the tracer's CPU time, in its unit
  double polls = 0, polls_taken = 0;     // the tracer's count of checks; the part already in a computation
  long compute_line = -1;                // the last line, when it is a compute (the next burst adds to it)
  long last_action = -1;                 // the last line that is neither a compute nor a test
  std::vector<Computation> computations;  // in line order; written once the rank is read (write_computations)
  bool null_in_call = false;             // the call under way had an operation with MPI_PROC_NULL as peer
  struct {
    long line = -1;  // the send half of the MPI_Sendrecv under way, written as a send until its receive is known
    bool send_null = false;  // its send half went to MPI_PROC_NULL
    uint64_t dst = 0, bytes = 0, tag = 0, comm = 0;
  } sendrecv;
  std::map<uint64_t, Request> requests;  // modified through put_request, erase_request, finish_request
  std::map<SendKey, std::set<uint64_t>> sends_by_key;
  /// Requests that leave no action of their own: a peer that is no rank (MPI_PROC_NULL), an ibsend waited already
  /// (wait_buffered).
  std::set<uint64_t> dropped;
  /// The ibsends in flight (MPI_Ibsend, MPI_Bsend_init's starts) by key: their numbers among the send starts
  /// (Request::number) -> their request ids. The replay completes an ibsend at once (the call returns once the message
  /// is copied into the program's buffer, whatever its size), and keeps its request under its key, oldest first, where
  /// a later `wait` of that key would take it: a send's completion first waits for the ibsends of its key started
  /// before it (wait_buffered), which a program may never complete (MPI_Request_free; MPI_Buffer_detach waits).
  std::map<SendKey, std::map<uint64_t, uint64_t>> buffered;
  uint64_t sends_started = 0;
  uint64_t p2p_started   = 0;            // sends and receives started (Request::order)
  std::map<size_t, TrackedLine> tracked;  // by line (slot): the lines of requests, for index_waits
  /// One-sided requests (MPI_Rput ...) in flight: (window, matching id) -> (TI window id, target, issue order), for
  /// their wait_rma.
  struct RmaRequest {
    int win         = 0;
    uint32_t target = 0;
    uint64_t order  = 0;
  };
  std::map<std::pair<uint64_t, uint64_t>, RmaRequest> rma_requests;
  uint64_t rma_issued = 0;
  /// ... their issue orders by (TI window id, target): a completed one's INDEX is its place among them
  std::map<std::pair<int, uint32_t>, std::set<uint64_t>> rma_in_flight;
  /// The archive starts its receives (MpiIrecvRequest) and non-blocking collectives (NonBlockingCollectiveRequest):
  /// then a completion of a request no event started is one completed a second time, or never started (an error).
  bool posts_receives = false, posts_collectives = false;
  /// Communicators this rank uses -> the first line (slot) that uses one: its definition goes there, once the
  /// whole rank is read (a receive posted before the communicator's first collective is filled in later).
  std::map<uint64_t, size_t> first_use;

  Rank(const Definitions& d, const Options& o, int r, uint64_t loc) : defs(d), options(o), rank(r), location(loc) {}

  void fail(uint64_t position, const std::string& what);
  bool check_time(uint64_t position, uint64_t time);
  /// This rank's rank in `comm` (-1 and fail when it is unknown or this rank is not in it). The first use of a
  /// communicator writes its comm_split line, before the line at `before` when given (a placeholder's).
  int enter_comm(uint64_t position, uint64_t comm, long before = -1);
  /// Writes each communicator's definition (comm_split) ahead of its first use (first_use).
  void place_definitions();
  /// enter_comm for a point-to-point event whose other end is rank `peer` of `comm`: -1 and fail when `comm` has
  /// no such rank.
  int enter_p2p(uint64_t position, uint64_t comm, uint32_t peer, long before = -1);
  int ti_comm(uint64_t comm) const;
  std::string suffix(uint64_t comm) const;  // " comm=N", or "" for MPI_COMM_WORLD
  /// Appends "<rank> <action><suffix>".
  void emit(const std::string& action, uint64_t comm);
  /// A test line of request `q` (a receive's is a placeholder, its sender known at completion), unless it only
  /// repeats the request's previous test with no other action between (a polling loop, Options::keep_tests).
  void test(Request& q, const std::string& action = "");
  /// A placeholder line for an action known later; fill(line, ...) writes it.
  size_t placeholder();
  void fill(size_t line, const std::string& action, uint64_t comm);
  /// A burst of `amount` flops lasting `seconds`: added to the computation under way, if no action came since.
  void compute(double amount, double seconds, double checks = 0);
  /// The computation under way ends (an action follows).
  void end_compute();
  /// Once the rank is read: computations with nothing but empty lines between them (the places of calls that left
  /// no action: MPI_PROC_NULL peers, cancelled requests) become one, and each is written unless it lasted less
  /// than --cpu-threshold (the tracer's and the MPI library's own work between calls, which SMPI's traces leave out
  /// the same way).
  void write_computations();
  /// A started receive or non-blocking collective: its placeholder line, filled when it completes.
  void start_request(uint64_t request, Request::Kind kind, uint64_t position);
  /// Removes and returns request `request` if it is of `kind`.
  std::optional<Request> finish_request(uint64_t request, Request::Kind kind);
  /// Stores `q` as request `request` (replacing one of that id), or removes it: through these, the sends in flight
  /// per (src, dst, tag, comm) stay known.
  void put_request(uint64_t request, const Request& q);
  void erase_request(std::map<uint64_t, Request>::iterator it);
  /// Whether a send of `q`'s key other than request `self` (none: q is no longer stored) is in flight (an ibsend
  /// too): a program that never completes its sends (MPI_Request_free) made a scan of every request quadratic.
  bool send_key_shared(const Request& q, std::optional<uint64_t> self) const;
  /// Before the completion of send `q`: a `wait` for each ibsend of its key started before it (buffered), whose own
  /// completion then leaves no action (dropped).
  void wait_buffered(const Request& q);
  /// Notes line `slot` as one that stores, tests or waits request `order` of `key` (index_waits).
  void track(size_t slot, TrackedLine::Role role, uint64_t order, const SendKey& key, bool known = true);
  /// Once the rank is read, follows the replay's store of requests by key (replay/pending_requests.hpp: stored in
  /// line order, a test moves the oldest of its key behind the others, a wait takes the oldest) through the tracked
  /// lines: a wait whose request is not the oldest of its key then names its place (`wait src dst tag INDEX`), and
  /// a test of another request than the oldest of its key, which would test and move that one, is left out. A
  /// program that waits a later request of a key first (a large receive before a small one from the same rank and
  /// tag) had its waits replayed in posting order, its computation between them overlapping the wrong transfer.
  void index_waits();
  /// An operation started by `call` had MPI_PROC_NULL as peer (both peers, for a sendrecv), so it leaves no action:
  /// counted under its call (`# proc_null`).
  void null_peer(const std::string& call);
  /// A completion of `request`, which no started request of this kind matches: fails (each request completes once).
  void fail_completion(uint64_t position, uint64_t request, const char* event);
};

/// Whether a peer field names no rank: MPI_PROC_NULL, or MPI_ANY_SOURCE left in the status of a receive that did
/// not complete (cancelled): negative in every MPI implementation, so at least 2^31 as OTF2's uint32.
inline bool no_rank(uint32_t peer) { return peer >= 0x80000000u; }

/// "partner tag bytes" (send, recv, isend, irecv) or "src dst tag" (wait, test): three numbers.
std::string fields(uint64_t a, uint64_t b, uint64_t c);

inline Rank& state(void* user) { return *static_cast<Rank*>(user); }
inline OTF2_CallbackCode verdict(const Rank& r)
{
  return r.error.empty() ? OTF2_CALLBACK_SUCCESS : OTF2_CALLBACK_INTERRUPT;
}

/// An event callback that cannot throw: the OTF2 library calls it from C, through which no exception may pass. An
/// exception (a bug otf2ti's checks missed) fails the rank with its message, as a bad event does.
template <auto Callback>
struct Guarded;
template <class... Args, OTF2_CallbackCode (*Callback)(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void*,
                                                       OTF2_AttributeList*, Args...)>
struct Guarded<Callback> {
  static OTF2_CallbackCode call(OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, void* user,
                                OTF2_AttributeList* attributes, Args... args) noexcept
  {
    try {
      return Callback(location, time, position, user, attributes, args...);
    } catch (const std::exception& e) {
      state(user).fail(position, std::string("cannot convert this event: ") + e.what());
      return OTF2_CALLBACK_INTERRUPT;
    }
  }
};
template <auto Callback>
constexpr auto guarded = &Guarded<Callback>::call;

/// The point-to-point callbacks (p2p_events.cpp).
void set_p2p_callbacks(OTF2_EvtReaderCallbacks* cb);
/// The one-sided callbacks (rma_events.cpp).
void set_rma_callbacks(OTF2_EvtReaderCallbacks* cb);

} // namespace otf2ti
