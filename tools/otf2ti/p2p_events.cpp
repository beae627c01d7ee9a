// Point-to-point events to actions. Requests are followed from their start to their completion: an irecv and
// the tests of a receive are written where they happened, with the sender its completion names; each completion
// writes the `wait` of its own request, once (a second completion of a request is an error). Sends inside MPI_Ssend /
// MPI_Issend (and the starts of MPI_Ssend_init's requests) are `ssend` / `issend`; those inside MPI_Bsend /
// MPI_Ibsend (and the starts of MPI_Bsend_init's requests) are `bsend` / `ibsend`, which the replay completes once
// the message is buffered (an ibsend's wait: Rank::buffered); ready sends are standard ones (MPI_Rsend, MPI_Irsend
// and MPI_Rsend_init's starts: `send` / `isend`). The send and receive of one MPI_Sendrecv (or
// MPI_Sendrecv_replace) are one `sendrecv` with both tags, a half to or from MPI_PROC_NULL written as `null`. A
// cancelled request leaves no action; so does an operation whose peer is no rank (MPI_PROC_NULL), counted under the
// call that started it.
#include "rank_state.hpp"

namespace otf2ti {
namespace {

bool in_sendrecv(const Rank& r) { return r.call == "MPI_Sendrecv" || r.call == "MPI_Sendrecv_replace"; }

/// Whether a send in flight other than `q` has its key (ranks, tag, communicator). The replay keeps SMPI's rule
/// for requests sharing a key: a test puts the request it tests behind the others of its key, a wait takes the
/// first. With two sends of one key in flight, a test line would make the key's next wait wait for the other one
/// (MUMPS frees its sends with MPI_Test: its replay deadlocked). Such tests are left out, so that the key's waits
/// take its requests oldest first, as MPI matches them.
/// The completion of a request (`src dst tag`): a `wait`, after a `test` when a test completed it (so that the
/// replay's test, finding it complete, resets SMPI's injected test time as the traced run's test did), unless
/// another request of its key is in flight (send_key_shared).
/// `order` and `key`: the request's, for Rank::index_waits.
void complete(Rank& r, uint64_t order, const SendKey& key, bool key_shared = false)
{
  auto [src, dst, tag, comm] = key;
  if (r.call.rfind("MPI_Test", 0) == 0 && !key_shared) {
    r.emit("test " + fields(src, dst, tag), comm);
    r.track(r.out.lines.size() - 1, TrackedLine::Role::Test, order, key);
  }
  r.emit("wait " + fields(src, dst, tag), comm);
  r.track(r.out.lines.size() - 1, TrackedLine::Role::Wait, order, key);
}

/// An event with MPI_PROC_NULL as its peer: no action, counted under the call under way.
bool skip_null_peer(Rank& r, uint32_t peer)
{
  if (!no_rank(peer))
    return false;
  r.null_peer(r.call);
  return true;
}

/// A sendrecv's peer: a rank, or `null` for MPI_PROC_NULL.
std::string peer_field(bool null, uint64_t peer) { return null ? "null" : std::to_string(peer); }

/// `sendrecv send_bytes dst recv_bytes src [sendtag=T] [recvtag=T]`: a `null` half moves 0 bytes; tags other than 0
/// are written.
std::string sendrecv_action(bool send_null, uint64_t dst, uint64_t send_bytes, uint64_t send_tag, bool recv_null,
                            uint64_t src, uint64_t recv_bytes, uint64_t recv_tag)
{
  std::string action = "sendrecv " + std::to_string(send_null ? 0 : send_bytes) + " " + peer_field(send_null, dst) +
                       " " + std::to_string(recv_null ? 0 : recv_bytes) + " " + peer_field(recv_null, src);
  if (!send_null && send_tag != 0)
    action += " sendtag=" + std::to_string(send_tag);
  if (!recv_null && recv_tag != 0)
    action += " recvtag=" + std::to_string(static_cast<int32_t>(recv_tag));
  return action;
}

OTF2_CallbackCode on_send(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                          uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t bytes)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  if (in_sendrecv(r) && no_rank(receiver)) {  // known once its receive half is: counted, or a sendrecv with `null`
    r.sendrecv.send_null = true;
    return verdict(r);
  }
  if (skip_null_peer(r, receiver))
    return verdict(r);
  int me = r.enter_p2p(position, comm, receiver);
  if (me < 0)
    return verdict(r);
  const char* action = r.call == "MPI_Ssend" ? "ssend " : r.call == "MPI_Bsend" ? "bsend " : "send ";
  r.emit(action + fields(receiver, tag, bytes), comm);
  if (in_sendrecv(r)) {
    r.sendrecv.line  = static_cast<long>(r.out.lines.size() - 1);
    r.sendrecv.dst   = receiver;
    r.sendrecv.bytes = bytes;
    r.sendrecv.tag   = tag;
    r.sendrecv.comm  = comm;
  }
  return verdict(r);
}

/// The receive half of an MPI_Sendrecv: with its send half (a send line, or one to MPI_PROC_NULL), one sendrecv.
OTF2_CallbackCode sendrecv_receive(Rank& r, uint64_t position, uint32_t sender, OTF2_CommRef comm, uint32_t tag,
                                   uint64_t bytes)
{
  bool recv_null = no_rank(sender), send_null = r.sendrecv.send_null;
  r.sendrecv.send_null = false;
  if (recv_null && send_null) {
    r.null_peer(r.call);  // both halves: no action
    return verdict(r);
  }
  if (!recv_null && r.enter_p2p(position, comm, sender) < 0)
    return verdict(r);
  if (!send_null && !recv_null && comm != r.sendrecv.comm) {
    r.fail(position, r.call + " receives on communicator " + std::to_string(comm) + " and sends on communicator " +
                         std::to_string(r.sendrecv.comm));
    return OTF2_CALLBACK_INTERRUPT;
  }
  if (!send_null)
    comm = static_cast<OTF2_CommRef>(r.sendrecv.comm);  // checked with the send; a null receive's is not
  std::string action = sendrecv_action(send_null, r.sendrecv.dst, r.sendrecv.bytes, r.sendrecv.tag, recv_null, sender,
                                       bytes, tag);
  if (send_null)
    r.emit(action, comm);
  else  // the send line becomes the sendrecv
    r.out.lines[static_cast<size_t>(r.sendrecv.line)] = std::to_string(r.rank) + " " + action + r.suffix(comm);
  r.sendrecv.line = -1;
  return verdict(r);
}

OTF2_CallbackCode on_recv(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                          uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t bytes)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  if (in_sendrecv(r) && (r.sendrecv.line >= 0 || r.sendrecv.send_null))
    return sendrecv_receive(r, position, sender, comm, tag, bytes);
  if (skip_null_peer(r, sender) || r.enter_p2p(position, comm, sender) < 0)
    return verdict(r);
  r.emit("recv " + fields(sender, tag, bytes), comm);
  return verdict(r);
}

/// The action of an MpiIsend, from its send mode: `ibsend` for a buffered one, `issend` for a synchronous one, else
/// `isend` (a ready send is a standard one, as MPI_Irsend's). The mode is its call's (MPI_Ibsend, MPI_Issend), or, for
/// an MPI_Start's, its request's (MPI_Bsend_init, MPI_Ssend_init): the attribute tireplay's tracer puts on it
/// (tireplay::send_mode, 1 buffered, 2 synchronous, 3 ready), as an MpiIsend says nothing of the request's kind.
const char* isend_action(Rank& r, uint64_t position, const OTF2_AttributeList* attributes)
{
  if (r.call == "MPI_Ibsend")  // a call's own mode first, whatever an attribute says
    return "ibsend";
  if (r.call == "MPI_Issend")
    return "issend";
  if (r.call == "MPI_Isend" || r.call == "MPI_Irsend")
    return "isend";
  uint8_t mode = 0, buffered = 0;
  auto get     = [attributes](uint64_t ref, uint8_t& value) {
    if (attributes != nullptr && ref != UINT64_MAX)
      OTF2_AttributeList_GetUint8(attributes, static_cast<OTF2_AttributeRef>(ref), &value);
  };
  get(r.defs.send_mode_attribute, mode);
  get(r.defs.buffered_attribute, buffered);
  if (mode > 3)
    r.fail(position, "MpiIsend in " + r.call + ": tireplay::send_mode " + std::to_string(mode) +
                         " is no send mode (1 buffered, 2 synchronous, 3 ready)");
  if (mode == 1 || (mode == 0 && buffered != 0))
    return "ibsend";
  return mode == 2 ? "issend" : "isend";
}

OTF2_CallbackCode on_isend(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                           OTF2_AttributeList* attributes, uint32_t receiver, OTF2_CommRef comm, uint32_t tag,
                           uint64_t bytes, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  if (skip_null_peer(r, receiver)) {
    r.dropped.insert(request);
    return verdict(r);
  }
  int me = r.enter_p2p(position, comm, receiver);
  if (me < 0)
    return OTF2_CALLBACK_INTERRUPT;
  std::string action = isend_action(r, position, attributes);
  if (!r.error.empty())
    return OTF2_CALLBACK_INTERRUPT;
  r.emit(action + " " + fields(receiver, tag, bytes), comm);
  Request q;
  q.buffered = action == "ibsend";
  q.line     = r.out.lines.size() - 1;
  q.src      = static_cast<uint32_t>(me);
  q.dst      = receiver;
  q.tag      = tag;
  q.comm     = comm;
  q.call     = r.call;
  q.position = position;
  q.number   = ++r.sends_started;
  q.order    = ++r.p2p_started;
  r.track(q.line, TrackedLine::Role::Post, q.order, {q.src, q.dst, q.tag, q.comm});
  r.dropped.erase(request);  // a writer may use an id again once its request completed
  r.put_request(request, q);
  return verdict(r);
}

OTF2_CallbackCode on_isend_complete(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                    OTF2_AttributeList*, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  if (r.dropped.erase(request) > 0)
    return verdict(r);
  std::optional<Request> q = r.finish_request(request, Request::Kind::Send);
  if (!q) {
    r.fail_completion(position, request, "MpiIsendComplete");
    return OTF2_CALLBACK_INTERRUPT;
  }
  r.wait_buffered(*q);
  complete(r, q->order, {q->src, q->dst, q->tag, q->comm}, r.send_key_shared(*q, std::nullopt));
  return verdict(r);
}

OTF2_CallbackCode on_irecv_request(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                   OTF2_AttributeList*, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  r.posts_receives = true;
  r.start_request(request, Request::Kind::Receive, position);  // the irecv, once its completion says from whom
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_irecv(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                           uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t bytes, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  std::optional<Request> started = r.finish_request(request, Request::Kind::Receive);
  if (!started && r.posts_receives) {  // a writer that starts its receives started none such
    r.fail_completion(position, request, "MpiIrecv");
    return OTF2_CALLBACK_INTERRUPT;
  }
  if (no_rank(sender)) {  // its placeholder and tests stay empty; counted under the call that posted it
    r.null_peer(started ? started->call : r.call);
    return verdict(r);
  }
  int me = r.enter_p2p(position, comm, sender, started ? static_cast<long>(started->line) : -1);
  if (me < 0)
    return OTF2_CALLBACK_INTERRUPT;
  const SendKey key{sender, static_cast<uint32_t>(me), tag, comm};
  uint64_t order = started ? started->order : ++r.p2p_started;
  if (started) {
    r.fill(started->line, "irecv " + fields(sender, tag, bytes), comm);
    r.track(started->line, TrackedLine::Role::Post, order, key);
    for (size_t test : started->tests) {
      r.fill(test, "test " + fields(sender, static_cast<uint64_t>(me), tag), comm);
      r.track(test, TrackedLine::Role::Test, order, key);
    }
  } else {
    r.emit("irecv " + fields(sender, tag, bytes), comm);  // a writer without MpiIrecvRequest: posted here
    r.track(r.out.lines.size() - 1, TrackedLine::Role::Post, order, key);
  }
  complete(r, order, key);
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
  if (q.kind == Request::Kind::Send && !r.send_key_shared(q, request))
    r.test(q, "test " + fields(q.src, q.dst, q.tag));
  else if (q.kind == Request::Kind::Receive)
    r.test(q);
  return verdict(r);
}

/// A cancelled send or receive: its lines (start and tests) are emptied, and nothing waits for it.
OTF2_CallbackCode on_request_cancelled(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                       OTF2_AttributeList*, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  r.dropped.erase(request);
  auto it = r.requests.find(request);
  if (it == r.requests.end() || it->second.kind == Request::Kind::Collective)
    return verdict(r);
  std::string& start = r.out.lines[it->second.line];
  std::string action = it->second.kind == Request::Kind::Receive ? "irecv" : start.substr(start.find(' ') + 1);
  r.out.cancelled[action.substr(0, action.find(' '))]++;
  start.clear();
  for (size_t test : it->second.tests)
    r.out.lines[test].clear();
  r.erase_request(it);
  return verdict(r);
}

} // namespace

void set_p2p_callbacks(OTF2_EvtReaderCallbacks* cb)
{
  OTF2_EvtReaderCallbacks_SetMpiSendCallback(cb, guarded<on_send>);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback(cb, guarded<on_recv>);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback(cb, guarded<on_isend>);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback(cb, guarded<on_isend_complete>);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback(cb, guarded<on_irecv_request>);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback(cb, guarded<on_irecv>);
  OTF2_EvtReaderCallbacks_SetMpiRequestTestCallback(cb, guarded<on_request_test>);
  OTF2_EvtReaderCallbacks_SetMpiRequestCancelledCallback(cb, guarded<on_request_cancelled>);
}

} // namespace otf2ti
