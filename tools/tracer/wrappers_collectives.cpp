// Collectives: MpiCollectiveBegin / MpiCollectiveEnd with the root (its rank in the communicator) and the bytes
// this rank sends and receives: its own buffers' sizes (for a root, what it sends to or gets from everyone).
// Non-blocking ones: NonBlockingCollectiveRequest, then NonBlockingCollectiveComplete where a wait completes them.
#include "wrap_support.hpp"

#include <numeric>

using namespace tracer;

namespace {

constexpr uint32_t kNoRoot = OTF2_UNDEFINED_UINT32;

template <class Call>
int collective(Region region, OTF2_CollectiveOp op, MPI_Comm comm, uint32_t root, uint64_t sent, uint64_t received,
               Call call)
{
  Scope scope(region);
  bool on = scope.on() && ref(comm) != OTF2_UNDEFINED_COMM;
  if (on)
    OTF2_EvtWriter_MpiCollectiveBegin(out(), nullptr, now());
  int rc = call();
  if (on)
    OTF2_EvtWriter_MpiCollectiveEnd(out(), nullptr, now(), op, ref(comm), root, sent, received);
  return rc;
}

template <class Call>
int nonblocking(Region region, OTF2_CollectiveOp op, MPI_Comm comm, uint32_t root, uint64_t sent, uint64_t received,
                MPI_Request* request, Call call)
{
  Scope scope(region);
  int rc = call();
  if (scope.on() && rc == MPI_SUCCESS && ref(comm) != OTF2_UNDEFINED_COMM)
    OTF2_EvtWriter_NonBlockingCollectiveRequest(
        out(), nullptr, now(), recorder().requests.started_collective(*request, op, ref(comm), root, sent, received));
  return rc;
}

uint64_t total(const int counts[], int n)
{
  return counts == nullptr ? 0 : static_cast<uint64_t>(std::accumulate(counts, counts + n, 0L));
}

bool is_root(int root, MPI_Comm comm) { return root == comm_rank(comm); }

} // namespace

int MPI_Barrier(MPI_Comm comm)
{
  return collective(Region::Barrier, OTF2_COLLECTIVE_OP_BARRIER, comm, kNoRoot, 0, 0, [&] { return PMPI_Barrier(comm); });
}

int MPI_Bcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
  uint64_t n = bytes(count, type);
  return collective(Region::Bcast, OTF2_COLLECTIVE_OP_BCAST, comm, root, is_root(root, comm) ? n : 0, n,
                    [&] { return PMPI_Bcast(buf, count, type, root, comm); });
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
  uint64_t n = bytes(count, type);
  return collective(Region::Reduce, OTF2_COLLECTIVE_OP_REDUCE, comm, root, n, is_root(root, comm) ? n : 0,
                    [&] { return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm); });
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  uint64_t n = bytes(count, type);
  return collective(Region::Allreduce, OTF2_COLLECTIVE_OP_ALLREDUCE, comm, kNoRoot, n, n,
                    [&] { return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  uint64_t n = bytes(count, type);
  return collective(Region::Scan, OTF2_COLLECTIVE_OP_SCAN, comm, kNoRoot, n, n,
                    [&] { return PMPI_Scan(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  uint64_t n = bytes(count, type);
  return collective(Region::Exscan, OTF2_COLLECTIVE_OP_EXSCAN, comm, kNoRoot, n, n,
                    [&] { return PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  bool me        = is_root(root, comm);
  uint64_t mine  = sendbuf == MPI_IN_PLACE ? bytes(recvcount, recvtype) : bytes(sendcount, sendtype);
  uint64_t whole = me ? bytes(recvcount, recvtype) * static_cast<uint64_t>(comm_size(comm)) : 0;
  return collective(Region::Gather, OTF2_COLLECTIVE_OP_GATHER, comm, root, mine, whole, [&] {
    return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  });
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  bool me       = is_root(root, comm);
  uint64_t mine = sendbuf == MPI_IN_PLACE ? bytes(recvcounts[root], recvtype) : bytes(sendcount, sendtype);
  uint64_t all  = me ? bytes(static_cast<long>(total(recvcounts, comm_size(comm))), recvtype) : 0;
  return collective(Region::Gatherv, OTF2_COLLECTIVE_OP_GATHERV, comm, root, mine, all, [&] {
    return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
  });
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  bool me        = is_root(root, comm);
  uint64_t mine  = recvbuf == MPI_IN_PLACE ? bytes(sendcount, sendtype) : bytes(recvcount, recvtype);
  uint64_t whole = me ? bytes(sendcount, sendtype) * static_cast<uint64_t>(comm_size(comm)) : 0;
  return collective(Region::Scatter, OTF2_COLLECTIVE_OP_SCATTER, comm, root, whole, mine, [&] {
    return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  });
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                 void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  bool me       = is_root(root, comm);
  uint64_t mine = recvbuf == MPI_IN_PLACE ? bytes(sendcounts[root], sendtype) : bytes(recvcount, recvtype);
  uint64_t all  = me ? bytes(static_cast<long>(total(sendcounts, comm_size(comm))), sendtype) : 0;
  return collective(Region::Scatterv, OTF2_COLLECTIVE_OP_SCATTERV, comm, root, all, mine, [&] {
    return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
  });
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm)
{
  uint64_t mine = sendbuf == MPI_IN_PLACE ? bytes(recvcount, recvtype) : bytes(sendcount, sendtype);
  uint64_t all  = bytes(recvcount, recvtype) * static_cast<uint64_t>(comm_size(comm));
  return collective(Region::Allgather, OTF2_COLLECTIVE_OP_ALLGATHER, comm, kNoRoot, mine, all, [&] {
    return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  });
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
  uint64_t mine = sendbuf == MPI_IN_PLACE ? bytes(recvcounts[comm_rank(comm)], recvtype) : bytes(sendcount, sendtype);
  uint64_t all  = bytes(static_cast<long>(total(recvcounts, comm_size(comm))), recvtype);
  return collective(Region::Allgatherv, OTF2_COLLECTIVE_OP_ALLGATHERV, comm, kNoRoot, mine, all, [&] {
    return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
  });
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm)
{
  uint64_t P        = static_cast<uint64_t>(comm_size(comm));
  uint64_t received = bytes(recvcount, recvtype) * P;
  uint64_t sent     = sendbuf == MPI_IN_PLACE ? received : bytes(sendcount, sendtype) * P;
  return collective(Region::Alltoall, OTF2_COLLECTIVE_OP_ALLTOALL, comm, kNoRoot, sent, received, [&] {
    return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  });
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
  int P             = comm_size(comm);
  uint64_t received = bytes(static_cast<long>(total(recvcounts, P)), recvtype);
  uint64_t sent = sendbuf == MPI_IN_PLACE ? received : bytes(static_cast<long>(total(sendcounts, P)), sendtype);
  return collective(Region::Alltoallv, OTF2_COLLECTIVE_OP_ALLTOALLV, comm, kNoRoot, sent, received, [&] {
    return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
  });
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm)
{
  uint64_t sent     = bytes(static_cast<long>(total(recvcounts, comm_size(comm))), type);
  uint64_t received = bytes(recvcounts[comm_rank(comm)], type);
  return collective(Region::Reduce_scatter, OTF2_COLLECTIVE_OP_REDUCE_SCATTER, comm, kNoRoot, sent, received,
                    [&] { return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm); });
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm)
{
  uint64_t received = bytes(recvcount, type);
  return collective(Region::Reduce_scatter_block, OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK, comm, kNoRoot,
                    received * static_cast<uint64_t>(comm_size(comm)), received,
                    [&] { return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm); });
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request)
{
  return nonblocking(Region::Ibarrier, OTF2_COLLECTIVE_OP_BARRIER, comm, kNoRoot, 0, 0, request,
                     [&] { return PMPI_Ibarrier(comm, request); });
}

int MPI_Ibcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request* request)
{
  uint64_t n = bytes(count, type);
  return nonblocking(Region::Ibcast, OTF2_COLLECTIVE_OP_BCAST, comm, root, is_root(root, comm) ? n : 0, n, request,
                     [&] { return PMPI_Ibcast(buf, count, type, root, comm, request); });
}

int MPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                MPI_Request* request)
{
  uint64_t n = bytes(count, type);
  return nonblocking(Region::Ireduce, OTF2_COLLECTIVE_OP_REDUCE, comm, root, n, is_root(root, comm) ? n : 0, request,
                     [&] { return PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request); });
}

int MPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request* request)
{
  uint64_t n = bytes(count, type);
  return nonblocking(Region::Iallreduce, OTF2_COLLECTIVE_OP_ALLREDUCE, comm, kNoRoot, n, n, request,
                     [&] { return PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request); });
}
