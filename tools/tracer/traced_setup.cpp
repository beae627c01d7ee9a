// MPI_Init starts the trace and MPI_Finalize writes it; each new communicator gets its reference
// (communicators.hpp), whichever call made it.
#include "traced.hpp"
#include "wrap_support.hpp"

namespace tracer {

void initialized(Region region)
{
  recorder().start();
  Scope scope(region);
}

void finalizing()
{
  { Scope scope(Region::Finalize); }
  recorder().finish();
}

int creation(Region region, MPI_Comm parent, const CallComm& call, bool parent_group)
{
  Scope scope(region);
  bool events = scope.on() && ref(parent) != OTF2_UNDEFINED_COMM;
  if (events)
    OTF2_EvtWriter_MpiCollectiveBegin(out(), nullptr, now());
  MPI_Comm created = MPI_COMM_NULL;
  int rc           = call(created);
  // Made even when the scope records nothing: every member of the new communicator takes part.
  if (rc == MPI_SUCCESS)
    recorder().comms.created(created, parent_group ? parent : MPI_COMM_NULL);
  if (events) {
    if (created != MPI_COMM_NULL && ref(created) != OTF2_UNDEFINED_COMM)
      OTF2_EvtWriter_CommCreate(out(), nullptr, now(), ref(created));
    OTF2_EvtWriter_MpiCollectiveEnd(out(), nullptr, now(), OTF2_COLLECTIVE_OP_CREATE_HANDLE, ref(parent),
                                    OTF2_UNDEFINED_UINT32, 0, 0);
  }
  return rc;
}

int comm_free(MPI_Comm comm, const Call& call)
{
  recorder().comms.freed(comm);
  return region_only(Region::Comm_free, call);
}

} // namespace tracer
