// What the tracer measures between MPI calls: the thread's CPU time (always) and, when PAPI can count them on
// this machine, floating-point operations. CPU time, unlike elapsed time, does not grow while the rank waits for
// a core, so a trace acquired with many ranks folded on few cores still measures each rank's own work.
#pragma once

#include <cstdint>
#include <string>

namespace tracer {

uint64_t wall_ns();        // CLOCK_MONOTONIC: the events' timestamps
uint64_t thread_cpu_ns();  // CLOCK_THREAD_CPUTIME_ID

class FlopCounter {
public:
  /// Starts PAPI's PAPI_FP_OPS (or PAPI_DP_OPS) counter; `why_not` says why it cannot when it cannot.
  bool start(std::string& why_not);
  uint64_t read() const;  // 0 when not started
  const char* name() const { return name_; }

private:
  int event_set_    = -1;
  const char* name_ = "";
};

} // namespace tracer
