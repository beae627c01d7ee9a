#include "requests.hpp"

#include "global_definitions.hpp"

#include <algorithm>
#include <memory>

namespace tracer {

uint64_t Requests::started(MPI_Request request, bool receive, OTF2_CommRef comm)
{
  uint64_t id = next_id_++;
  pending_.emplace(request, Pending{id, receive ? Kind::Receive : Kind::Send, comm});  // after those of its handle
  return id;
}

uint64_t Requests::started_collective(MPI_Request request, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                                      uint64_t sent, uint64_t received, const std::vector<uint64_t>& to)
{
  uint64_t id = next_id_++;
  Pending p{id, Kind::Collective, comm, op, root, sent, received};
  p.to = to;
  pending_.emplace(request, p);
  return id;
}

uint64_t Requests::started_rma(MPI_Request request, OTF2_RmaWinRef win)
{
  uint64_t id = next_id_++;
  Pending p{id, Kind::Rma, OTF2_UNDEFINED_COMM};
  p.win = win;
  pending_.emplace(request, p);
  return id;
}

std::multimap<MPI_Request, Requests::Pending>::iterator Requests::oldest(MPI_Request request)
{
  auto it = pending_.lower_bound(request);  // the first of its handle's: multimap keeps equal keys in insertion order
  return it != pending_.end() && it->first == request ? it : pending_.end();
}

void Requests::completed(OTF2_EvtWriter* out, uint64_t time, MPI_Request request, const MPI_Status& status)
{
  auto it = oldest(request);
  if (it == pending_.end())
    return;
  Pending p = it->second;
  pending_.erase(it);
  int cancelled = 0;
  if (p.kind == Kind::Send || p.kind == Kind::Receive)
    PMPI_Test_cancelled(&status, &cancelled);
  if (cancelled) {
    OTF2_EvtWriter_MpiRequestCancelled(out, nullptr, time, p.id);
    return;
  }
  switch (p.kind) {
    case Kind::Send: OTF2_EvtWriter_MpiIsendComplete(out, nullptr, time, p.id); break;
    case Kind::Rma: OTF2_EvtWriter_RmaOpCompleteNonBlocking(out, nullptr, time, p.win, p.id); break;
    case Kind::Collective: {
      // OTF2 empties the list once the event is written: one list serves every completion of the thread
      thread_local std::unique_ptr<OTF2_AttributeList, decltype(&OTF2_AttributeList_Delete)> attributes(
          OTF2_AttributeList_New(), OTF2_AttributeList_Delete);
      bool any = attributes != nullptr && !p.to.empty();
      if (any)
        add_sent_to(attributes.get(), p.to);
      OTF2_EvtWriter_NonBlockingCollectiveComplete(out, any ? attributes.get() : nullptr, time, p.op, p.comm, p.root,
                                                   p.sent, p.received, p.id);
      break;
    }
    case Kind::Receive: {
      int bytes = 0;
      PMPI_Get_count(&status, MPI_BYTE, &bytes);
      OTF2_EvtWriter_MpiIrecv(out, nullptr, time, static_cast<uint32_t>(status.MPI_SOURCE), p.comm,
                              static_cast<uint32_t>(status.MPI_TAG), static_cast<uint64_t>(bytes), p.id);
      break;
    }
  }
}

void Requests::tested(OTF2_EvtWriter* out, uint64_t time, MPI_Request request)
{
  auto it = oldest(request);
  if (it != pending_.end() && it->second.kind == Kind::Rma)
    OTF2_EvtWriter_RmaOpTest(out, nullptr, time, it->second.win, it->second.id);
  else if (it != pending_.end())
    OTF2_EvtWriter_MpiRequestTest(out, nullptr, time, it->second.id);
}

void Requests::made_persistent(MPI_Request request, bool receive, OTF2_CommRef comm, int peer, int tag,
                               uint64_t bytes, SendMode mode)
{
  persistent_[request] = {receive, comm, peer, tag, bytes, mode};
}

void Requests::start(OTF2_EvtWriter* out, uint64_t time, MPI_Request request, MPI_Request now)
{
  auto it = persistent_.find(request);
  if (it == persistent_.end())
    return;
  if (now != request) {  // the old handle lives on until its message has left, then Open MPI may reuse it
    Persistent moved = it->second;
    persistent_.erase(it);
    it = persistent_.insert_or_assign(now, moved).first;
  }
  const Persistent& p = it->second;
  request             = now;
  if (p.receive) {
    OTF2_EvtWriter_MpiIrecvRequest(out, nullptr, time, started(request, true, p.comm));
  } else {
    thread_local std::unique_ptr<OTF2_AttributeList, decltype(&OTF2_AttributeList_Delete)> attributes(
        OTF2_AttributeList_New(), OTF2_AttributeList_Delete);
    bool mark = p.mode != SendMode::Standard && attributes != nullptr;
    if (mark)  // the list is emptied by the write
      OTF2_AttributeList_AddUint8(attributes.get(), kSendMode, static_cast<uint8_t>(p.mode));
    OTF2_EvtWriter_MpiIsend(out, mark ? attributes.get() : nullptr, time, static_cast<uint32_t>(p.peer), p.comm,
                            static_cast<uint32_t>(p.tag), p.bytes, started(request, false, p.comm));
  }
}

void Requests::freed(MPI_Request request)
{
  persistent_.erase(request);
  // An active request freed completes unseen. Under a shared handle, the oldest send: what a program frees is a
  // send (freeing a receive leaves its buffer unknown), and a receive there (MPI_PROC_NULL) awaits its own wait.
  auto [first, last] = pending_.equal_range(request);
  auto freed         = std::find_if(first, last, [](const auto& p) { return p.second.kind == Kind::Send; });
  if (freed != last || first != last)
    pending_.erase(freed != last ? freed : first);
}

OTF2_CommRef Requests::receive_matched(MPI_Message message)
{
  auto it = messages_.find(message);
  if (it == messages_.end())
    return OTF2_UNDEFINED_COMM;
  OTF2_CommRef comm = it->second;
  messages_.erase(it);
  return comm;
}

} // namespace tracer
