// The C bindings of the collectives, blocking and non-blocking (traced_collectives.cpp records them).
#include "traced.hpp"
#include "wrap_support.hpp"

using namespace tracer;

int MPI_Barrier(MPI_Comm comm)
{
  return collective(Region::Barrier, OTF2_COLLECTIVE_OP_BARRIER, comm, kNoRoot, {}, [&] { return PMPI_Barrier(comm); });
}

int MPI_Bcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
  return collective(Region::Bcast, OTF2_COLLECTIVE_OP_BCAST, comm, root, bcast_bytes(count, type, root, comm),
                    [&] { return PMPI_Bcast(buf, count, type, root, comm); });
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
  return collective(Region::Reduce, OTF2_COLLECTIVE_OP_REDUCE, comm, root, reduce_bytes(count, type, root, comm),
                    [&] { return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm); });
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  return collective(Region::Allreduce, OTF2_COLLECTIVE_OP_ALLREDUCE, comm, kNoRoot, all_bytes(count, type),
                    [&] { return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  return collective(Region::Scan, OTF2_COLLECTIVE_OP_SCAN, comm, kNoRoot, all_bytes(count, type),
                    [&] { return PMPI_Scan(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  return collective(Region::Exscan, OTF2_COLLECTIVE_OP_EXSCAN, comm, kNoRoot, all_bytes(count, type),
                    [&] { return PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  return collective(Region::Gather, OTF2_COLLECTIVE_OP_GATHER, comm, root,
                    gather_bytes(sendbuf, sendcount, sendtype, recvcount, recvtype, root, comm), [&] {
                      return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
                    });
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  return collective(Region::Gatherv, OTF2_COLLECTIVE_OP_GATHERV, comm, root,
                    gatherv_bytes(sendbuf, sendcount, sendtype, recvcounts, recvtype, root, comm), [&] {
                      return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                                          comm);
                    });
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  return collective(Region::Scatter, OTF2_COLLECTIVE_OP_SCATTER, comm, root,
                    scatter_bytes(sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm), [&] {
                      return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
                    });
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                 void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  return collective(Region::Scatterv, OTF2_COLLECTIVE_OP_SCATTERV, comm, root,
                    scatterv_bytes(sendcounts, sendtype, recvbuf, recvcount, recvtype, root, comm), [&] {
                      return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                                           comm);
                    });
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm)
{
  return collective(Region::Allgather, OTF2_COLLECTIVE_OP_ALLGATHER, comm, kNoRoot,
                    allgather_bytes(sendbuf, sendcount, sendtype, recvcount, recvtype, comm), [&] {
                      return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
                    });
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
  return collective(Region::Allgatherv, OTF2_COLLECTIVE_OP_ALLGATHERV, comm, kNoRoot,
                    allgatherv_bytes(sendbuf, sendcount, sendtype, recvcounts, recvtype, comm), [&] {
                      return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
                    });
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm)
{
  return collective(Region::Alltoall, OTF2_COLLECTIVE_OP_ALLTOALL, comm, kNoRoot,
                    alltoall_bytes(sendbuf, sendcount, sendtype, recvcount, recvtype, comm), [&] {
                      return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
                    });
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
  return collective(Region::Alltoallv, OTF2_COLLECTIVE_OP_ALLTOALLV, comm, kNoRoot,
                    alltoallv_bytes(sendbuf, sendcounts, sendtype, recvcounts, recvtype, comm), [&] {
                      return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                            recvtype, comm);
                    });
}

int MPI_Alltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                  void* recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                  MPI_Comm comm)
{
  return collective(Region::Alltoallw, OTF2_COLLECTIVE_OP_ALLTOALLW, comm, kNoRoot,
                    alltoallw_bytes(sendbuf, sendcounts, sendtypes, recvcounts, recvtypes, comm), [&] {
                      return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                            recvtypes, comm);
                    });
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm)
{
  return collective(Region::Reduce_scatter, OTF2_COLLECTIVE_OP_REDUCE_SCATTER, comm, kNoRoot,
                    reduce_scatter_bytes(recvcounts, type, comm),
                    [&] { return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm); });
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm)
{
  return collective(Region::Reduce_scatter_block, OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK, comm, kNoRoot,
                    reduce_scatter_block_bytes(recvcount, type, comm),
                    [&] { return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm); });
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Ibarrier, OTF2_COLLECTIVE_OP_BARRIER, comm, kNoRoot, {},
                     setting(request, [=] { return PMPI_Ibarrier(comm, request); }));
}

int MPI_Ibcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Ibcast, OTF2_COLLECTIVE_OP_BCAST, comm, root, bcast_bytes(count, type, root, comm),
                     setting(request, [=] { return PMPI_Ibcast(buf, count, type, root, comm, request); }));
}

int MPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                MPI_Request* request)
{
  return nonblocking(
      Region::Ireduce, OTF2_COLLECTIVE_OP_REDUCE, comm, root, reduce_bytes(count, type, root, comm),
      setting(request, [=] { return PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request); }));
}

int MPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request* request)
{
  return nonblocking(Region::Iallreduce, OTF2_COLLECTIVE_OP_ALLREDUCE, comm, kNoRoot, all_bytes(count, type),
                     setting(request,
                             [=] { return PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request); }));
}

int MPI_Iscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
              MPI_Request* request)
{
  return nonblocking(Region::Iscan, OTF2_COLLECTIVE_OP_SCAN, comm, kNoRoot, all_bytes(count, type),
                     setting(request, [=] { return PMPI_Iscan(sendbuf, recvbuf, count, type, op, comm, request); }));
}

int MPI_Iexscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                MPI_Request* request)
{
  return nonblocking(Region::Iexscan, OTF2_COLLECTIVE_OP_EXSCAN, comm, kNoRoot, all_bytes(count, type),
                     setting(request, [=] { return PMPI_Iexscan(sendbuf, recvbuf, count, type, op, comm, request); }));
}

int MPI_Igather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Igather, OTF2_COLLECTIVE_OP_GATHER, comm, root,
                     gather_bytes(sendbuf, sendcount, sendtype, recvcount, recvtype, root, comm), setting(request, [=] {
                       return PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                                           request);
                     }));
}

int MPI_Igatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                 const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Igatherv, OTF2_COLLECTIVE_OP_GATHERV, comm, root,
                     gatherv_bytes(sendbuf, sendcount, sendtype, recvcounts, recvtype, root, comm),
                     setting(request, [=] {
                       return PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                                            comm, request);
                     }));
}

int MPI_Iscatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Iscatter, OTF2_COLLECTIVE_OP_SCATTER, comm, root,
                     scatter_bytes(sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm),
                     setting(request, [=] {
                       return PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                                            request);
                     }));
}

int MPI_Iscatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                  void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Iscatterv, OTF2_COLLECTIVE_OP_SCATTERV, comm, root,
                     scatterv_bytes(sendcounts, sendtype, recvbuf, recvcount, recvtype, root, comm),
                     setting(request, [=] {
                       return PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                                             comm, request);
                     }));
}

int MPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Iallgather, OTF2_COLLECTIVE_OP_ALLGATHER, comm, kNoRoot,
                     allgather_bytes(sendbuf, sendcount, sendtype, recvcount, recvtype, comm), setting(request, [=] {
                       return PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                              request);
                     }));
}

int MPI_Iallgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                    const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Iallgatherv, OTF2_COLLECTIVE_OP_ALLGATHERV, comm, kNoRoot,
                     allgatherv_bytes(sendbuf, sendcount, sendtype, recvcounts, recvtype, comm), setting(request, [=] {
                       return PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                               comm, request);
                     }));
}

int MPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Ialltoall, OTF2_COLLECTIVE_OP_ALLTOALL, comm, kNoRoot,
                     alltoall_bytes(sendbuf, sendcount, sendtype, recvcount, recvtype, comm), setting(request, [=] {
                       return PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
                     }));
}

int MPI_Ialltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                   void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request* request)
{
  return nonblocking(Region::Ialltoallv, OTF2_COLLECTIVE_OP_ALLTOALLV, comm, kNoRoot,
                     alltoallv_bytes(sendbuf, sendcounts, sendtype, recvcounts, recvtype, comm), setting(request, [=] {
                       return PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                              recvtype, comm, request);
                     }));
}

int MPI_Ialltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                   void* recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                   MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Ialltoallw, OTF2_COLLECTIVE_OP_ALLTOALLW, comm, kNoRoot,
                     alltoallw_bytes(sendbuf, sendcounts, sendtypes, recvcounts, recvtypes, comm),
                     setting(request, [=] {
                       return PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                              recvtypes, comm, request);
                     }));
}

int MPI_Ireduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Ireduce_scatter, OTF2_COLLECTIVE_OP_REDUCE_SCATTER, comm, kNoRoot,
                     reduce_scatter_bytes(recvcounts, type, comm), setting(request, [=] {
                       return PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm, request);
                     }));
}

int MPI_Ireduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                              MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Ireduce_scatter_block, OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK, comm, kNoRoot,
                     reduce_scatter_block_bytes(recvcount, type, comm), setting(request, [=] {
                       return PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm, request);
                     }));
}
