// Small helpers shared by the MPI wrappers.
#pragma once

#include "recorder.hpp"

#include <mpi.h>

#include <algorithm>
#include <functional>
#include <vector>

namespace tracer {

inline uint64_t now() { return wall_ns(); }
inline OTF2_EvtWriter* out() { return recorder().events(); }
inline OTF2_CommRef ref(MPI_Comm comm) { return recorder().comms.ref(comm); }

/// Whether the events of call `region` on `comm` can be written: the tracer knows `comm` (it is not an
/// intercommunicator). A call on one it does not know is counted, and reported at MPI_Finalize.
inline bool known(Region region, MPI_Comm comm)
{
  if (ref(comm) != OTF2_UNDEFINED_COMM)
    return true;
  recorder().not_traced(region);
  return false;
}

inline uint64_t bytes(long count, MPI_Datatype type)
{
  int size = 0;
  if (type != MPI_DATATYPE_NULL)
    PMPI_Type_size(type, &size);
  return static_cast<uint64_t>(count > 0 ? count : 0) * static_cast<uint64_t>(size);
}

inline int comm_size(MPI_Comm comm)
{
  int n = 0;
  PMPI_Comm_size(comm, &n);
  return n;
}

inline int comm_rank(MPI_Comm comm)
{
  int r = 0;
  PMPI_Comm_rank(comm, &r);
  return r;
}

/// The call of a C binding that sets `*handle` (the request it starts, the communicator it makes), in the form
/// traced.hpp takes: it makes the call, then hands the handle over.
template <class Handle, class Call>
std::function<int(Handle&)> setting(Handle* handle, Call call)
{
  return [handle, call](Handle& out) {
    int rc = call();
    out    = *handle;
    return rc;
  };
}

/// Makes `call` with the caller's status, or with `own` when the caller passed MPI_STATUS_IGNORE; either way `own`
/// holds the status afterwards (the tracer needs a receive's sender, tag and size).
template <class Call>
int with_status(MPI_Status* given, MPI_Status& own, Call call)
{
  if (given == MPI_STATUS_IGNORE)
    return call(&own);
  int rc = call(given);
  own    = *given;
  return rc;
}

/// The same for an array of `n` statuses (MPI_STATUSES_IGNORE); `own` has room for `n`.
template <class Call>
int with_statuses(MPI_Status* given, MPI_Status* own, int n, Call call)
{
  if (given == MPI_STATUSES_IGNORE)
    return call(own);
  int rc = call(given);
  std::copy(given, given + n, own);
  return rc;
}

/// A test or probe that looks at `key`: made without events while it repeats the last unsuccessful one with no
/// other traced call since (Recorder::polling), recorded otherwise. `call(done)` makes it and says whether it found
/// anything; `record(done)` writes what it completed, or the unsuccessful test.
template <class Call, class Record>
int polled_call(Region region, uint64_t key, Call call, Record record)
{
  bool done     = false;
  uint64_t entry = wall_ns();
  if (recorder().polling(key)) {
    int rc = recorder().unrecorded_poll([&] { return call(done); });
    if (!done) {
      recorder().checked(entry);
      recorder().returned(wall_ns());
    } else {  // the loop ends: its last call, recorded as made now
      Scope scope(region);
      if (scope.on())
        record(true);
    }
    return rc;
  }
  Scope scope(region);
  int rc = call(done);
  if (!done)
    recorder().checked(entry);
  if (scope.on()) {
    record(done);
    if (!done)
      recorder().polled(key);
  }
  return rc;
}

} // namespace tracer
