// The Fortran bindings of MPI_Init, MPI_Finalize and the calls that make communicators (fortran_support.hpp;
// traced_setup.cpp records them).
#include "fortran_support.hpp"

using namespace tracer;

FORTRAN_ENTRY(init, MPI_INIT, (Int ierr))
{
  real_init()(ierr);
  if (*ierr == MPI_SUCCESS)
    initialized(Region::Init);
}

FORTRAN_ENTRY(init_thread, MPI_INIT_THREAD, (Int required, Int provided, Int ierr))
{
  real_init_thread()(required, provided, ierr);
  if (*ierr == MPI_SUCCESS)
    initialized(Region::Init_thread);
}

FORTRAN_ENTRY(finalize, MPI_FINALIZE, (Int ierr))
{
  finalizing();
  real_finalize()(ierr);
}

FORTRAN_ENTRY(comm_free, MPI_COMM_FREE, (Int comm, Int ierr))
{
  comm_free(comm_of(comm), [=] {
    real_comm_free()(comm, ierr);
    return *ierr;
  });
}

// As MPI_Comm_idup in C (wrappers_setup.cpp).
FORTRAN_ENTRY(comm_idup, MPI_COMM_IDUP, (Int comm, Int made, Int request, Int ierr))
{
  creation(
      Region::Comm_idup, comm_of(comm),
      [=](MPI_Comm& created) {
        real_comm_idup()(comm, made, request, ierr);
        created = comm_of(made);
        return *ierr;
      },
      true);
}

// A creation from communicator `comm` whose new communicator is `made`: parameters and their names.
#define TRACER_FORTRAN_CREATION(lower, upper, Name, params, args)                                                     \
  FORTRAN_ENTRY(lower, upper, (TRACER_UNPAREN params, Int made, Int ierr))                                           \
  {                                                                                                                   \
    creation(Region::Name, comm_of(comm), [=](MPI_Comm& created) {                                                    \
      real_##lower()(TRACER_UNPAREN args, made, ierr);                                                               \
      created = comm_of(made);                                                                                        \
      return *ierr;                                                                                                   \
    });                                                                                                               \
  }
#define TRACER_UNPAREN(...) __VA_ARGS__

TRACER_FORTRAN_CREATION(comm_split, MPI_COMM_SPLIT, Comm_split, (Int comm, Int color, Int key), (comm, color, key))
TRACER_FORTRAN_CREATION(comm_split_type, MPI_COMM_SPLIT_TYPE, Comm_split_type, (Int comm, Int type, Int key, Int info),
                        (comm, type, key, info))
TRACER_FORTRAN_CREATION(comm_dup, MPI_COMM_DUP, Comm_dup, (Int comm), (comm))
TRACER_FORTRAN_CREATION(comm_dup_with_info, MPI_COMM_DUP_WITH_INFO, Comm_dup_with_info, (Int comm, Int info),
                        (comm, info))
TRACER_FORTRAN_CREATION(comm_create, MPI_COMM_CREATE, Comm_create, (Int comm, Int group), (comm, group))
TRACER_FORTRAN_CREATION(comm_create_group, MPI_COMM_CREATE_GROUP, Comm_create_group, (Int comm, Int group, Int tag),
                        (comm, group, tag))
TRACER_FORTRAN_CREATION(cart_create, MPI_CART_CREATE, Cart_create,
                        (Int comm, Int ndims, Int dims, Int periods, Int reorder), (comm, ndims, dims, periods, reorder))
TRACER_FORTRAN_CREATION(cart_sub, MPI_CART_SUB, Cart_sub, (Int comm, Int remain_dims), (comm, remain_dims))
TRACER_FORTRAN_CREATION(graph_create, MPI_GRAPH_CREATE, Graph_create,
                        (Int comm, Int nnodes, Int index, Int edges, Int reorder), (comm, nnodes, index, edges, reorder))
TRACER_FORTRAN_CREATION(dist_graph_create, MPI_DIST_GRAPH_CREATE, Dist_graph_create,
                        (Int comm, Int n, Int sources, Int degrees, Int destinations, Int weights, Int info,
                         Int reorder),
                        (comm, n, sources, degrees, destinations, weights, info, reorder))
TRACER_FORTRAN_CREATION(dist_graph_create_adjacent, MPI_DIST_GRAPH_CREATE_ADJACENT, Dist_graph_create_adjacent,
                        (Int comm, Int indegree, Int sources, Int sourceweights, Int outdegree, Int destinations,
                         Int destweights, Int info, Int reorder),
                        (comm, indegree, sources, sourceweights, outdegree, destinations, destweights, info, reorder))
TRACER_FORTRAN_CREATION(intercomm_create, MPI_INTERCOMM_CREATE, Intercomm_create,
                        (Int comm, Int local_leader, Int peer, Int remote_leader, Int tag),
                        (comm, local_leader, peer, remote_leader, tag))
TRACER_FORTRAN_CREATION(intercomm_merge, MPI_INTERCOMM_MERGE, Intercomm_merge, (Int comm, Int high), (comm, high))
