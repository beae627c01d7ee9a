#include "requests.hpp"

namespace tracer {

uint64_t Requests::started(MPI_Request request, bool receive, OTF2_CommRef comm)
{
  uint64_t id       = next_id_++;
  pending_[request] = {id, receive ? Kind::Receive : Kind::Send, comm};
  return id;
}

uint64_t Requests::started_collective(MPI_Request request, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                                      uint64_t sent, uint64_t received)
{
  uint64_t id       = next_id_++;
  pending_[request] = {id, Kind::Collective, comm, op, root, sent, received};
  return id;
}

void Requests::completed(OTF2_EvtWriter* out, uint64_t time, MPI_Request request, const MPI_Status& status)
{
  auto it = pending_.find(request);
  if (it == pending_.end())
    return;
  Pending p = it->second;
  pending_.erase(it);
  switch (p.kind) {
    case Kind::Send: OTF2_EvtWriter_MpiIsendComplete(out, nullptr, time, p.id); break;
    case Kind::Collective:
      OTF2_EvtWriter_NonBlockingCollectiveComplete(out, nullptr, time, p.op, p.comm, p.root, p.sent, p.received,
                                                   p.id);
      break;
    case Kind::Receive: {
      int bytes = 0;
      PMPI_Get_count(&status, MPI_BYTE, &bytes);
      OTF2_EvtWriter_MpiIrecv(out, nullptr, time, static_cast<uint32_t>(status.MPI_SOURCE), p.comm,
                              static_cast<uint32_t>(status.MPI_TAG), static_cast<uint64_t>(bytes), p.id);
      break;
    }
  }
}

void Requests::tested(OTF2_EvtWriter* out, uint64_t time, MPI_Request request) const
{
  auto it = pending_.find(request);
  if (it != pending_.end())
    OTF2_EvtWriter_MpiRequestTest(out, nullptr, time, it->second.id);
}

} // namespace tracer
