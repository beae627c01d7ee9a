// Point-to-point calls: MpiSend / MpiRecv for blocking ones, MpiIsend / MpiIrecvRequest for non-blocking starts.
#include "wrap_support.hpp"

using namespace tracer;

namespace {

int blocking_send(Region region, int (*call)(const void*, int, MPI_Datatype, int, int, MPI_Comm), const void* buf,
                  int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  Scope scope(region);
  if (scope.on() && dest != MPI_PROC_NULL && ref(comm) != OTF2_UNDEFINED_COMM)
    OTF2_EvtWriter_MpiSend(out(), nullptr, now(), static_cast<uint32_t>(dest), ref(comm), static_cast<uint32_t>(tag),
                           bytes(count, type));
  return call(buf, count, type, dest, tag, comm);
}

int start_send(Region region, int (*call)(const void*, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request*),
               const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  Scope scope(region);
  int rc = call(buf, count, type, dest, tag, comm, request);
  if (scope.on() && rc == MPI_SUCCESS && dest != MPI_PROC_NULL && ref(comm) != OTF2_UNDEFINED_COMM) {
    uint64_t id = recorder().requests.started(*request, false, ref(comm));
    OTF2_EvtWriter_MpiIsend(out(), nullptr, now(), static_cast<uint32_t>(dest), ref(comm),
                            static_cast<uint32_t>(tag), bytes(count, type), id);
  }
  return rc;
}

void write_recv(MPI_Comm comm, const MPI_Status& status)
{
  if (status.MPI_SOURCE == MPI_PROC_NULL || ref(comm) == OTF2_UNDEFINED_COMM)
    return;
  int received = 0;
  PMPI_Get_count(&status, MPI_BYTE, &received);
  OTF2_EvtWriter_MpiRecv(out(), nullptr, now(), static_cast<uint32_t>(status.MPI_SOURCE), ref(comm),
                         static_cast<uint32_t>(status.MPI_TAG), static_cast<uint64_t>(received));
}

} // namespace

int MPI_Send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return blocking_send(Region::Send, PMPI_Send, buf, count, type, dest, tag, comm);
}

int MPI_Ssend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return blocking_send(Region::Ssend, PMPI_Ssend, buf, count, type, dest, tag, comm);
}

int MPI_Rsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return blocking_send(Region::Rsend, PMPI_Rsend, buf, count, type, dest, tag, comm);
}

int MPI_Bsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return blocking_send(Region::Bsend, PMPI_Bsend, buf, count, type, dest, tag, comm);
}

int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return start_send(Region::Isend, PMPI_Isend, buf, count, type, dest, tag, comm, request);
}

int MPI_Issend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return start_send(Region::Issend, PMPI_Issend, buf, count, type, dest, tag, comm, request);
}

int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status* status)
{
  Scope scope(Region::Recv);
  Statuses st(status, 1);
  int rc         = PMPI_Recv(buf, count, type, source, tag, comm, st.get());
  if (scope.on() && rc == MPI_SUCCESS)
    write_recv(comm, *st.get());
  return rc;
}

int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* request)
{
  Scope scope(Region::Irecv);
  int rc = PMPI_Irecv(buf, count, type, source, tag, comm, request);
  if (scope.on() && rc == MPI_SUCCESS && source != MPI_PROC_NULL && ref(comm) != OTF2_UNDEFINED_COMM)
    OTF2_EvtWriter_MpiIrecvRequest(out(), nullptr, now(), recorder().requests.started(*request, true, ref(comm)));
  return rc;
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status* status)
{
  Scope scope(Region::Sendrecv);
  bool on = scope.on() && ref(comm) != OTF2_UNDEFINED_COMM;
  if (on && dest != MPI_PROC_NULL)
    OTF2_EvtWriter_MpiSend(out(), nullptr, now(), static_cast<uint32_t>(dest), ref(comm),
                           static_cast<uint32_t>(sendtag), bytes(sendcount, sendtype));
  Statuses st(status, 1);
  int rc = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag,
                         comm, st.get());
  if (on && rc == MPI_SUCCESS)
    write_recv(comm, *st.get());
  return rc;
}
