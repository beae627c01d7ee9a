// Small helpers shared by the MPI wrappers.
#pragma once

#include "recorder.hpp"

#include <mpi.h>

#include <vector>

namespace tracer {

inline uint64_t now() { return wall_ns(); }
inline OTF2_EvtWriter* out() { return recorder().events(); }
inline OTF2_CommRef ref(MPI_Comm comm) { return recorder().comms.ref(comm); }

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

/// The status(es) a receive, wait or test fills: the caller's, or ours when the caller ignores them (the tracer needs a
/// receive's sender, tag and size).
class Statuses {
public:
  Statuses(MPI_Status* given, int count) : ignored_(given == MPI_STATUS_IGNORE || given == MPI_STATUSES_IGNORE),
                                           given_(given), own_(ignored_ ? count : 0) {}
  MPI_Status* get() { return ignored_ ? own_.data() : given_; }

private:
  bool ignored_;
  MPI_Status* given_;
  std::vector<MPI_Status> own_;
};

} // namespace tracer
