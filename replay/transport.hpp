// What the MPI rules (replay/p2p) need from an engine: a clock, ranks that block and wake, computations, and
// transfers of bytes between the ranks' hosts. The SimGrid engine (replay/simgrid_transport) and the fast engine
// (replay/fast/) implement it; everything above — matching, collectives, the replay of a rank — is written once.
// Calls without a rank act on the calling rank (the one whose actor or fiber runs).
#pragma once

#include <functional>

namespace tireplay {

/// Thrown out of a blocking call of a rank after stop_all(): the rank unwinds and ends (run_rank catches it). Not
/// a std::exception, so that no handler of the MPI rules takes it for an error of its own.
struct ReplayStopped {};

/// The bytes of one matched message in flight, shared by its send and receive requests (refs). Engines derive
/// their own record from it.
struct Transfer {
  int refs = 0;
};

class Transport {
public:
  virtual ~Transport() = default;

  /// Simulated seconds.
  virtual double now() const = 0;
  /// Blocks the calling rank for `seconds`.
  virtual void sleep(double seconds) = 0;
  /// Executes `flops` on the calling rank's host (flops already divided by the rank's speed factor); blocks.
  virtual void execute(double flops) = 0;
  /// Whether `rank` is inside execute() with work left at this date: false once its computation has ended, even if
  /// the rank has not run since (every computation that ends at a date ends before any rank runs at it).
  virtual bool computing(int rank) const = 0;
  /// Lets every other rank that can run at this date run first, as a simcall does in SimGrid (SMPI's MPI_Test of a
  /// request with a communication asks the kernel: the ranks whose tests end together reset or grow smpi/test's
  /// shared factor in that order).
  virtual void yield() = 0;
  /// Blocks the calling rank until another calls resume(rank).
  virtual void suspend() = 0;
  virtual void resume(int rank) = 0;
  /// Blocks the calling rank for `seconds` or until another calls cut_short(rank), whichever comes first. Returns
  /// whether it was cut short.
  virtual bool suspend_for(double seconds) = 0;
  /// Ends the suspend_for() of `rank` now; nothing if `rank` is not in one, or is already due to wake.
  virtual void cut_short(int rank) = 0;

  /// A transfer record, before it starts: the caller publishes it (other ranks may run inside start()).
  virtual Transfer* new_transfer() = 0;
  /// Throws models::NoRoute if the platform has no route from rank `src`'s host to rank `dst`'s (start() checks it
  /// too; a transfer started outside any rank, by a callback, is checked beforehand by the rank that causes it).
  virtual void check_route(int /*src*/, int /*dst*/) {}
  /// Starts moving `bytes` from rank `src`'s host to rank `dst`'s.
  virtual void start(Transfer* t, int src, int dst, double bytes) = 0;
  /// Whether the bytes have arrived, without blocking.
  virtual bool finished(Transfer* t) = 0;
  /// The bytes of a started transfer that have not arrived yet (all of them during its latency), without blocking.
  virtual double remaining(Transfer* t) = 0;
  /// Blocks the calling rank until the bytes have arrived; returns the date they did.
  virtual double wait(Transfer* t) = 0;
  /// Called when the last request holding `t` lets it go.
  virtual void free_transfer(Transfer* t) = 0;
  /// Calls `fn` outside any rank once the bytes of started transfer `t` have arrived (at that date), as call_later
  /// does; no rank may wait() on `t`. One-sided transfers (replay/rma.cpp) complete this way, with nobody waiting.
  virtual void on_finish(Transfer* t, std::function<void()> fn) = 0;

  /// Calls `fn` `delay` seconds from now, outside any rank: it must not block (it may start transfers and resume
  /// ranks). The caller goes on at once. A delay of 0 calls it at this date once the ranks woken at it have run and
  /// the transfers that ended at it have called their on_finish functions.
  virtual void call_later(double delay, std::function<void()> fn) = 0;

  /// Ends the simulation after an error: no other rank replays another action (a blocked one, once woken, throws
  /// ReplayStopped).
  virtual void stop_all() = 0;
};

} // namespace tireplay
