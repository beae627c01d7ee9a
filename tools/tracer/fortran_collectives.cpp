// The Fortran bindings of the collectives (fortran_support.hpp; traced_collectives.cpp records them). Each pair of
// macros defines the blocking binding and its non-blocking form (one more argument: the request).
#include "fortran_support.hpp"

using namespace tracer;

namespace {

template <class F>
Call calling(Int ierr, F call)
{
  return [ierr, call] {
    call();
    return *ierr;
  };
}

std::vector<MPI_Datatype> types_of(Int types, MPI_Comm comm)
{
  int n = 0;
  PMPI_Comm_size(comm, &n);
  std::vector<MPI_Datatype> c(static_cast<size_t>(n));
  for (size_t i = 0; i < c.size(); i++)
    c[i] = PMPI_Type_f2c(types[i]);
  return c;
}

} // namespace

#define TRACER_UNPAREN(...) __VA_ARGS__

// A blocking collective and its non-blocking form (one more argument, the request): Fortran names, regions, OTF2
// operation, root and bytes (expressions of the parameters), parameters and their names.
#define TRACER_FORTRAN_COLLECTIVE(lower, upper, ilower, iupper, Name, IName, op, root, bytes_of, params, args)       \
  FORTRAN_ENTRY(lower, upper, (TRACER_UNPAREN params, Int ierr))                                                     \
  {                                                                                                                   \
    collective(Region::Name, OTF2_COLLECTIVE_OP_##op, comm_of(comm), root, bytes_of,                                 \
               calling(ierr, [=] { real_##lower()(TRACER_UNPAREN args, ierr); }));                                   \
  }                                                                                                                   \
  FORTRAN_ENTRY(ilower, iupper, (TRACER_UNPAREN params, Int request, Int ierr))                                      \
  {                                                                                                                   \
    nonblocking(Region::IName, OTF2_COLLECTIVE_OP_##op, comm_of(comm), root, bytes_of,                               \
                starting(request, ierr, [=] { real_##ilower()(TRACER_UNPAREN args, request, ierr); }));             \
  }

TRACER_FORTRAN_COLLECTIVE(barrier, MPI_BARRIER, ibarrier, MPI_IBARRIER, Barrier, Ibarrier, BARRIER, kNoRoot, {},
                          (Int comm), (comm))
TRACER_FORTRAN_COLLECTIVE(bcast, MPI_BCAST, ibcast, MPI_IBCAST, Bcast, Ibcast, BCAST, static_cast<uint32_t>(*root),
                          bcast_bytes(*count, type_of(type), *root, comm_of(comm)),
                          (Buf buf, Int count, Int type, Int root, Int comm), (buf, count, type, root, comm))
TRACER_FORTRAN_COLLECTIVE(reduce, MPI_REDUCE, ireduce, MPI_IREDUCE, Reduce, Ireduce, REDUCE,
                          static_cast<uint32_t>(*root), reduce_bytes(*count, type_of(type), *root, comm_of(comm)),
                          (Buf sendbuf, Buf recvbuf, Int count, Int type, Int op, Int root, Int comm),
                          (sendbuf, recvbuf, count, type, op, root, comm))
TRACER_FORTRAN_COLLECTIVE(allreduce, MPI_ALLREDUCE, iallreduce, MPI_IALLREDUCE, Allreduce, Iallreduce, ALLREDUCE,
                          kNoRoot, all_bytes(*count, type_of(type)),
                          (Buf sendbuf, Buf recvbuf, Int count, Int type, Int op, Int comm),
                          (sendbuf, recvbuf, count, type, op, comm))
TRACER_FORTRAN_COLLECTIVE(scan, MPI_SCAN, iscan, MPI_ISCAN, Scan, Iscan, SCAN, kNoRoot, all_bytes(*count, type_of(type)),
                          (Buf sendbuf, Buf recvbuf, Int count, Int type, Int op, Int comm),
                          (sendbuf, recvbuf, count, type, op, comm))
TRACER_FORTRAN_COLLECTIVE(exscan, MPI_EXSCAN, iexscan, MPI_IEXSCAN, Exscan, Iexscan, EXSCAN, kNoRoot,
                          all_bytes(*count, type_of(type)),
                          (Buf sendbuf, Buf recvbuf, Int count, Int type, Int op, Int comm),
                          (sendbuf, recvbuf, count, type, op, comm))
TRACER_FORTRAN_COLLECTIVE(gather, MPI_GATHER, igather, MPI_IGATHER, Gather, Igather, GATHER,
                          static_cast<uint32_t>(*root),
                          gather_bytes(c_buffer(sendbuf), *sendcount, type_of(sendtype), *recvcount, type_of(recvtype),
                                       *root, comm_of(comm)),
                          (Buf sendbuf, Int sendcount, Int sendtype, Buf recvbuf, Int recvcount, Int recvtype,
                           Int root, Int comm),
                          (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm))
TRACER_FORTRAN_COLLECTIVE(gatherv, MPI_GATHERV, igatherv, MPI_IGATHERV, Gatherv, Igatherv, GATHERV,
                          static_cast<uint32_t>(*root),
                          gatherv_bytes(c_buffer(sendbuf), *sendcount, type_of(sendtype), recvcounts, type_of(recvtype),
                                        *root, comm_of(comm)),
                          (Buf sendbuf, Int sendcount, Int sendtype, Buf recvbuf, Int recvcounts, Int displs,
                           Int recvtype, Int root, Int comm),
                          (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm))
TRACER_FORTRAN_COLLECTIVE(scatter, MPI_SCATTER, iscatter, MPI_ISCATTER, Scatter, Iscatter, SCATTER,
                          static_cast<uint32_t>(*root),
                          scatter_bytes(*sendcount, type_of(sendtype), c_buffer(recvbuf), *recvcount, type_of(recvtype),
                                        *root, comm_of(comm)),
                          (Buf sendbuf, Int sendcount, Int sendtype, Buf recvbuf, Int recvcount, Int recvtype,
                           Int root, Int comm),
                          (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm))
TRACER_FORTRAN_COLLECTIVE(scatterv, MPI_SCATTERV, iscatterv, MPI_ISCATTERV, Scatterv, Iscatterv, SCATTERV,
                          static_cast<uint32_t>(*root),
                          scatterv_bytes(sendcounts, type_of(sendtype), c_buffer(recvbuf), *recvcount,
                                         type_of(recvtype), *root, comm_of(comm)),
                          (Buf sendbuf, Int sendcounts, Int displs, Int sendtype, Buf recvbuf, Int recvcount,
                           Int recvtype, Int root, Int comm),
                          (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm))
TRACER_FORTRAN_COLLECTIVE(allgather, MPI_ALLGATHER, iallgather, MPI_IALLGATHER, Allgather, Iallgather, ALLGATHER,
                          kNoRoot,
                          allgather_bytes(c_buffer(sendbuf), *sendcount, type_of(sendtype), *recvcount,
                                          type_of(recvtype), comm_of(comm)),
                          (Buf sendbuf, Int sendcount, Int sendtype, Buf recvbuf, Int recvcount, Int recvtype,
                           Int comm),
                          (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))
TRACER_FORTRAN_COLLECTIVE(allgatherv, MPI_ALLGATHERV, iallgatherv, MPI_IALLGATHERV, Allgatherv, Iallgatherv,
                          ALLGATHERV, kNoRoot,
                          allgatherv_bytes(c_buffer(sendbuf), *sendcount, type_of(sendtype), recvcounts,
                                           type_of(recvtype), comm_of(comm)),
                          (Buf sendbuf, Int sendcount, Int sendtype, Buf recvbuf, Int recvcounts, Int displs,
                           Int recvtype, Int comm),
                          (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm))
TRACER_FORTRAN_COLLECTIVE(alltoall, MPI_ALLTOALL, ialltoall, MPI_IALLTOALL, Alltoall, Ialltoall, ALLTOALL, kNoRoot,
                          alltoall_bytes(c_buffer(sendbuf), *sendcount, type_of(sendtype), *recvcount,
                                         type_of(recvtype), comm_of(comm)),
                          (Buf sendbuf, Int sendcount, Int sendtype, Buf recvbuf, Int recvcount, Int recvtype,
                           Int comm),
                          (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))
TRACER_FORTRAN_COLLECTIVE(alltoallv, MPI_ALLTOALLV, ialltoallv, MPI_IALLTOALLV, Alltoallv, Ialltoallv, ALLTOALLV,
                          kNoRoot,
                          alltoallv_bytes(c_buffer(sendbuf), sendcounts, type_of(sendtype), recvcounts,
                                          type_of(recvtype), comm_of(comm)),
                          (Buf sendbuf, Int sendcounts, Int sdispls, Int sendtype, Buf recvbuf, Int recvcounts,
                           Int rdispls, Int recvtype, Int comm),
                          (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm))
TRACER_FORTRAN_COLLECTIVE(alltoallw, MPI_ALLTOALLW, ialltoallw, MPI_IALLTOALLW, Alltoallw, Ialltoallw, ALLTOALLW,
                          kNoRoot,
                          alltoallw_bytes(c_buffer(sendbuf), sendcounts, types_of(sendtypes, comm_of(comm)).data(),
                                          recvcounts, types_of(recvtypes, comm_of(comm)).data(), comm_of(comm)),
                          (Buf sendbuf, Int sendcounts, Int sdispls, Int sendtypes, Buf recvbuf, Int recvcounts,
                           Int rdispls, Int recvtypes, Int comm),
                          (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm))
TRACER_FORTRAN_COLLECTIVE(reduce_scatter, MPI_REDUCE_SCATTER, ireduce_scatter, MPI_IREDUCE_SCATTER, Reduce_scatter,
                          Ireduce_scatter, REDUCE_SCATTER, kNoRoot,
                          reduce_scatter_bytes(recvcounts, type_of(type), comm_of(comm)),
                          (Buf sendbuf, Buf recvbuf, Int recvcounts, Int type, Int op, Int comm),
                          (sendbuf, recvbuf, recvcounts, type, op, comm))
TRACER_FORTRAN_COLLECTIVE(reduce_scatter_block, MPI_REDUCE_SCATTER_BLOCK, ireduce_scatter_block,
                          MPI_IREDUCE_SCATTER_BLOCK, Reduce_scatter_block, Ireduce_scatter_block,
                          REDUCE_SCATTER_BLOCK, kNoRoot,
                          reduce_scatter_block_bytes(*recvcount, type_of(type), comm_of(comm)),
                          (Buf sendbuf, Buf recvbuf, Int recvcount, Int type, Int op, Int comm),
                          (sendbuf, recvbuf, recvcount, type, op, comm))
