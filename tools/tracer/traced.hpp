// What the tracer records of each MPI call, whatever the language it was called from: the C wrappers
// (wrappers_*.cpp) and the Fortran ones (fortran_*.cpp) convert their arguments to C handles and hand over the call
// itself as a function that makes it in the caller's language and returns its error code. Each function here opens
// the call's region (Scope), writes its events around the call, and returns the call's error code.
#pragma once

#include "regions.hpp"

#include <mpi.h>
#include <otf2/otf2.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace tracer {

using Call          = std::function<int()>;
using CallStatus    = std::function<int(MPI_Status&)>;       // fills the status it is given
using CallRequest   = std::function<int(MPI_Request&)>;      // sets the request it started
using CallStatuses  = std::function<int(MPI_Status*)>;       // fills one status per request
using CallComm      = std::function<int(MPI_Comm&)>;         // sets the communicator it made
using CallStarts    = std::function<int(std::vector<MPI_Request>&)>;  // sets the handles after the starts
using CallMessage   = std::function<int(MPI_Message&, int& found, MPI_Status&)>;  // probes that match a message

/// After a successful MPI_Init or MPI_Init_thread (`region`): starts the trace (traced_setup.cpp).
void initialized(Region region);
/// In MPI_Finalize, before the call: its region, then the archive is written.
void finalizing();
int comm_free(MPI_Comm comm, const Call& call);

/// A call with nothing to record but its region (probes, request management, unreplayed calls).
int region_only(Region region, const Call& call);

// Point to point (traced_p2p.cpp). `bytes` is count x type size: what a derived datatype transfers.
int send(Region region, MPI_Comm comm, int dest, int tag, uint64_t bytes, const Call& call);
int isend(Region region, MPI_Comm comm, int dest, int tag, uint64_t bytes, const CallRequest& call);
int recv(Region region, MPI_Comm comm, const CallStatus& call);
int irecv(Region region, MPI_Comm comm, const CallRequest& call);
int sendrecv(Region region, MPI_Comm comm, int dest, int tag, uint64_t bytes, const CallStatus& call);
/// Mprobe / Improbe: remembers the matched message's communicator for its Mrecv / Imrecv.
int mprobe(Region region, MPI_Comm comm, const CallMessage& call);
/// Iprobe: a region, left out while a polling loop repeats it (Recorder::polling); `call(flag)` makes it.
int iprobe(MPI_Comm comm, int source, int tag, const std::function<int(int& flag)>& call);
/// Mrecv / Imrecv: `message` is the handle before the call (the call resets it).
int mrecv(Region region, MPI_Message message, const CallStatus& call);
int imrecv(Region region, MPI_Message message, const CallRequest& call);
/// Send_init, Ssend_init, Rsend_init, Bsend_init, Recv_init: each Start of the request is an isend (with the send
/// mode of its region: kSendMode) or irecv.
int persistent(Region region, bool receive, MPI_Comm comm, int peer, int tag, uint64_t bytes, const CallRequest& call);
/// MPI_Start or MPI_Startall of the handles `before`; `call` gives them back as they are after the call (Open MPI
/// gives a new handle to a start whose previous message is still in flight, as a buffered one may be).
int start(Region region, const std::vector<MPI_Request>& before, const CallStarts& call);
int request_free(MPI_Request request, const Call& call);

// Completions (traced_completion.cpp): `before` holds the requests as they were before the call.
int wait(MPI_Request before, const CallStatus& call);
int waitall(const std::vector<MPI_Request>& before, const CallStatuses& call);
int waitany(const std::vector<MPI_Request>& before, const std::function<int(int& index, MPI_Status&)>& call);
int waitsome(Region region, const std::vector<MPI_Request>& before,
             const std::function<int(int& outcount, int* indices, MPI_Status*)>& call);
int test(MPI_Request before, const std::function<int(int& flag, MPI_Status&)>& call);
int testall(const std::vector<MPI_Request>& before, const std::function<int(int& flag, MPI_Status*)>& call);
int testany(const std::vector<MPI_Request>& before, const std::function<int(int& index, int& flag, MPI_Status&)>& call);

// Collectives (traced_collectives.cpp): this rank's bytes sent and received, the root's rank in `comm`.
constexpr uint32_t kNoRoot = OTF2_UNDEFINED_UINT32;
struct CollBytes {
  uint64_t sent = 0, received = 0;
  uint32_t element = 0;  // a reduction's element: its datatype's bytes (0: not said), kElementBytes on the event
  std::vector<uint64_t> to = {};  // alltoallv, alltoallw: the bytes sent to each rank of the communicator (kSentTo)
};
int collective(Region region, OTF2_CollectiveOp op, MPI_Comm comm, uint32_t root, CollBytes bytes, const Call& call);
int nonblocking(Region region, OTF2_CollectiveOp op, MPI_Comm comm, uint32_t root, CollBytes bytes,
                const CallRequest& call);
/// A communicator creation, collective over `parent` (or over the new communicator's group for
/// Comm_create_group): the new communicator gets its reference (communicators.hpp), agreed on over `parent` when
/// `parent_group` (MPI_Comm_idup: the same members, and the new one is not to be used before its request completes).
int creation(Region region, MPI_Comm parent, const CallComm& call, bool parent_group = false);

// The bytes of each collective, from its C arguments (MPI_IN_PLACE as C's).
CollBytes bcast_bytes(int count, MPI_Datatype type, int root, MPI_Comm comm);
CollBytes reduce_bytes(int count, MPI_Datatype type, int root, MPI_Comm comm);
CollBytes all_bytes(int count, MPI_Datatype type);  // allreduce, scan, exscan
CollBytes gather_bytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount, MPI_Datatype recvtype,
                       int root, MPI_Comm comm);
CollBytes gatherv_bytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const int recvcounts[],
                        MPI_Datatype recvtype, int root, MPI_Comm comm);
CollBytes scatter_bytes(int sendcount, MPI_Datatype sendtype, const void* recvbuf, int recvcount, MPI_Datatype recvtype,
                        int root, MPI_Comm comm);
CollBytes scatterv_bytes(const int sendcounts[], MPI_Datatype sendtype, const void* recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm);
CollBytes allgather_bytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm);
CollBytes allgatherv_bytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const int recvcounts[],
                           MPI_Datatype recvtype, MPI_Comm comm);
CollBytes alltoall_bytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                         MPI_Datatype recvtype, MPI_Comm comm);
CollBytes alltoallv_bytes(const void* sendbuf, const int sendcounts[], MPI_Datatype sendtype, const int recvcounts[],
                          MPI_Datatype recvtype, MPI_Comm comm);
CollBytes alltoallw_bytes(const void* sendbuf, const int sendcounts[], const MPI_Datatype sendtypes[],
                          const int recvcounts[], const MPI_Datatype recvtypes[], MPI_Comm comm);
CollBytes reduce_scatter_bytes(const int recvcounts[], MPI_Datatype type, MPI_Comm comm);
CollBytes reduce_scatter_block_bytes(int recvcount, MPI_Datatype type, MPI_Comm comm);

} // namespace tracer
