// Point-to-point events to actions. Requests are followed from their start to their completion: an irecv and
// the tests of a receive are written where they happened, with the sender its completion names; each completion
// writes the `wait` of its own request. Sends inside MPI_Ssend / MPI_Issend are `ssend` / `issend`; the send and
// receive of one MPI_Sendrecv are one `sendrecv`.
#include "rank_state.hpp"

namespace otf2ti {
namespace {

OTF2_CallbackCode on_send(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                          uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t bytes)
{
  Rank& r = state(user);
  if (!r.check_time(position, time) || r.enter_p2p(position, comm, receiver) < 0)
    return verdict(r);
  r.emit((r.call == "MPI_Ssend" ? "ssend " : "send ") + fields(receiver, tag, bytes), comm);
  if (r.call == "MPI_Sendrecv")
    r.sendrecv = {static_cast<long>(r.out.lines.size() - 1), receiver, bytes};
  return verdict(r);
}

OTF2_CallbackCode on_recv(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                          uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t bytes)
{
  Rank& r = state(user);
  if (!r.check_time(position, time) || r.enter_p2p(position, comm, sender) < 0)
    return verdict(r);
  if (r.call == "MPI_Sendrecv" && r.sendrecv.line >= 0) {  // the call's send line becomes a sendrecv
    r.out.lines[static_cast<size_t>(r.sendrecv.line)] =
        std::to_string(r.rank) + " sendrecv " + fields(r.sendrecv.bytes, r.sendrecv.dst, bytes) + " " +
        std::to_string(sender) + r.suffix(comm);
    r.sendrecv.line = -1;
    return verdict(r);
  }
  r.emit("recv " + fields(sender, tag, bytes), comm);
  return verdict(r);
}

OTF2_CallbackCode on_isend(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                           uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t bytes, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  int me = r.enter_p2p(position, comm, receiver);
  if (me < 0)
    return OTF2_CALLBACK_INTERRUPT;
  r.emit((r.call == "MPI_Issend" ? "issend " : "isend ") + fields(receiver, tag, bytes), comm);
  Request q;
  q.src  = static_cast<uint32_t>(me);
  q.dst  = receiver;
  q.tag  = tag;
  q.comm = comm;
  r.requests[request] = q;
  return verdict(r);
}

OTF2_CallbackCode on_isend_complete(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                    OTF2_AttributeList*, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  std::optional<Request> q = r.finish_request(request, Request::Kind::Send);
  if (!q) {
    r.fail(position, "MpiIsendComplete of request " + std::to_string(request) + ", which no MpiIsend started");
    return OTF2_CALLBACK_INTERRUPT;
  }
  r.emit("wait " + fields(q->src, q->dst, q->tag), q->comm);
  return verdict(r);
}

OTF2_CallbackCode on_irecv_request(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                   OTF2_AttributeList*, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  r.start_request(request, Request::Kind::Receive);  // the irecv, once its completion says from whom
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_irecv(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                           uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t bytes, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  std::optional<Request> started = r.finish_request(request, Request::Kind::Receive);
  int me = r.enter_p2p(position, comm, sender, started ? static_cast<long>(started->line) : -1);
  if (me < 0)
    return OTF2_CALLBACK_INTERRUPT;
  if (started) {
    r.fill(started->line, "irecv " + fields(sender, tag, bytes), comm);
    for (size_t test : started->tests)
      r.fill(test, "test " + fields(sender, static_cast<uint64_t>(me), tag), comm);
  } else {
    r.emit("irecv " + fields(sender, tag, bytes), comm);  // a writer without MpiIrecvRequest: posted here
  }
  r.emit("wait " + fields(sender, static_cast<uint64_t>(me), tag), comm);
  return verdict(r);
}

OTF2_CallbackCode on_request_test(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                  OTF2_AttributeList*, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  auto it = r.requests.find(request);
  if (it == r.requests.end())
    return verdict(r);
  Request& q = it->second;
  if (q.kind == Request::Kind::Send)
    r.emit("test " + fields(q.src, q.dst, q.tag), q.comm);
  else if (q.kind == Request::Kind::Receive)
    q.tests.push_back(r.placeholder());
  return verdict(r);
}

} // namespace

void set_p2p_callbacks(OTF2_EvtReaderCallbacks* cb)
{
  OTF2_EvtReaderCallbacks_SetMpiSendCallback(cb, on_send);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback(cb, on_recv);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback(cb, on_isend);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback(cb, on_isend_complete);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback(cb, on_irecv_request);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback(cb, on_irecv);
  OTF2_EvtReaderCallbacks_SetMpiRequestTestCallback(cb, on_request_test);
}

} // namespace otf2ti
