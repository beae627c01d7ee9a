// The SMPI settings that shape point-to-point timing (SimGrid 3.32 defaults), read from `--cfg smpi/...`.
// SimGrid's own options (network/model, surf/precision, ...) are passed through to the S4U engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <string>
#include <vector>

namespace simgrid::s4u {
class Host;
}

namespace tireplay {

/// Seconds from a SimGrid time ("2us", "1.5ms", "3", "1e-6s"...): finite and non-negative.
/// Throws std::invalid_argument naming `option`.
double parse_seconds(const std::string& option, const std::string& text);

/// A piecewise-linear overhead `smpi/os`, `smpi/or`, `smpi/ois`: "bound:base:per_byte;..." as SMPI parses it.
class PiecewiseOverhead {
public:
  PiecewiseOverhead() = default;
  /// Throws std::invalid_argument naming `option` (the --cfg key) on a malformed spec.
  explicit PiecewiseOverhead(const std::string& spec, const std::string& option = "overhead");
  /// Seconds for a message of `bytes` bytes (SMPI's smpi::Host::osend logic).
  double at(size_t bytes) const;
  bool is_zero() const { return zero_; }

private:
  struct Segment {
    size_t bound;
    double base;
    double per_byte;
  };
  std::vector<Segment> segments_;
  bool zero_ = true;
};

struct SmpiConfig {
  int detached_send_threshold = 65536;  // smpi/send-is-detached-thresh: smaller sends do not wait for the receiver
  int async_small_threshold   = 0;      // smpi/async-small-thresh: smaller sends start before the receive is posted
  double test_sleep           = 1e-4;   // smpi/test: time injected in each MPI_Test
  bool grow_injected_times    = true;   // smpi/grow-injected-times
  bool simulate_computation   = true;   // smpi/simulate-computation
  bool finalization_barrier   = false;  // smpi/finalization-barrier
  double init_sleep           = 0;      // smpi/init
  std::string send_overhead    = "0:0:0:0:0";  // smpi/os
  std::string isend_overhead   = "0:0:0:0:0";  // smpi/ois
  std::string receive_overhead = "0:0:0:0:0";  // smpi/or
  // tireplay/both-ways-factor (tireplay's, not SMPI's): "threshold:fraction;..." as smpi/bw-factor reads its
  // thresholds (payload bytes); a message between two hosts also moves that fraction of its bytes back, from its
  // start, so that two crossing messages share each way (Open MPI's TCP rendezvous: back-to-back exchanges run
  // at half the rate each way). Payloads up to the smallest threshold move nothing back; empty: off.
  // docs/calibration.md, "Both ways".
  std::vector<std::pair<uint64_t, double>> both_ways;
  // tireplay/both-ways-window (seconds): both-ways-factor applies only to a message whose two hosts saw a message
  // with a fraction complete at most this long before it starts (back to back); the others (the first exchange
  // after a pause, one crossing only messages in flight) move back tireplay/both-ways-factor-after-pause's fraction
  // (same syntax; none if not given). One time, or per size as "threshold:time;..." (a step covers the payloads
  // above its threshold; those up to the first threshold take the first step's time). Empty (the default): no
  // window, both-ways-factor applies to every message.
  std::vector<std::pair<uint64_t, double>> both_ways_window;
  std::vector<std::pair<uint64_t, double>> both_ways_after_pause;
  // tireplay/polling (tireplay's): ranks waiting in MPI poll on a core of their host (replay/polling.hpp).
  bool polling = false;
  // tireplay/fast-drift (tireplay's, the fast level's): the change of a busy link's shares (64 messages or more)
  // below which it keeps its level (replay/fast/sharing.hpp); 0 solves every change, as SimGrid does.
  double fast_drift = 0.02;
  // tireplay/read-ahead (tireplay's): text traces parsed ahead on another core (format/read_ahead.hpp), up to 1,024
  // ranks; no: each rank's file parsed when the rank reads it.
  bool read_ahead = true;
  // tireplay/async-progress (tireplay's): off, a rendezvous message between hosts (smpi/send-is-detached-thresh or
  // more) moves once the receiver has answered the sender's request to send and the sender has seen the answer,
  // each from inside MPI, as Open MPI's TCP transport without a progress thread (replay/rendezvous.cpp). On (SMPI's
  // model, the default): its bytes move as soon as both are posted.
  bool async_progress = true;
  // tireplay/wakeup-delay (seconds, tireplay's): a rank whose wait in MPI ends while every core of its host runs
  // another rank's computation resumes when one of them stops computing or after this delay, whichever comes first:
  // the operating system's scheduler gives the waiting rank the core late (replay/colocated.cpp). 0: off.
  double wakeup_delay = 0;
  // tireplay/wakeup-delay-polling (seconds, tireplay's): a rank whose wait for a message from another host ends
  // while its host holds more ranks than cores, none of them computing, resumes this much later: the neighbours'
  // polling rounds hold the core when the message comes. 0: off.
  double wakeup_delay_polling = 0;
  // tireplay/poll-cpu (seconds, tireplay's): the CPU time of each call a trace's `poll` action counts (the
  // program's unsuccessful tests and probes between pieces of its work, which the trace does not write one by one),
  // taken from the rank's host's cores as a computation: Open MPI over TCP polls its sockets and yields the core at
  // each. 0 (the default, as SMPI's replay, which has no such action): free.
  double poll_cpu = 0;
  // tireplay/poll-cpu-shared (seconds, tireplay's): the same on a host holding more ranks than cores (the check
  // yields the core to a neighbour waiting in MPI, who polls once before it comes back: 18 us against 5 to 7 alone in
  // the lab). Negative (the default): tireplay/poll-cpu's.
  double poll_cpu_shared = -1;
  // tireplay/transport-cpu ("SIZE:SECONDS;SIZE:SECONDS;...", sizes increasing, tireplay's): the CPU time that
  // moving a message of SIZE payload bytes between two hosts takes on the sender's host, and as much on the
  // receiver's (TCP's copies and protocol processing); between the sizes given, the line between them; below the
  // first, the first's time; beyond the last, the last two's line. On a host holding more ranks than cores, the rank
  // spends it inside MPI while it completes the request, as a computation on its host's cores (shared with its
  // neighbours' computations), while the bytes move; with a core per rank, the calibration's message times hold it
  // (replay/transport_cpu.cpp). Empty (the default, as SMPI): free.
  std::vector<std::pair<uint64_t, double>> transport_cpu;
  // tireplay/win-create-cpu and tireplay/win-free-cpu ("SIZE:SECONDS;...", as tireplay/transport-cpu, SIZE the bytes
  // of the rank's window): the CPU time that creating (freeing) a window takes each member, before the barrier
  // (MPI_Win_allocate's shared segment, mapped and touched: 96 us for 8 KiB, 835 us for 1 MiB on this machine).
  // tireplay/rma-call-cpu (seconds): that of every other one-sided call, on its rank. Empty and 0 (the defaults, as
  // SMPI): free.
  std::vector<std::pair<uint64_t, double>> win_create_cpu, win_free_cpu;
  double rma_call_cpu = 0;
  // tireplay/rma-target-progress: on, one-sided messages are handled by the target's MPI library, when it is inside
  // an MPI call (Open MPI's osc/pt2pt, over TCP between nodes), and a flush or unlock is a round trip to each target
  // it completes; off (the default: one-sided hardware, shared memory), the target does nothing (replay/rma.cpp).
  bool rma_target_progress = false;
  // tireplay/quota-period (seconds): the period of the hosts' CPU quotas (host.quota), Linux's cpu.cfs_period_us.
  double quota_period = 0.1;

  /// The fraction of a message of `payload` bytes (envelope included) that tireplay/both-ways-factor moves back
  /// (with `after_pause`, tireplay/both-ways-factor-after-pause).
  double both_ways_fraction(double payload, bool after_pause = false) const;
  /// tireplay/transport-cpu for a message of `payload` bytes (0 without the option).
  double transport_cpu_for(double payload) const { return piecewise(transport_cpu, payload); }
  /// The time `points` give `size` (0 without points): see tireplay/transport-cpu.
  static double piecewise(const std::vector<std::pair<uint64_t, double>>& points, double size);
  /// tireplay/both-ways-window for a message of `payload` bytes (envelope included); infinite without a window.
  double both_ways_window_for(double payload) const;

  /// Applies `key:value` if it is an smpi/ option. Returns false if the key is not one of these. Throws
  /// std::invalid_argument on a bad value; the configuration is then unchanged.
  bool apply(const std::string& key, const std::string& value);
  /// Checks the options against each other, once all are applied (as SMPI does). Throws std::invalid_argument.
  void validate() const;
};

/// The overheads of one host: its `smpi/os`... properties, else the configuration's.
struct HostOverheads {
  PiecewiseOverhead send, isend, receive;
  HostOverheads(const SmpiConfig& cfg, const simgrid::s4u::Host& host);
};

} // namespace tireplay
