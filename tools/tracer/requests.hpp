// Non-blocking requests followed from their start to their completion, so that each completion event names the
// request it completes (OTF2's request ids, the tracer's own count; a receive's sender, tag and size are known only
// then). A handle does not name one request: Open MPI returns one shared handle (&ompi_request_empty) for every
// request that is complete when it starts (a small isend sent at once, any request with MPI_PROC_NULL), so several
// requests in flight may have the same handle. They are kept in the order they started, and each completion of that
// handle completes the oldest: requests that share a handle are all complete already, so which one a wait names
// changes no time, and each is completed once. Persistent
// requests are remembered from their *_init to their free: each Start begins a new OTF2 request. Matched
// messages (Mprobe, Improbe) are remembered until their Mrecv or Imrecv, which take their communicator.
#pragma once

#include "global_definitions.hpp"

#include <mpi.h>
#include <otf2/otf2.h>

#include <cstdint>
#include <map>
#include <vector>

namespace tracer {

class Requests {
public:
  /// A started isend or irecv: its id for the start event. `comm` is its communicator's reference.
  uint64_t started(MPI_Request request, bool receive, OTF2_CommRef comm);
  /// A started non-blocking collective: what its completion event will say (`to`: an alltoallv's or alltoallw's
  /// bytes to each rank, global_definitions.hpp's kSentTo).
  uint64_t started_collective(MPI_Request request, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                              uint64_t sent, uint64_t received, const std::vector<uint64_t>& to = {});
  /// A started one-sided request (MPI_Rput ...) on window `win`: the matching id of its RMA event.
  uint64_t started_rma(MPI_Request request, OTF2_RmaWinRef win);
  /// A one-sided operation without a request: its matching id, from the same count.
  uint64_t next_id() { return next_id_++; }
  /// `request` (the handle as it was before the wait or test) completed with `status`: writes MpiIsendComplete,
  /// MpiIrecv, NonBlockingCollectiveComplete, RmaOpCompleteNonBlocking, or MpiRequestCancelled when it was
  /// cancelled. Requests the tracer did not start are skipped.
  void completed(OTF2_EvtWriter* out, uint64_t time, MPI_Request request, const MPI_Status& status);
  /// A test found `request` incomplete: MpiRequestTest.
  void tested(OTF2_EvtWriter* out, uint64_t time, MPI_Request request);

  /// A persistent request made by *_init: what each of its starts sends or receives; `mode`: a send's.
  void made_persistent(MPI_Request request, bool receive, OTF2_CommRef comm, int peer, int tag, uint64_t bytes,
                       SendMode mode = SendMode::Standard);
  /// MPI_Start of `request`, whose handle is `now` after the call: its MpiIsend (with kSendMode unless its mode is
  /// the standard one) or MpiIrecvRequest, if the tracer saw it made; the request is known by `now` from then on.
  void start(OTF2_EvtWriter* out, uint64_t time, MPI_Request request, MPI_Request now);
  void freed(MPI_Request request);

  void matched(MPI_Message message, OTF2_CommRef comm) { messages_[message] = comm; }
  /// The communicator of a matched message (OTF2_UNDEFINED_COMM if unknown); forgets it.
  OTF2_CommRef receive_matched(MPI_Message message);

private:
  enum class Kind { Send, Receive, Collective, Rma };
  struct Pending {
    uint64_t id;
    Kind kind;
    OTF2_CommRef comm;
    OTF2_CollectiveOp op = OTF2_COLLECTIVE_OP_BARRIER;
    uint32_t root        = OTF2_UNDEFINED_UINT32;
    uint64_t sent = 0, received = 0;
    OTF2_RmaWinRef win = OTF2_UNDEFINED_RMA_WIN;
    std::vector<uint64_t> to = {};  // a collective's bytes to each rank (alltoallv, alltoallw)
  };
  struct Persistent {
    bool receive;
    OTF2_CommRef comm;
    int peer, tag;
    uint64_t bytes;
    SendMode mode;
  };
  std::multimap<MPI_Request, Pending> pending_;  // by handle, each handle's requests in the order they started
  /// The oldest request pending under `request`, or end().
  std::multimap<MPI_Request, Pending>::iterator oldest(MPI_Request request);
  std::map<MPI_Request, Persistent> persistent_;
  std::map<MPI_Message, OTF2_CommRef> messages_;
  uint64_t next_id_ = 1;
};

} // namespace tracer
