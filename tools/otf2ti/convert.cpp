#include "convert.hpp"

#include "collectives.hpp"

#include <otf2/otf2.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>

namespace otf2ti {
namespace {

struct Request {
  bool send = false;
  long line = -1;  // an irecv's placeholder line, filled when the receive completes
  uint32_t src = 0, dst = 0, tag = 0;  // ranks of the communicator
  uint64_t comm = 0;
};

/// The state of one rank's conversion, the events' user data.
struct Rank {
  const Definitions& defs;
  const Options& options;
  int rank;
  uint64_t location;
  RankTrace out;
  std::string error;  // set by a callback, which then interrupts the reading
  int mpi_depth       = 0;
  bool started        = false;  // after the first MPI call
  bool finalized      = false;
  uint64_t last_time  = 0;
  uint64_t leave_time = 0;
  double counter = 0, counter_at_leave = 0;
  std::map<uint64_t, Request> requests;
  std::set<uint64_t> declared;  // communicators this rank's trace has created

  void fail(uint64_t position, const std::string& what)
  {
    if (error.empty())
      error = "location " + std::to_string(location) + " (rank " + std::to_string(rank) + "), event " +
              std::to_string(position) + ": " + what;
  }

  /// The TI id of an OTF2 communicator (Communicator::ti_id); self communicators: one per rank.
  int ti_comm(uint64_t comm) const
  {
    const Communicator& c = defs.comms.at(comm);
    return c.self ? c.ti_id + rank : c.ti_id;
  }

  /// This rank's rank in `comm`, after writing the comm_split that creates it in this trace if needed.
  /// -1 (and fail) for an unknown communicator or one this rank is not in.
  int enter_comm(uint64_t position, uint64_t comm)
  {
    auto it = defs.comms.find(comm);
    if (it == defs.comms.end()) {
      fail(position, "communicator " + std::to_string(comm) + " is not defined");
      return -1;
    }
    if (it->second.self)
      return declare(comm, {rank}), 0;
    auto member = std::find(it->second.members.begin(), it->second.members.end(), rank);
    if (member == it->second.members.end()) {
      fail(position, "rank " + std::to_string(rank) + " is not a member of communicator " + std::to_string(comm));
      return -1;
    }
    if (comm != defs.world_comm)
      declare(comm, it->second.members);
    return static_cast<int>(member - it->second.members.begin());
  }

  void declare(uint64_t comm, const std::vector<int>& members)
  {
    if (!declared.insert(comm).second)
      return;
    std::ostringstream line;
    line << rank << " comm_split " << ti_comm(comm) << ' ' << members.size();
    for (int m : members)
      line << ' ' << m;
    out.lines.push_back(line.str());
  }

  std::string suffix(uint64_t comm) const
  {
    int id = ti_comm(comm);
    return id == 0 ? "" : " comm=" + std::to_string(id);
  }

  void emit(const std::string& action, uint64_t comm)
  {
    out.lines.push_back(std::to_string(rank) + " " + action + suffix(comm));
  }

  bool check_time(uint64_t position, uint64_t time)
  {
    if (time < last_time) {
      fail(position, "timestamp " + std::to_string(time) + " before the previous event's " + std::to_string(last_time) +
                         " (events out of order)");
      return false;
    }
    last_time = time;
    return true;
  }
};

Rank& state(void* user) { return *static_cast<Rank*>(user); }

/// "partner tag bytes" (send, recv, isend, irecv) or "src dst tag" (wait, test): three numbers.
std::string fields(uint64_t a, uint64_t b, uint64_t c)
{
  return std::to_string(a) + " " + std::to_string(b) + " " + std::to_string(c);
}

OTF2_CallbackCode verdict(const Rank& r) { return r.error.empty() ? OTF2_CALLBACK_SUCCESS : OTF2_CALLBACK_INTERRUPT; }

OTF2_CallbackCode on_enter(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                           OTF2_RegionRef region)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  auto mpi = r.defs.mpi_region.find(region);
  if (mpi == r.defs.mpi_region.end() || !mpi->second || r.finalized)
    return verdict(r);
  if (r.mpi_depth++ == 0 && r.started) {
    // The burst between two MPI calls: its flops from the counter, or its duration times the flop rate.
    double flops = r.defs.flop_metric_name.empty()
                       ? static_cast<double>(time - r.leave_time) / static_cast<double>(r.defs.ticks_per_second) *
                             r.options.flop_rate
                       : r.counter - r.counter_at_leave;
    if (flops > 0) {
      std::ostringstream line;
      line.precision(17);
      line << r.rank << " compute " << flops;
      r.out.lines.push_back(line.str());
    }
  }
  if (!r.started) {
    r.started = true;
    r.out.lines.push_back(std::to_string(r.rank) + " init");
  }
  if (r.defs.region_name.at(region) == "MPI_Finalize")
    r.finalized = true;
  return verdict(r);
}

OTF2_CallbackCode on_leave(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                           OTF2_RegionRef region)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  auto mpi = r.defs.mpi_region.find(region);
  if (mpi != r.defs.mpi_region.end() && mpi->second && r.mpi_depth > 0 && --r.mpi_depth == 0) {
    r.leave_time       = time;
    r.counter_at_leave = r.counter;
  }
  return verdict(r);
}

OTF2_CallbackCode on_metric(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                            OTF2_MetricRef metric, uint8_t count, const OTF2_Type* types, const OTF2_MetricValue* values)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  auto member = r.defs.flop_member.find(metric);
  if (member == r.defs.flop_member.end() || member->second >= count)
    return OTF2_CALLBACK_SUCCESS;
  const OTF2_MetricValue& v = values[member->second];
  switch (types[member->second]) {
    case OTF2_TYPE_INT64: r.counter = static_cast<double>(v.signed_int); break;
    case OTF2_TYPE_UINT64: r.counter = static_cast<double>(v.unsigned_int); break;
    default: r.counter = v.floating_point; break;
  }
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_send(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                          uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t bytes)
{
  Rank& r = state(user);
  if (r.check_time(position, time) && r.enter_comm(position, comm) >= 0)
    r.emit("send " + fields(receiver, tag, bytes), comm);
  return verdict(r);
}

OTF2_CallbackCode on_recv(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                          uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t bytes)
{
  Rank& r = state(user);
  if (r.check_time(position, time) && r.enter_comm(position, comm) >= 0)
    r.emit("recv " + fields(sender, tag, bytes), comm);
  return verdict(r);
}

OTF2_CallbackCode on_isend(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                           uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t bytes, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  int me = r.enter_comm(position, comm);
  if (me < 0)
    return OTF2_CALLBACK_INTERRUPT;
  r.emit("isend " + fields(receiver, tag, bytes), comm);
  Request q;
  q.send = true;
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
  auto it = r.requests.find(request);
  if (it == r.requests.end() || !it->second.send) {
    r.fail(position, "MpiIsendComplete of request " + std::to_string(request) + ", which no MpiIsend started");
    return OTF2_CALLBACK_INTERRUPT;
  }
  const Request& q = it->second;
  r.emit("wait " + fields(q.src, q.dst, q.tag), q.comm);
  r.requests.erase(it);
  return verdict(r);
}

OTF2_CallbackCode on_irecv_request(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                   OTF2_AttributeList*, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  Request q;
  q.line = static_cast<long>(r.out.lines.size());
  r.out.lines.emplace_back();  // the irecv, once its completion says from whom
  r.requests[request] = q;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_irecv(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                           uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t bytes, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  int me = r.enter_comm(position, comm);
  if (me < 0)
    return OTF2_CALLBACK_INTERRUPT;
  std::string irecv = std::to_string(r.rank) + " irecv " + fields(sender, tag, bytes) + r.suffix(comm);
  auto it = r.requests.find(request);
  if (it != r.requests.end() && !it->second.send && it->second.line >= 0) {
    r.out.lines[static_cast<size_t>(it->second.line)] = irecv;
    r.requests.erase(it);
  } else {
    r.out.lines.push_back(irecv);  // a writer without MpiIrecvRequest: posted here
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
  if (it != r.requests.end() && it->second.send) {  // a receive's test cannot name its sender yet: left out
    const Request& q = it->second;
    r.emit("test " + fields(q.src, q.dst, q.tag), q.comm);
  }
  return verdict(r);
}

OTF2_CallbackCode on_collective_end(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                    OTF2_AttributeList*, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                                    uint64_t sent, uint64_t received)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  if (collective_action(op, 1, root, sent, received).empty())
    return OTF2_CALLBACK_SUCCESS;
  if (r.enter_comm(position, comm) < 0)
    return OTF2_CALLBACK_INTERRUPT;
  const Communicator& c = r.defs.comms.at(comm);
  int size              = c.self ? 1 : static_cast<int>(c.members.size());
  r.emit(collective_action(op, size, root, sent, received), comm);
  return verdict(r);
}

} // namespace

RankTrace convert_rank(const std::string& archive, const Definitions& defs, int rank, const Options& options)
{
  uint64_t location = defs.location_of_rank.at(static_cast<size_t>(rank));
  std::unique_ptr<OTF2_Reader, OTF2_ErrorCode (*)(OTF2_Reader*)> reader(OTF2_Reader_Open(archive.c_str()),
                                                                         OTF2_Reader_Close);
  if (!reader)
    throw std::runtime_error(archive + ": cannot open as an OTF2 archive");
  OTF2_Reader_SetSerialCollectiveCallbacks(reader.get());
  std::string where = archive + ": location " + std::to_string(location) + " (rank " + std::to_string(rank) + ")";
  OTF2_Reader_SelectLocation(reader.get(), location);
  bool have_defs = OTF2_Reader_OpenDefFiles(reader.get()) == OTF2_SUCCESS;
  if (OTF2_Reader_OpenEvtFiles(reader.get()) != OTF2_SUCCESS)
    throw std::runtime_error(where + ": cannot open the event files");
  if (have_defs) {  // local definitions carry the mappings of local to global ids
    if (OTF2_DefReader* local = OTF2_Reader_GetDefReader(reader.get(), location)) {
      uint64_t read = 0;
      OTF2_Reader_ReadAllLocalDefinitions(reader.get(), local, &read);
      OTF2_Reader_CloseDefReader(reader.get(), local);
    }
    OTF2_Reader_CloseDefFiles(reader.get());
  }
  OTF2_EvtReader* events = OTF2_Reader_GetEvtReader(reader.get(), location);
  if (events == nullptr)
    throw std::runtime_error(where + ": its event file is missing or unreadable");
  OTF2_EvtReaderCallbacks* cb = OTF2_EvtReaderCallbacks_New();
  OTF2_EvtReaderCallbacks_SetEnterCallback(cb, on_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback(cb, on_leave);
  OTF2_EvtReaderCallbacks_SetMetricCallback(cb, on_metric);
  OTF2_EvtReaderCallbacks_SetMpiSendCallback(cb, on_send);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback(cb, on_recv);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback(cb, on_isend);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback(cb, on_isend_complete);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback(cb, on_irecv_request);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback(cb, on_irecv);
  OTF2_EvtReaderCallbacks_SetMpiRequestTestCallback(cb, on_request_test);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback(cb, on_collective_end);
  Rank state{defs, options, rank, location, {}, {}, 0, false, false, 0, 0, 0, 0, {}, {}};
  OTF2_Reader_RegisterEvtCallbacks(reader.get(), events, cb, &state);
  OTF2_EvtReaderCallbacks_Delete(cb);
  OTF2_ErrorCode status = OTF2_Reader_ReadAllLocalEvents(reader.get(), events, &state.out.events);
  if (!state.error.empty())
    throw std::runtime_error(archive + ": " + state.error);
  if (status != OTF2_SUCCESS)
    throw std::runtime_error(where + ": reading its events failed after " + std::to_string(state.out.events) +
                             " events: " + OTF2_Error_GetDescription(status));
  auto expected = defs.location_events.find(location);
  if (expected != defs.location_events.end() && state.out.events != expected->second)
    throw std::runtime_error(where + ": " + std::to_string(state.out.events) + " events read, the definitions announce " +
                             std::to_string(expected->second) + " (truncated event file?)");
  for (const auto& [id, q] : state.requests)
    if (!q.send)
      throw std::runtime_error(where + ": receive request " + std::to_string(id) +
                               " never completes in the trace (its sender is unknown)");
  if (state.started)
    state.out.lines.push_back(std::to_string(rank) + " finalize");
  OTF2_Reader_CloseEvtReader(reader.get(), events);
  OTF2_Reader_CloseEvtFiles(reader.get());
  return state.out;
}

} // namespace otf2ti
