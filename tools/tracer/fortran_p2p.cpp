// The Fortran bindings of the point-to-point calls (fortran_support.hpp; traced_p2p.cpp records them).
#include "fortran_support.hpp"
#include "wrap_support.hpp"

using namespace tracer;

namespace {

uint64_t fbytes(Int count, Int type) { return bytes(*count, type_of(type)); }

/// The call of a binding that fills `*status` (one status).
template <class F>
CallStatus filling(Int status, Int ierr, F call)
{
  return [status, ierr, call](MPI_Status& st) {
    FortranStatuses f(status, 1);
    call(f.get());
    f.to_c(&st, 1);
    return *ierr;
  };
}

} // namespace

#define TRACER_FORTRAN_SEND(lower, upper, Name)                                                                       \
  FORTRAN_ENTRY(lower, upper, (Buf buf, Int count, Int type, Int dest, Int tag, Int comm, Int ierr))                 \
  {                                                                                                                   \
    send(Region::Name, comm_of(comm), *dest, *tag, fbytes(count, type), [=] {                                         \
      real_##lower()(buf, count, type, dest, tag, comm, ierr);                                                        \
      return *ierr;                                                                                                   \
    });                                                                                                               \
  }
TRACER_FORTRAN_SEND(send, MPI_SEND, Send)
TRACER_FORTRAN_SEND(ssend, MPI_SSEND, Ssend)
TRACER_FORTRAN_SEND(rsend, MPI_RSEND, Rsend)
TRACER_FORTRAN_SEND(bsend, MPI_BSEND, Bsend)

#define TRACER_FORTRAN_ISEND(lower, upper, Name)                                                                      \
  FORTRAN_ENTRY(lower, upper, (Buf buf, Int count, Int type, Int dest, Int tag, Int comm, Int request, Int ierr))    \
  {                                                                                                                   \
    isend(Region::Name, comm_of(comm), *dest, *tag, fbytes(count, type),                                             \
          starting(request, ierr, [=] { real_##lower()(buf, count, type, dest, tag, comm, request, ierr); }));       \
  }
TRACER_FORTRAN_ISEND(isend, MPI_ISEND, Isend)
TRACER_FORTRAN_ISEND(issend, MPI_ISSEND, Issend)
TRACER_FORTRAN_ISEND(irsend, MPI_IRSEND, Irsend)
TRACER_FORTRAN_ISEND(ibsend, MPI_IBSEND, Ibsend)

#define TRACER_FORTRAN_SEND_INIT(lower, upper, Name)                                                                  \
  FORTRAN_ENTRY(lower, upper, (Buf buf, Int count, Int type, Int dest, Int tag, Int comm, Int request, Int ierr))    \
  {                                                                                                                   \
    persistent(Region::Name, false, comm_of(comm), *dest, *tag, fbytes(count, type),                                 \
               starting(request, ierr, [=] { real_##lower()(buf, count, type, dest, tag, comm, request, ierr); }));  \
  }
TRACER_FORTRAN_SEND_INIT(send_init, MPI_SEND_INIT, Send_init)
TRACER_FORTRAN_SEND_INIT(ssend_init, MPI_SSEND_INIT, Ssend_init)
TRACER_FORTRAN_SEND_INIT(rsend_init, MPI_RSEND_INIT, Rsend_init)
TRACER_FORTRAN_SEND_INIT(bsend_init, MPI_BSEND_INIT, Bsend_init)

FORTRAN_ENTRY(recv_init, MPI_RECV_INIT, (Buf buf, Int count, Int type, Int source, Int tag, Int comm, Int request,
                                         Int ierr))
{
  persistent(Region::Recv_init, true, comm_of(comm), *source, *tag, 0,
             starting(request, ierr, [=] { real_recv_init()(buf, count, type, source, tag, comm, request, ierr); }));
}

FORTRAN_ENTRY(recv, MPI_RECV, (Buf buf, Int count, Int type, Int source, Int tag, Int comm, Int status, Int ierr))
{
  recv(Region::Recv, comm_of(comm),
       filling(status, ierr, [=](Int s) { real_recv()(buf, count, type, source, tag, comm, s, ierr); }));
}

FORTRAN_ENTRY(irecv, MPI_IRECV, (Buf buf, Int count, Int type, Int source, Int tag, Int comm, Int request, Int ierr))
{
  irecv(Region::Irecv, comm_of(comm),
        starting(request, ierr, [=] { real_irecv()(buf, count, type, source, tag, comm, request, ierr); }));
}

FORTRAN_ENTRY(sendrecv, MPI_SENDRECV, (Buf sendbuf, Int sendcount, Int sendtype, Int dest, Int sendtag, Buf recvbuf,
                                       Int recvcount, Int recvtype, Int source, Int recvtag, Int comm, Int status,
                                       Int ierr))
{
  sendrecv(Region::Sendrecv, comm_of(comm), *dest, *sendtag, fbytes(sendcount, sendtype),
           filling(status, ierr, [=](Int s) {
             real_sendrecv()(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
                             recvtag, comm, s, ierr);
           }));
}

FORTRAN_ENTRY(sendrecv_replace, MPI_SENDRECV_REPLACE, (Buf buf, Int count, Int type, Int dest, Int sendtag,
                                                       Int source, Int recvtag, Int comm, Int status, Int ierr))
{
  sendrecv(Region::Sendrecv_replace, comm_of(comm), *dest, *sendtag, fbytes(count, type),
           filling(status, ierr, [=](Int s) {
             real_sendrecv_replace()(buf, count, type, dest, sendtag, source, recvtag, comm, s, ierr);
           }));
}

FORTRAN_ENTRY(probe, MPI_PROBE, (Int source, Int tag, Int comm, Int status, Int ierr))
{
  region_only(Region::Probe, [=] {
    real_probe()(source, tag, comm, status, ierr);
    return *ierr;
  });
}

FORTRAN_ENTRY(iprobe, MPI_IPROBE, (Int source, Int tag, Int comm, Int flag, Int status, Int ierr))
{
  iprobe(comm_of(comm), *source, *tag, [=](int& found) {
    real_iprobe()(source, tag, comm, flag, status, ierr);
    found = *flag;
    return *ierr;
  });
}

FORTRAN_ENTRY(mprobe, MPI_MPROBE, (Int source, Int tag, Int comm, Int message, Int status, Int ierr))
{
  mprobe(Region::Mprobe, comm_of(comm), [=](MPI_Message& matched, int&, MPI_Status&) {
    real_mprobe()(source, tag, comm, message, status, ierr);
    matched = PMPI_Message_f2c(*message);
    return *ierr;
  });
}

FORTRAN_ENTRY(improbe, MPI_IMPROBE, (Int source, Int tag, Int comm, Int flag, Int message, Int status, Int ierr))
{
  mprobe(Region::Improbe, comm_of(comm), [=](MPI_Message& matched, int& found, MPI_Status&) {
    real_improbe()(source, tag, comm, flag, message, status, ierr);
    found   = *flag;
    matched = found ? PMPI_Message_f2c(*message) : MPI_MESSAGE_NULL;
    return *ierr;
  });
}

FORTRAN_ENTRY(mrecv, MPI_MRECV, (Buf buf, Int count, Int type, Int message, Int status, Int ierr))
{
  mrecv(Region::Mrecv, PMPI_Message_f2c(*message),
        filling(status, ierr, [=](Int s) { real_mrecv()(buf, count, type, message, s, ierr); }));
}

FORTRAN_ENTRY(imrecv, MPI_IMRECV, (Buf buf, Int count, Int type, Int message, Int request, Int ierr))
{
  imrecv(Region::Imrecv, PMPI_Message_f2c(*message),
         starting(request, ierr, [=] { real_imrecv()(buf, count, type, message, request, ierr); }));
}

FORTRAN_ENTRY(start, MPI_START, (Int request, Int ierr))
{
  start(Region::Start, {request_of(request)}, [=](std::vector<MPI_Request>& after) {
    real_start()(request, ierr);
    after = {request_of(request)};
    return *ierr;
  });
}

FORTRAN_ENTRY(startall, MPI_STARTALL, (Int count, Int requests, Int ierr))
{
  start(Region::Startall, requests_of(count, requests), [=](std::vector<MPI_Request>& after) {
    real_startall()(count, requests, ierr);
    after = requests_of(count, requests);
    return *ierr;
  });
}

FORTRAN_ENTRY(request_free, MPI_REQUEST_FREE, (Int request, Int ierr))
{
  request_free(request_of(request), [=] {
    real_request_free()(request, ierr);
    return *ierr;
  });
}

FORTRAN_ENTRY(cancel, MPI_CANCEL, (Int request, Int ierr))
{
  region_only(Region::Cancel, [=] {
    real_cancel()(request, ierr);
    return *ierr;
  });
}
