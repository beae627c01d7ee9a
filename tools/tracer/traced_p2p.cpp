// Point-to-point calls: MpiSend / MpiRecv for blocking ones, MpiIsend / MpiIrecvRequest for non-blocking starts
// (and for each start of a persistent request). A peer that is MPI_PROC_NULL is written as it is (otf2ti counts
// and drops such events); cancelled receives and communicators the tracer did not see made (intercommunicators)
// leave no event.
#include "traced.hpp"
#include "wrap_support.hpp"

namespace tracer {
namespace {

void write_recv(OTF2_CommRef comm, const MPI_Status& status)
{
  int cancelled = 0;
  PMPI_Test_cancelled(&status, &cancelled);
  if (cancelled || comm == OTF2_UNDEFINED_COMM)
    return;
  int received = 0;
  PMPI_Get_count(&status, MPI_BYTE, &received);
  OTF2_EvtWriter_MpiRecv(out(), nullptr, now(), static_cast<uint32_t>(status.MPI_SOURCE), comm,
                         static_cast<uint32_t>(status.MPI_TAG), static_cast<uint64_t>(received));
}

void write_send(MPI_Comm comm, int dest, int tag, uint64_t bytes)
{
  OTF2_EvtWriter_MpiSend(out(), nullptr, now(), static_cast<uint32_t>(dest), ref(comm), static_cast<uint32_t>(tag),
                         bytes);
}

} // namespace

int region_only(Region region, const Call& call)
{
  Scope scope(region);
  return call();
}

int send(Region region, MPI_Comm comm, int dest, int tag, uint64_t bytes, const Call& call)
{
  Scope scope(region);
  if (scope.on() && known(region, comm))
    write_send(comm, dest, tag, bytes);
  return call();
}

int isend(Region region, MPI_Comm comm, int dest, int tag, uint64_t bytes, const CallRequest& call)
{
  Scope scope(region);
  MPI_Request request = MPI_REQUEST_NULL;
  int rc              = call(request);
  if (scope.on() && rc == MPI_SUCCESS && known(region, comm)) {
    uint64_t id = recorder().requests.started(request, false, ref(comm));
    OTF2_EvtWriter_MpiIsend(out(), nullptr, now(), static_cast<uint32_t>(dest), ref(comm),
                            static_cast<uint32_t>(tag), bytes, id);
  }
  return rc;
}

int recv(Region region, MPI_Comm comm, const CallStatus& call)
{
  Scope scope(region);
  MPI_Status status{};
  int rc = call(status);
  if (scope.on() && rc == MPI_SUCCESS && known(region, comm))
    write_recv(ref(comm), status);
  return rc;
}

int irecv(Region region, MPI_Comm comm, const CallRequest& call)
{
  Scope scope(region);
  MPI_Request request = MPI_REQUEST_NULL;
  int rc              = call(request);
  if (scope.on() && rc == MPI_SUCCESS && known(region, comm))
    OTF2_EvtWriter_MpiIrecvRequest(out(), nullptr, now(), recorder().requests.started(request, true, ref(comm)));
  return rc;
}

int sendrecv(Region region, MPI_Comm comm, int dest, int tag, uint64_t bytes, const CallStatus& call)
{
  Scope scope(region);
  bool on = scope.on() && known(region, comm);
  if (on)
    write_send(comm, dest, tag, bytes);
  MPI_Status status{};
  int rc = call(status);
  if (on && rc == MPI_SUCCESS)
    write_recv(ref(comm), status);
  return rc;
}

int mprobe(Region region, MPI_Comm comm, const CallMessage& call)
{
  Scope scope(region);
  MPI_Message message = MPI_MESSAGE_NULL;
  int found           = 1;
  MPI_Status status{};
  int rc = call(message, found, status);
  if (rc == MPI_SUCCESS && found && message != MPI_MESSAGE_NULL && message != MPI_MESSAGE_NO_PROC)
    recorder().requests.matched(message, ref(comm));
  return rc;
}

int iprobe(MPI_Comm comm, int source, int tag, const std::function<int(int& flag)>& call)
{
  const uintptr_t looked_at[] = {reinterpret_cast<uintptr_t>(comm), static_cast<uintptr_t>(source),
                                 static_cast<uintptr_t>(tag), static_cast<uintptr_t>(Region::Iprobe)};
  return polled_call(
      Region::Iprobe, poll_key(looked_at, 4),
      [&](bool& found) {
        int flag = 0;
        int rc   = call(flag);
        found    = flag != 0;
        return rc;
      },
      [](bool) {});
}

int mrecv(Region region, MPI_Message message, const CallStatus& call)
{
  Scope scope(region);
  OTF2_CommRef comm = recorder().requests.receive_matched(message);
  MPI_Status status{};
  int rc = call(status);
  if (scope.on() && rc == MPI_SUCCESS)
    write_recv(comm, status);
  return rc;
}

int imrecv(Region region, MPI_Message message, const CallRequest& call)
{
  Scope scope(region);
  OTF2_CommRef comm   = recorder().requests.receive_matched(message);
  MPI_Request request = MPI_REQUEST_NULL;
  int rc              = call(request);
  if (scope.on() && rc == MPI_SUCCESS && comm != OTF2_UNDEFINED_COMM)
    OTF2_EvtWriter_MpiIrecvRequest(out(), nullptr, now(), recorder().requests.started(request, true, comm));
  return rc;
}

int persistent(Region region, bool receive, MPI_Comm comm, int peer, int tag, uint64_t bytes, const CallRequest& call)
{
  Scope scope(region);
  MPI_Request request = MPI_REQUEST_NULL;
  int rc              = call(request);
  SendMode mode       = region == Region::Bsend_init   ? SendMode::Buffered
                        : region == Region::Ssend_init ? SendMode::Synchronous
                        : region == Region::Rsend_init ? SendMode::Ready
                                                       : SendMode::Standard;
  if (rc == MPI_SUCCESS && known(region, comm))
    recorder().requests.made_persistent(request, receive, ref(comm), peer, tag, bytes, mode);
  return rc;
}

int start(Region region, const std::vector<MPI_Request>& before, const CallStarts& call)
{
  Scope scope(region);
  std::vector<MPI_Request> after = before;
  int rc                         = call(after);
  if (scope.on() && rc == MPI_SUCCESS && after.size() == before.size())
    for (size_t i = 0; i < before.size(); i++)
      recorder().requests.start(out(), now(), before[i], after[i]);
  return rc;
}

int request_free(MPI_Request request, const Call& call)
{
  Scope scope(Region::Request_free);
  recorder().requests.freed(request);
  return call();
}

} // namespace tracer
