// The tracer's state in a traced MPI process: the OTF2 archive it writes, its event writer, the counters, the
// communicators and the pending requests. One per process (a PMPI library has no caller to hand a context to).
#pragma once

#include "communicators.hpp"
#include "counters.hpp"
#include "regions.hpp"
#include "requests.hpp"
#include "windows.hpp"

#include <otf2/otf2.h>

#include <cstdint>
#include <map>
#include <vector>
#include <string>

namespace tracer {

class Recorder {
public:
  /// After PMPI_Init: opens the archive in $TIREPLAY_TRACE_DIR (default ./tireplay-trace), which must not exist.
  void start();
  /// In MPI_Finalize, before PMPI_Finalize: closes the events, writes the definitions on rank 0.
  void finish();
  bool recording() const { return writer_ != nullptr; }
  bool started() const { return started_; }
  OTF2_EvtWriter* events() const { return writer_; }
  /// The counters as an OTF2 metric event, then the region's Enter or Leave, at the same time.
  void enter(Region region);
  void leave(Region region);
  /// Polling: a test (or probe) that found nothing calls polled() with what it looked at (its requests, or its
  /// source, tag and communicator); polling() says whether a new call looks at the same with no other traced call
  /// since, so that its events can be left out while it finds nothing: otf2ti writes a polling loop's failed
  /// tests as one test anyway, and writing millions of them would slow the program down several times (HPCC).
  /// TIREPLAY_TRACE_EVERY_TEST=1 records every test, as SMPI's tracer does.
  void polled(uint64_t key) { polled_ = key; }
  bool polling(uint64_t key) const;
  void call_made() { polled_ = kNothingPolled; }
  /// A call of a polling loop made without events: its CPU time is the MPI library's, not the loop's computation.
  /// Reading the CPU clock around each one would cost more than the call (a system call, 0.5 us here, against
  /// 15 ns for a test): one call in kSampleEvery is timed, the others are taken at the mean of those timed (at
  /// first at poll_cost_, measured at start). The timed calls matter: with ranks folded on a core, a test that
  /// yields the core costs 1.5 us here, more when the other rank is waiting for the core than at start.
  template <class Call>
  int unrecorded_poll(Call call)
  {
    if (++polls_ % kSampleEvery != 0) {
      int rc = call();
      own_cpu_ += polls_timed_ == 0 ? poll_cost_ : polls_time_ / polls_timed_;
      return rc;
    }
    uint64_t a = thread_cpu_ns(), b = thread_cpu_ns();  // b - a: one reading, next to the call
    int rc     = call();
    uint64_t c = thread_cpu_ns();
    polls_time_ += c - b > b - a ? (c - b) - (b - a) : 0;
    polls_timed_++;
    own_cpu_ += c - a + clock_cost_;
    return rc;
  }
  /// The program's checks, counted for otf2ti's `poll` action (docs/trace-format.md): an unsuccessful test or probe
  /// that began at least kCheckGap after the previous traced call returned, the program having worked in between
  /// (MUMPS looks for messages between pieces of its factorisation: 17,000 times a rank in 2 s). The repeats of a
  /// loop that only waits come closer (tens of nanoseconds apart) and are not counted: how many a wait makes depends
  /// on the machine. `entry`: when the call began (wall clock, ns).
  void checked(uint64_t entry)
  {
    if (entry >= last_return_ + kCheckGap)
      checks_++;
  }
  /// A traced call returned at `time` (wall clock, ns).
  void returned(uint64_t time) { last_return_ = time; }
  /// A call on a communicator the tracer does not know (an intercommunicator): no events, reported at finish().
  void not_traced(Region region) { not_traced_[region]++; }

  Communicators comms;
  Windows windows;
  Requests requests;

private:
  /// The counters at `time`: the thread's CPU time `cpu`, less the tracer's own after calls (own_cpu_).
  void write_metrics(uint64_t time, uint64_t cpu);
  /// Sets clock_cost_ and poll_cost_ from repeated readings and tests on a private communicator.
  void measure_costs();

  OTF2_Archive* archive_   = nullptr;
  OTF2_EvtWriter* writer_  = nullptr;
  FlopCounter flops_;
  bool have_flops_ = false;  // on every rank (agreed at start)
  std::map<Region, uint64_t> not_traced_;
  static constexpr uint64_t kNothingPolled = 0;
  uint64_t polled_ = kNothingPolled;  // what the last unsuccessful test looked at (poll_key)
  bool every_test_ = false;
  bool started_ = false;
  int rank_ = 0, size_ = 1;
  uint64_t start_ = 0;
  uint64_t own_cpu_ = 0;     // CPU time the tracer spent writing events after calls
  uint64_t clock_cost_ = 0;  // CPU time of one reading of the thread's CPU clock
  uint64_t poll_cost_ = 0;   // CPU time of one unsuccessful MPI_Test at start (measure_costs)
  static constexpr uint64_t kSampleEvery = 128;
  uint64_t polls_ = 0, polls_timed_ = 0, polls_time_ = 0;  // unrecorded polling calls, those timed, their time
  uint64_t last_cpu_ = 0;    // the last CPU time written
  static constexpr uint64_t kCheckGap = 1000;  // ns: SMPI's smpi/cpu-threshold, otf2ti's --cpu-threshold
  uint64_t checks_ = 0, last_return_ = 0;     // the program's checks (checked()), when the last traced call returned
};

Recorder& recorder();

/// What a test or probe looks at (its requests; a probe's source, tag and communicator) as one number, for
/// Recorder::polling: FNV-1a over the values, never 0.
inline uint64_t poll_key(const uintptr_t* values, size_t count)
{
  uint64_t hash = 14695981039346656037ull;
  for (size_t i = 0; i < count; i++)
    hash = (hash ^ values[i]) * 1099511628211ull;
  return hash == 0 ? 1 : hash;
}

/// Enter at construction, Leave at destruction; records nothing outside MPI_Init..MPI_Finalize or inside
/// another traced call (an MPI function called by the MPI library itself).
class Scope {
public:
  explicit Scope(Region region);
  ~Scope();
  Scope(const Scope&)            = delete;
  Scope& operator=(const Scope&) = delete;
  /// True when this call's events are to be written.
  bool on() const { return on_; }

private:
  Region region_;
  bool on_;
};

} // namespace tracer
