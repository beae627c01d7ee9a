// MPI_Init starts the trace and MPI_Finalize writes it; communicator creation gives each new communicator its
// reference (communicators.hpp).
#include "wrap_support.hpp"

using namespace tracer;

namespace {

template <class Call>
int creation(Region region, MPI_Comm parent, MPI_Comm* created, Call call)
{
  Scope scope(region);
  // A communicator is made even when the scope records nothing (a creation inside another traced call).
  bool events = scope.on() && ref(parent) != OTF2_UNDEFINED_COMM;
  if (events)
    OTF2_EvtWriter_MpiCollectiveBegin(out(), nullptr, now());
  int rc = call();
  if (rc == MPI_SUCCESS && ref(parent) != OTF2_UNDEFINED_COMM)
    recorder().comms.created(*created);
  if (events) {
    if (*created != MPI_COMM_NULL && ref(*created) != OTF2_UNDEFINED_COMM)
      OTF2_EvtWriter_CommCreate(out(), nullptr, now(), ref(*created));
    OTF2_EvtWriter_MpiCollectiveEnd(out(), nullptr, now(), OTF2_COLLECTIVE_OP_CREATE_HANDLE, ref(parent),
                                    OTF2_UNDEFINED_UINT32, 0, 0);
  }
  return rc;
}

} // namespace

int MPI_Init(int* argc, char*** argv)
{
  int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS) {
    recorder().start();
    Scope scope(Region::Init);
  }
  return rc;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided)
{
  int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS) {
    recorder().start();
    Scope scope(Region::Init_thread);
  }
  return rc;
}

int MPI_Finalize()
{
  { Scope scope(Region::Finalize); }
  recorder().finish();
  return PMPI_Finalize();
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm)
{
  return creation(Region::Comm_split, comm, newcomm, [&] { return PMPI_Comm_split(comm, color, key, newcomm); });
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm)
{
  return creation(Region::Comm_dup, comm, newcomm, [&] { return PMPI_Comm_dup(comm, newcomm); });
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm)
{
  return creation(Region::Comm_create, comm, newcomm, [&] { return PMPI_Comm_create(comm, group, newcomm); });
}

int MPI_Comm_free(MPI_Comm* comm)
{
  Scope scope(Region::Comm_free);
  recorder().comms.freed(*comm);
  return PMPI_Comm_free(comm);
}
