#include "counters.hpp"

#include <ctime>

#ifdef TRACER_HAVE_PAPI
#include <papi.h>
#endif

namespace tracer {
namespace {

uint64_t read_clock(clockid_t clock)
{
  timespec t{};
  clock_gettime(clock, &t);
  return static_cast<uint64_t>(t.tv_sec) * 1000000000u + static_cast<uint64_t>(t.tv_nsec);
}

} // namespace

uint64_t wall_ns() { return read_clock(CLOCK_MONOTONIC); }
uint64_t thread_cpu_ns() { return read_clock(CLOCK_THREAD_CPUTIME_ID); }

#ifdef TRACER_HAVE_PAPI
bool FlopCounter::start(std::string& why_not)
{
  if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
    why_not = "PAPI_library_init failed";
    return false;
  }
  for (const char* name : {"PAPI_FP_OPS", "PAPI_DP_OPS"}) {
    int code = 0, set = PAPI_NULL;
    if (PAPI_event_name_to_code(const_cast<char*>(name), &code) != PAPI_OK || PAPI_query_event(code) != PAPI_OK)
      continue;
    if (PAPI_create_eventset(&set) == PAPI_OK && PAPI_add_event(set, code) == PAPI_OK && PAPI_start(set) == PAPI_OK) {
      event_set_ = set;
      name_      = name;
      return true;
    }
  }
  why_not = "this machine's PAPI counts neither PAPI_FP_OPS nor PAPI_DP_OPS (no hardware counters, or "
            "perf_event_paranoid forbids them)";
  return false;
}

uint64_t FlopCounter::read() const
{
  long long value = 0;
  if (event_set_ < 0 || PAPI_read(event_set_, &value) != PAPI_OK)
    return 0;
  return static_cast<uint64_t>(value);
}
#else
bool FlopCounter::start(std::string& why_not)
{
  why_not = "the tracer was built without PAPI (install libpapi-dev and rebuild)";
  return false;
}

uint64_t FlopCounter::read() const { return 0; }
#endif

} // namespace tracer
