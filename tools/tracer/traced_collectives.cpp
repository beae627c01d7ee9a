// Collectives: MpiCollectiveBegin / MpiCollectiveEnd with the root (its rank in the communicator) and the bytes
// this rank sends and receives: its own buffers' sizes (for a root, what it sends to or gets from everyone).
// Non-blocking ones: NonBlockingCollectiveRequest, then NonBlockingCollectiveComplete where a wait completes them.
#include "global_definitions.hpp"
#include "traced.hpp"
#include "wrap_support.hpp"

#include <memory>
#include <numeric>

namespace tracer {
namespace {

uint64_t total(const int counts[], int n)
{
  return counts == nullptr ? 0 : static_cast<uint64_t>(std::accumulate(counts, counts + n, 0L));
}

uint64_t sum_bytes(const int counts[], MPI_Datatype type, int n)
{
  return bytes(static_cast<long>(total(counts, n)), type);
}

bool is_root(int root, MPI_Comm comm) { return root == comm_rank(comm); }

/// Whether the tracer records calls on `comm` (not an intercommunicator, whose count arrays are the remote
/// group's): the per-member counts are read only then.
bool counted(MPI_Comm comm) { return ref(comm) != OTF2_UNDEFINED_COMM; }

uint64_t size_of(MPI_Comm comm) { return static_cast<uint64_t>(comm_size(comm)); }

} // namespace

int collective(Region region, OTF2_CollectiveOp op, MPI_Comm comm, uint32_t root, CollBytes b, const Call& call)
{
  Scope scope(region);
  bool on = scope.on() && known(region, comm);
  if (on)
    OTF2_EvtWriter_MpiCollectiveBegin(out(), nullptr, now());
  int rc = call();
  if (on) {
    // OTF2 empties the list once the event is written: one list serves every call of the thread
    thread_local std::unique_ptr<OTF2_AttributeList, decltype(&OTF2_AttributeList_Delete)> attributes(
        OTF2_AttributeList_New(), OTF2_AttributeList_Delete);
    bool any = attributes != nullptr && (b.element > 0 || !b.to.empty());
    if (any && b.element > 0)
      OTF2_AttributeList_AddUint32(attributes.get(), kElementBytes, b.element);
    if (any)
      add_sent_to(attributes.get(), b.to);
    OTF2_EvtWriter_MpiCollectiveEnd(out(), any ? attributes.get() : nullptr, now(), op, ref(comm), root, b.sent,
                                    b.received);
  }
  return rc;
}

int nonblocking(Region region, OTF2_CollectiveOp op, MPI_Comm comm, uint32_t root, CollBytes b,
                const CallRequest& call)
{
  Scope scope(region);
  MPI_Request request = MPI_REQUEST_NULL;
  int rc              = call(request);
  if (scope.on() && rc == MPI_SUCCESS && known(region, comm)) {
    uint64_t id = recorder().requests.started_collective(request, op, ref(comm), root, b.sent, b.received, b.to);
    OTF2_EvtWriter_NonBlockingCollectiveRequest(out(), nullptr, now(), id);
  }
  return rc;
}

CollBytes bcast_bytes(int count, MPI_Datatype type, int root, MPI_Comm comm)
{
  uint64_t n = bytes(count, type);
  return {is_root(root, comm) ? n : 0, n};
}

CollBytes reduce_bytes(int count, MPI_Datatype type, int root, MPI_Comm comm)
{
  uint64_t n = bytes(count, type);
  return {n, is_root(root, comm) ? n : 0, static_cast<uint32_t>(bytes(1, type))};
}

CollBytes all_bytes(int count, MPI_Datatype type)
{
  return {bytes(count, type), bytes(count, type), static_cast<uint32_t>(bytes(1, type))};
}

CollBytes gather_bytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount, MPI_Datatype recvtype,
                       int root, MPI_Comm comm)
{
  uint64_t mine = sendbuf == MPI_IN_PLACE ? bytes(recvcount, recvtype) : bytes(sendcount, sendtype);
  return {mine, is_root(root, comm) ? bytes(recvcount, recvtype) * size_of(comm) : 0};
}

CollBytes gatherv_bytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const int recvcounts[],
                        MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  if (!counted(comm))
    return {};
  bool me       = is_root(root, comm);
  uint64_t mine = sendbuf == MPI_IN_PLACE ? bytes(recvcounts[root], recvtype) : bytes(sendcount, sendtype);
  return {mine, me ? sum_bytes(recvcounts, recvtype, comm_size(comm)) : 0};
}

CollBytes scatter_bytes(int sendcount, MPI_Datatype sendtype, const void* recvbuf, int recvcount, MPI_Datatype recvtype,
                        int root, MPI_Comm comm)
{
  uint64_t mine = recvbuf == MPI_IN_PLACE ? bytes(sendcount, sendtype) : bytes(recvcount, recvtype);
  return {is_root(root, comm) ? bytes(sendcount, sendtype) * size_of(comm) : 0, mine};
}

CollBytes scatterv_bytes(const int sendcounts[], MPI_Datatype sendtype, const void* recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  if (!counted(comm))
    return {};
  bool me       = is_root(root, comm);
  uint64_t mine = recvbuf == MPI_IN_PLACE ? bytes(sendcounts[root], sendtype) : bytes(recvcount, recvtype);
  return {me ? sum_bytes(sendcounts, sendtype, comm_size(comm)) : 0, mine};
}

CollBytes allgather_bytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm)
{
  uint64_t mine = sendbuf == MPI_IN_PLACE ? bytes(recvcount, recvtype) : bytes(sendcount, sendtype);
  return {mine, bytes(recvcount, recvtype) * size_of(comm)};
}

CollBytes allgatherv_bytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const int recvcounts[],
                           MPI_Datatype recvtype, MPI_Comm comm)
{
  if (!counted(comm))
    return {};
  uint64_t mine = sendbuf == MPI_IN_PLACE ? bytes(recvcounts[comm_rank(comm)], recvtype) : bytes(sendcount, sendtype);
  return {mine, sum_bytes(recvcounts, recvtype, comm_size(comm))};
}

CollBytes alltoall_bytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                         MPI_Datatype recvtype, MPI_Comm comm)
{
  uint64_t received = bytes(recvcount, recvtype) * size_of(comm);
  return {sendbuf == MPI_IN_PLACE ? received : bytes(sendcount, sendtype) * size_of(comm), received};
}

CollBytes alltoallv_bytes(const void* sendbuf, const int sendcounts[], MPI_Datatype sendtype, const int recvcounts[],
                          MPI_Datatype recvtype, MPI_Comm comm)
{
  if (!counted(comm))
    return {};
  uint64_t received = sum_bytes(recvcounts, recvtype, comm_size(comm));
  CollBytes b{sendbuf == MPI_IN_PLACE ? received : sum_bytes(sendcounts, sendtype, comm_size(comm)), received};
  for (int i = 0; i < comm_size(comm); i++)  // in place, each rank sends what it receives from it
    b.to.push_back(sendbuf == MPI_IN_PLACE ? bytes(recvcounts[i], recvtype) : bytes(sendcounts[i], sendtype));
  return b;
}

CollBytes alltoallw_bytes(const void* sendbuf, const int sendcounts[], const MPI_Datatype sendtypes[],
                          const int recvcounts[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
  if (!counted(comm))
    return {};
  CollBytes b;
  for (int i = 0; i < comm_size(comm); i++) {
    b.received += bytes(recvcounts[i], recvtypes[i]);
    b.to.push_back(sendbuf == MPI_IN_PLACE ? bytes(recvcounts[i], recvtypes[i]) : bytes(sendcounts[i], sendtypes[i]));
    b.sent += b.to.back();
  }
  return b;
}

CollBytes reduce_scatter_bytes(const int recvcounts[], MPI_Datatype type, MPI_Comm comm)
{
  if (!counted(comm))
    return {};
  return {sum_bytes(recvcounts, type, comm_size(comm)), bytes(recvcounts[comm_rank(comm)], type)};
}

CollBytes reduce_scatter_block_bytes(int recvcount, MPI_Datatype type, MPI_Comm comm)
{
  return {bytes(recvcount, type) * size_of(comm), bytes(recvcount, type)};
}

} // namespace tracer
