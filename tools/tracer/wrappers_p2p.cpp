// The C bindings of the point-to-point calls (traced_p2p.cpp records them).
#include "traced.hpp"
#include "wrap_support.hpp"

using namespace tracer;

namespace {

using BlockingSend = int (*)(const void*, int, MPI_Datatype, int, int, MPI_Comm);
using StartSend    = int (*)(const void*, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request*);

int c_send(Region region, BlockingSend call, const void* buf, int count, MPI_Datatype type, int dest, int tag,
           MPI_Comm comm)
{
  return send(region, comm, dest, tag, bytes(count, type), [&] { return call(buf, count, type, dest, tag, comm); });
}

int c_isend(Region region, StartSend call, const void* buf, int count, MPI_Datatype type, int dest, int tag,
            MPI_Comm comm, MPI_Request* request)
{
  return isend(region, comm, dest, tag, bytes(count, type),
               setting(request, [=] { return call(buf, count, type, dest, tag, comm, request); }));
}

int c_send_init(Region region, StartSend call, const void* buf, int count, MPI_Datatype type, int dest, int tag,
                MPI_Comm comm, MPI_Request* request)
{
  return persistent(region, false, comm, dest, tag, bytes(count, type),
                    setting(request, [=] { return call(buf, count, type, dest, tag, comm, request); }));
}

} // namespace

int MPI_Send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return c_send(Region::Send, PMPI_Send, buf, count, type, dest, tag, comm);
}

int MPI_Ssend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return c_send(Region::Ssend, PMPI_Ssend, buf, count, type, dest, tag, comm);
}

int MPI_Rsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return c_send(Region::Rsend, PMPI_Rsend, buf, count, type, dest, tag, comm);
}

int MPI_Bsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return c_send(Region::Bsend, PMPI_Bsend, buf, count, type, dest, tag, comm);
}

int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return c_isend(Region::Isend, PMPI_Isend, buf, count, type, dest, tag, comm, request);
}

int MPI_Issend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return c_isend(Region::Issend, PMPI_Issend, buf, count, type, dest, tag, comm, request);
}

int MPI_Irsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return c_isend(Region::Irsend, PMPI_Irsend, buf, count, type, dest, tag, comm, request);
}

int MPI_Ibsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return c_isend(Region::Ibsend, PMPI_Ibsend, buf, count, type, dest, tag, comm, request);
}

int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status* status)
{
  return recv(Region::Recv, comm, [&](MPI_Status& st) {
    return with_status(status, st, [&](MPI_Status* s) { return PMPI_Recv(buf, count, type, source, tag, comm, s); });
  });
}

int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* request)
{
  return irecv(Region::Irecv, comm,
               setting(request, [=] { return PMPI_Irecv(buf, count, type, source, tag, comm, request); }));
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status* status)
{
  return sendrecv(Region::Sendrecv, comm, dest, sendtag, bytes(sendcount, sendtype), [&](MPI_Status& st) {
    return with_status(status, st, [&](MPI_Status* s) {
      return PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag,
                           comm, s);
    });
  });
}

int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype type, int dest, int sendtag, int source, int recvtag,
                         MPI_Comm comm, MPI_Status* status)
{
  return sendrecv(Region::Sendrecv_replace, comm, dest, sendtag, bytes(count, type), [&](MPI_Status& st) {
    return with_status(status, st, [&](MPI_Status* s) {
      return PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, s);
    });
  });
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status)
{
  return region_only(Region::Probe, [&] { return PMPI_Probe(source, tag, comm, status); });
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status)
{
  struct {
    int source, tag;
    MPI_Comm comm;
    int* flag;
    MPI_Status* status;
  } a{source, tag, comm, flag, status};  // captured by one reference: no allocation in a polling loop
  return iprobe(comm, source, tag, [&a](int& found) {
    int rc = PMPI_Iprobe(a.source, a.tag, a.comm, a.flag, a.status);
    found  = *a.flag;
    return rc;
  });
}

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message* message, MPI_Status* status)
{
  return mprobe(Region::Mprobe, comm, [&](MPI_Message& matched, int&, MPI_Status&) {
    int rc  = PMPI_Mprobe(source, tag, comm, message, status);
    matched = *message;
    return rc;
  });
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int* flag, MPI_Message* message, MPI_Status* status)
{
  return mprobe(Region::Improbe, comm, [&](MPI_Message& matched, int& found, MPI_Status&) {
    int rc  = PMPI_Improbe(source, tag, comm, flag, message, status);
    matched = *message;
    found   = *flag;
    return rc;
  });
}

int MPI_Mrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message, MPI_Status* status)
{
  return mrecv(Region::Mrecv, *message, [&](MPI_Status& st) {
    return with_status(status, st, [&](MPI_Status* s) { return PMPI_Mrecv(buf, count, type, message, s); });
  });
}

int MPI_Imrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message, MPI_Request* request)
{
  return imrecv(Region::Imrecv, *message,
                setting(request, [=] { return PMPI_Imrecv(buf, count, type, message, request); }));
}

int MPI_Send_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return c_send_init(Region::Send_init, PMPI_Send_init, buf, count, type, dest, tag, comm, request);
}

int MPI_Ssend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request)
{
  return c_send_init(Region::Ssend_init, PMPI_Ssend_init, buf, count, type, dest, tag, comm, request);
}

int MPI_Rsend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request)
{
  return c_send_init(Region::Rsend_init, PMPI_Rsend_init, buf, count, type, dest, tag, comm, request);
}

int MPI_Bsend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request)
{
  return c_send_init(Region::Bsend_init, PMPI_Bsend_init, buf, count, type, dest, tag, comm, request);
}

int MPI_Recv_init(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* request)
{
  return persistent(Region::Recv_init, true, comm, source, tag, 0,
                    setting(request, [=] { return PMPI_Recv_init(buf, count, type, source, tag, comm, request); }));
}

int MPI_Start(MPI_Request* request)
{
  return start(Region::Start, {*request}, [&](std::vector<MPI_Request>& after) {
    int rc = PMPI_Start(request);
    after  = {*request};
    return rc;
  });
}

int MPI_Startall(int count, MPI_Request requests[])
{
  return start(Region::Startall, std::vector<MPI_Request>(requests, requests + count),
               [&](std::vector<MPI_Request>& after) {
                 int rc = PMPI_Startall(count, requests);
                 after.assign(requests, requests + count);
                 return rc;
               });
}

int MPI_Request_free(MPI_Request* request)
{
  return request_free(*request, [&] { return PMPI_Request_free(request); });
}

int MPI_Cancel(MPI_Request* request)
{
  return region_only(Region::Cancel, [&] { return PMPI_Cancel(request); });
}
