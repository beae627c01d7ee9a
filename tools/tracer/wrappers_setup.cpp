// The C bindings of MPI_Init, MPI_Finalize and the calls that make communicators: MPI_Init starts the trace,
// MPI_Finalize writes it; each new communicator gets its reference (communicators.hpp).
#include "traced.hpp"
#include "wrap_support.hpp"

using namespace tracer;

int MPI_Init(int* argc, char*** argv)
{
  int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS)
    initialized(Region::Init);
  return rc;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided)
{
  int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS)
    initialized(Region::Init_thread);
  return rc;
}

int MPI_Finalize()
{
  finalizing();
  return PMPI_Finalize();
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm)
{
  return creation(Region::Comm_split, comm,
                  setting(newcomm, [=] { return PMPI_Comm_split(comm, color, key, newcomm); }));
}

int MPI_Comm_split_type(MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm* newcomm)
{
  return creation(Region::Comm_split_type, comm,
                  setting(newcomm, [=] { return PMPI_Comm_split_type(comm, type, key, info, newcomm); }));
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm)
{
  return creation(Region::Comm_dup, comm, setting(newcomm, [=] { return PMPI_Comm_dup(comm, newcomm); }));
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm)
{
  return creation(Region::Comm_dup_with_info, comm,
                  setting(newcomm, [=] { return PMPI_Comm_dup_with_info(comm, info, newcomm); }));
}

// The new communicator is known at once, as Comm_dup's (Open MPI sets *newcomm before its request completes; the
// members agree on its reference over `comm`), so that the calls made on it once the request completes are recorded.
int MPI_Comm_idup(MPI_Comm comm, MPI_Comm* newcomm, MPI_Request* request)
{
  return creation(Region::Comm_idup, comm, setting(newcomm, [=] { return PMPI_Comm_idup(comm, newcomm, request); }),
                  true);
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm)
{
  return creation(Region::Comm_create, comm, setting(newcomm, [=] { return PMPI_Comm_create(comm, group, newcomm); }));
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm* newcomm)
{
  return creation(Region::Comm_create_group, comm,
                  setting(newcomm, [=] { return PMPI_Comm_create_group(comm, group, tag, newcomm); }));
}

int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[], int reorder, MPI_Comm* newcomm)
{
  return creation(Region::Cart_create, comm,
                  setting(newcomm, [=] { return PMPI_Cart_create(comm, ndims, dims, periods, reorder, newcomm); }));
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm* newcomm)
{
  return creation(Region::Cart_sub, comm, setting(newcomm, [=] { return PMPI_Cart_sub(comm, remain_dims, newcomm); }));
}

int MPI_Graph_create(MPI_Comm comm, int nnodes, const int index[], const int edges[], int reorder, MPI_Comm* newcomm)
{
  return creation(Region::Graph_create, comm,
                  setting(newcomm, [=] { return PMPI_Graph_create(comm, nnodes, index, edges, reorder, newcomm); }));
}

int MPI_Dist_graph_create(MPI_Comm comm, int n, const int sources[], const int degrees[], const int destinations[],
                          const int weights[], MPI_Info info, int reorder, MPI_Comm* newcomm)
{
  return creation(Region::Dist_graph_create, comm, setting(newcomm, [=] {
                    return PMPI_Dist_graph_create(comm, n, sources, degrees, destinations, weights, info, reorder,
                                                  newcomm);
                  }));
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm, int indegree, const int sources[], const int sourceweights[],
                                   int outdegree, const int destinations[], const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm* newcomm)
{
  return creation(Region::Dist_graph_create_adjacent, comm, setting(newcomm, [=] {
                    return PMPI_Dist_graph_create_adjacent(comm, indegree, sources, sourceweights, outdegree,
                                                           destinations, destweights, info, reorder, newcomm);
                  }));
}

int MPI_Intercomm_create(MPI_Comm local, int local_leader, MPI_Comm peer, int remote_leader, int tag,
                         MPI_Comm* newcomm)
{
  return creation(Region::Intercomm_create, local, setting(newcomm, [=] {
                    return PMPI_Intercomm_create(local, local_leader, peer, remote_leader, tag, newcomm);
                  }));
}

int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm* newcomm)
{
  return creation(Region::Intercomm_merge, intercomm,
                  setting(newcomm, [=] { return PMPI_Intercomm_merge(intercomm, high, newcomm); }));
}

int MPI_Comm_free(MPI_Comm* comm)
{
  return comm_free(*comm, [=] { return PMPI_Comm_free(comm); });
}
