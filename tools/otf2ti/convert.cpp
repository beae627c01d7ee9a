#include "convert.hpp"
#include "otf2_errors.hpp"

#include "collectives.hpp"
#include "rank_state.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <set>
#include <stdexcept>

namespace otf2ti {
namespace {

/// The burst between the last MPI call and now: its length (the tracer's CPU time when it recorded it, else the
/// elapsed time) and its flops (the flop counter's difference, else the length times the flop rate). The
/// --cpu-threshold applies to a whole computation between two actions (Rank::compute), not to each burst: a polling
/// loop's bursts between calls that leave no line are each shorter than a microsecond, and all together real work.
double elapsed_seconds(const Rank& r, uint64_t time)
{
  return static_cast<double>(time - r.leave_time) / static_cast<double>(r.defs.ticks_per_second);
}

double burst_seconds(const Rank& r, uint64_t time)
{
  double seconds = r.defs.cpu_member.empty() ? elapsed_seconds(r, time)
                                             : (r.cpu - r.cpu_at_leave) * r.defs.cpu_seconds_per_unit;
  return std::max(seconds, 0.0);  // a counter another tool wrote may go back
}

double burst_flops(const Rank& r, double seconds)
{
  return r.defs.flop_metric_name.empty() ? seconds * r.options.flop_rate : r.flops - r.flops_at_leave;
}

/// Whether MPI function `name` always communicates (sends, receives, or is a collective), so that the tracer must
/// have recorded an MPI event inside it.
bool communicates(const std::string& name)
{
  static const std::set<std::string> calls = {
      "MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend", "MPI_Isend", "MPI_Issend", "MPI_Ibsend", "MPI_Irsend",
      "MPI_Recv", "MPI_Irecv", "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Barrier", "MPI_Bcast", "MPI_Reduce",
      "MPI_Allreduce", "MPI_Gather", "MPI_Gatherv", "MPI_Scatter", "MPI_Scatterv", "MPI_Allgather",
      "MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv", "MPI_Alltoallw", "MPI_Reduce_scatter",
      "MPI_Reduce_scatter_block", "MPI_Scan", "MPI_Exscan",
      // one-sided (docs/trace-format.md section 12): each leaves its action, but MPI_Win_test's unsuccessful calls
      "MPI_Win_create", "MPI_Win_allocate", "MPI_Win_allocate_shared", "MPI_Win_create_dynamic", "MPI_Win_free",
      "MPI_Put", "MPI_Get", "MPI_Accumulate", "MPI_Get_accumulate", "MPI_Fetch_and_op", "MPI_Compare_and_swap",
      "MPI_Rput", "MPI_Rget", "MPI_Raccumulate", "MPI_Rget_accumulate", "MPI_Win_fence", "MPI_Win_post",
      "MPI_Win_start", "MPI_Win_complete", "MPI_Win_wait", "MPI_Win_lock", "MPI_Win_unlock", "MPI_Win_lock_all",
      "MPI_Win_unlock_all", "MPI_Win_flush", "MPI_Win_flush_all", "MPI_Win_flush_local", "MPI_Win_flush_local_all",
      "MPI_Win_sync"};
  if (calls.count(name))
    return true;
  // the non-blocking collectives: MPI_Ibarrier, MPI_Ibcast, ..., MPI_Iexscan
  if (name.size() < 7 || name.compare(0, 5, "MPI_I") != 0 || name.find("send") != std::string::npos ||
      name.find("recv") != std::string::npos)
    return false;
  return calls.count("MPI_" + std::string(1, static_cast<char>(std::toupper(name[5]))) + name.substr(6)) > 0;
}

/// Whether MPI function `name` is one tireplay cannot replay: MPI-IO, neighbourhood collectives. Their calls and time
/// are reported (RankTrace::unreplayed) instead.
bool unreplayable(const std::string& name)
{
  for (const char* prefix : {"MPI_File_", "MPI_Neighbor_", "MPI_Ineighbor_"})
    if (name.rfind(prefix, 0) == 0)
      return true;
  return false;
}

/// Whether `region`, entered or left at `time`, is an MPI call; nullptr, and the rank failed, when time goes back
/// or the definitions do not hold the region.
const bool* mpi_region(Rank& r, uint64_t position, OTF2_TimeStamp time, OTF2_RegionRef region)
{
  if (!r.check_time(position, time))
    return nullptr;
  auto mpi = r.defs.mpi_region.find(region);
  if (mpi != r.defs.mpi_region.end())
    return &mpi->second;
  r.fail(position, "region " + std::to_string(region) + " is not defined");
  return nullptr;
}

OTF2_CallbackCode on_enter(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                           OTF2_RegionRef region)
{
  Rank& r = state(user);
  const bool* is_mpi = mpi_region(r, position, time, region);
  if (is_mpi == nullptr)
    return OTF2_CALLBACK_INTERRUPT;
  if (!*is_mpi || r.finalized)
    return verdict(r);
  if (r.mpi_depth++ > 0)
    return verdict(r);
  if (r.started) {
    double seconds = burst_seconds(r, time), flops = burst_flops(r, seconds);
    if (!(seconds >= 0 && seconds < 1e15 && flops >= 0 && flops < 1e30)) {  // a counter gone back, NaN, infinite
      r.out.bad_counters++;
      seconds = flops = 0;
    }
    if (r.options.record_bursts && flops > 0 && seconds >= r.options.cpu_threshold &&
        !r.defs.flop_metric_name.empty())
      r.out.bursts.push_back({flops, elapsed_seconds(r, time)});
    r.compute(flops, seconds, r.options.polls ? r.polls - r.polls_taken : 0);
    r.polls_taken = r.polls;
  }
  else
    r.started = true, r.out.lines.push_back(std::to_string(r.rank) + " init");
  r.call          = r.defs.region_name.at(region);
  r.call_time     = time;
  r.lines_at_call = r.out.lines.size();
  r.null_in_call  = false;
  if (r.call == "MPI_Finalize") {
    r.finalized = true;
    if (r.init_leave > 0)
      r.out.run_seconds = static_cast<double>(time - r.init_leave) / static_cast<double>(r.defs.ticks_per_second);
  }
  return verdict(r);
}

OTF2_CallbackCode on_leave(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                           OTF2_RegionRef region)
{
  Rank& r = state(user);
  const bool* is_mpi = mpi_region(r, position, time, region);
  if (is_mpi == nullptr)
    return OTF2_CALLBACK_INTERRUPT;
  if (*is_mpi && r.mpi_depth > 0 && --r.mpi_depth == 0) {
    if (r.sendrecv.send_null)  // a sendrecv's send to MPI_PROC_NULL, and no receive event
      r.null_peer(r.call);
    if (r.out.lines.size() == r.lines_at_call && communicates(r.call) && !r.null_in_call)
      r.out.unrecorded[r.call]++;
    if (unreplayable(r.call)) {
      UnreplayedCalls& u = r.out.unreplayed[r.call];
      u.calls++;
      u.seconds += static_cast<double>(time - r.call_time) / static_cast<double>(r.defs.ticks_per_second);
    }
    if (r.call == "MPI_Init" || r.call == "MPI_Init_thread")
      r.init_leave = time;
    r.leave_time     = time;
    r.flops_at_leave = r.flops;
    r.cpu_at_leave   = r.cpu;
    r.call.clear();
    r.sendrecv.line      = -1;
    r.sendrecv.send_null = false;
  }
  return verdict(r);
}

double value_of(OTF2_Type type, const OTF2_MetricValue& v)
{
  switch (type) {
    case OTF2_TYPE_INT64: return static_cast<double>(v.signed_int);
    case OTF2_TYPE_UINT64: return static_cast<double>(v.unsigned_int);
    default: return v.floating_point;
  }
}

OTF2_CallbackCode on_metric(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user, OTF2_AttributeList*,
                            OTF2_MetricRef metric, uint8_t count, const OTF2_Type* types, const OTF2_MetricValue* values)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  auto flop = r.defs.flop_member.find(metric);
  if (flop != r.defs.flop_member.end() && flop->second < count)
    r.flops = value_of(types[flop->second], values[flop->second]);
  auto cpu = r.defs.cpu_member.find(metric);
  if (cpu != r.defs.cpu_member.end() && cpu->second < count)
    r.cpu = value_of(types[cpu->second], values[cpu->second]);
  auto polls = r.defs.polls_member.find(metric);
  if (polls != r.defs.polls_member.end() && polls->second < count)
    r.polls = value_of(types[polls->second], values[polls->second]);
  return OTF2_CALLBACK_SUCCESS;
}

/// The collective's action, or "" for a handle operation (no communication to replay).
std::string collective(const Rank& r, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root, uint64_t sent,
                       uint64_t received, const OTF2_AttributeList* attributes = nullptr)
{
  auto c = r.defs.comms.find(comm);
  int size = c == r.defs.comms.end() || c->second.self ? 1 : static_cast<int>(c->second.members.size());
  uint32_t element = 0;  // tireplay's tracer says a reduction's element size
  if (attributes != nullptr && r.defs.element_attribute != UINT64_MAX)
    OTF2_AttributeList_GetUint32(attributes, static_cast<OTF2_AttributeRef>(r.defs.element_attribute), &element);
  return collective_action(op, size, root, sent, received, {}, element);
}

/// An alltoallv's or alltoallw's bytes to each rank of `comm`, from tireplay's tracer's attributes; empty when the
/// archive does not record them, or when they do not add up to the bytes sent (then the counts are estimated).
std::vector<uint64_t> sent_to(const Rank& r, OTF2_CollectiveOp op, OTF2_CommRef comm, uint64_t sent,
                              const OTF2_AttributeList* attributes)
{
  auto c = r.defs.comms.find(comm);
  if ((op != OTF2_COLLECTIVE_OP_ALLTOALLV && op != OTF2_COLLECTIVE_OP_ALLTOALLW) || r.defs.sent_to_attribute.empty() ||
      c == r.defs.comms.end() || c->second.self)
    return {};
  std::vector<uint64_t> to(c->second.members.size());
  uint64_t total = 0;
  uint32_t n = attributes != nullptr ? OTF2_AttributeList_GetNumberOfElements(attributes) : 0;
  for (uint32_t i = 0; i < n; i++) {
    OTF2_AttributeRef attribute;
    OTF2_Type type;
    OTF2_AttributeValue value;
    if (OTF2_AttributeList_GetAttributeByIndex(attributes, i, &attribute, &type, &value) != OTF2_SUCCESS)
      continue;
    auto member = r.defs.sent_to_attribute.find(attribute);
    if (member == r.defs.sent_to_attribute.end() || member->second >= to.size() || type != OTF2_TYPE_UINT64)
      continue;
    to[member->second] = value.uint64;
    total += value.uint64;
  }
  return total == sent ? to : std::vector<uint64_t>{};
}

OTF2_CallbackCode on_collective_end(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                    OTF2_AttributeList* attributes, OTF2_CollectiveOp op, OTF2_CommRef comm,
                                    uint32_t root, uint64_t sent, uint64_t received)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  std::string action = collective(r, op, comm, root, sent, received, attributes);
  if (!action.empty() && r.enter_comm(position, comm) >= 0) {
    r.emit(action, comm);
    if (has_member_counts(op))
      r.out.counted.push_back({r.out.lines.size() - 1, op, comm, root, sent, received,
                               sent_to(r, op, comm, sent, attributes)});
  }
  return verdict(r);
}

/// A non-blocking collective is replayed as its blocking form where it was started: every rank starts them in
/// the same order (MPI requires it), while completions may come in any order.
OTF2_CallbackCode on_nonblocking_request(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                         OTF2_AttributeList*, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  r.posts_collectives = true;
  r.start_request(request, Request::Kind::Collective, position);
  return verdict(r);
}

OTF2_CallbackCode on_nonblocking_complete(OTF2_LocationRef, OTF2_TimeStamp time, uint64_t position, void* user,
                                          OTF2_AttributeList* attributes, OTF2_CollectiveOp op, OTF2_CommRef comm,
                                          uint32_t root, uint64_t sent, uint64_t received, uint64_t request)
{
  Rank& r = state(user);
  if (!r.check_time(position, time))
    return OTF2_CALLBACK_INTERRUPT;
  std::optional<Request> started = r.finish_request(request, Request::Kind::Collective);
  if (!started && r.posts_collectives) {
    r.fail_completion(position, request, "NonBlockingCollectiveComplete");
    return OTF2_CALLBACK_INTERRUPT;
  }
  std::string action = collective(r, op, comm, root, sent, received);
  if (action.empty() || r.enter_comm(position, comm, started ? static_cast<long>(started->line) : -1) < 0)
    return verdict(r);
  if (started)
    r.fill(started->line, action, comm);
  else
    r.emit(action, comm);
  if (has_member_counts(op))
    r.out.counted.push_back({started ? started->line : r.out.lines.size() - 1, op, comm, root, sent, received,
                             sent_to(r, op, comm, sent, attributes)});
  return verdict(r);
}

/// Reads the location's local definitions (mappings of local to global ids, when the writer used them). An archive
/// may have no local definition file; one that is there but cannot be read (empty, cut short) would leave ids
/// unmapped and the trace silently wrong: an error naming it.
void read_local_definitions(OTF2_Reader* reader, const std::string& archive, uint64_t location,
                            const std::string& where)
{
  namespace fs     = std::filesystem;
  bool anchor      = archive.size() > 5 && archive.compare(archive.size() - 5, 5, ".otf2") == 0;
  std::string dir  = archive.substr(0, archive.size() - (anchor ? 5 : 0));
  std::string file = dir + "/" + std::to_string(location) + ".def";
  std::error_code ec;
  bool there = fs::exists(file, ec);
  if (!there)  // other locations' files there and not this one's: removed, not a writer without them
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (entry.path().extension() == ".def")
        throw std::runtime_error(where + ": its local definitions " + file + " are missing, where other " +
                                 "locations have theirs (" + entry.path().string() + "): the archive is damaged");
  auto broken = [&file, &where](const std::string& why) {
    return std::runtime_error(where + ": its local definitions " + file + " cannot be read (" + why +
                              "): the archive is damaged");
  };
  if (OTF2_Reader_OpenDefFiles(reader) != OTF2_SUCCESS) {
    if (there)
      throw broken("opening the definition files");
    return;
  }
  OTF2_DefReader* local = OTF2_Reader_GetDefReader(reader, location);
  if (local == nullptr) {
    OTF2_Reader_CloseDefFiles(reader);
    if (there)
      throw broken(fs::file_size(file, ec) == 0 ? "empty" : "no reader");
    return;
  }
  uint64_t read = 0;
  OTF2_ErrorCode status = OTF2_Reader_ReadAllLocalDefinitions(reader, local, &read);
  OTF2_Reader_CloseDefReader(reader, local);
  OTF2_Reader_CloseDefFiles(reader);
  if (status != OTF2_SUCCESS && there)
    throw broken(std::string(OTF2_Error_GetName(status)) + " after " + std::to_string(read) + " records");
}

void check_complete(Rank& r, const std::string& where)
{
  auto expected = r.defs.location_events.find(r.location);
  if (expected != r.defs.location_events.end() && r.out.events != expected->second)
    throw std::runtime_error(where + ": " + std::to_string(r.out.events) + " events read, the definitions announce " +
                             std::to_string(expected->second) + " (truncated event file?)");
  for (const auto& [id, q] : r.requests) {
    std::string started = ", started by " + q.call + " (event " + std::to_string(q.position) + "),";
    if (q.kind == Request::Kind::Receive)
      throw std::runtime_error(where + ": receive request " + std::to_string(id) + started +
                               " never completes in the trace (its sender is unknown)");
    if (q.kind == Request::Kind::Collective)
      throw std::runtime_error(where + ": non-blocking collective request " + std::to_string(id) + started +
                               " never completes in the trace (its operation is unknown)");
    if (!q.buffered)  // an ibsend is complete at once in the replay; freeing it is MPI's idiom (the detach waits)
      r.out.uncompleted.push_back({q.line, q.call, q.position});
  }
}

} // namespace

RankTrace convert_rank(const std::string& archive, const Definitions& defs, int rank, const Options& options)
{
  uint64_t location = defs.location_of_rank.at(static_cast<size_t>(rank));
  std::unique_ptr<OTF2_Reader, OTF2_ErrorCode (*)(OTF2_Reader*)> reader(OTF2_Reader_Open(archive.c_str()),
                                                                         OTF2_Reader_Close);
  if (!reader)
    throw std::runtime_error(archive + ": cannot open as an OTF2 archive" + otf2_error_detail());
  OTF2_Reader_SetSerialCollectiveCallbacks(reader.get());
  std::string where = archive + ": location " + std::to_string(location) + " (rank " + std::to_string(rank) + ")";
  OTF2_Reader_SelectLocation(reader.get(), location);
  if (OTF2_Reader_OpenEvtFiles(reader.get()) != OTF2_SUCCESS)
    throw std::runtime_error(where + ": cannot open the event files");
  read_local_definitions(reader.get(), archive, location, where);
  OTF2_EvtReader* events = OTF2_Reader_GetEvtReader(reader.get(), location);
  if (events == nullptr)
    throw std::runtime_error(where + ": its event file is missing or unreadable");
  OTF2_EvtReaderCallbacks* cb = OTF2_EvtReaderCallbacks_New();
  OTF2_EvtReaderCallbacks_SetEnterCallback(cb, guarded<on_enter>);
  OTF2_EvtReaderCallbacks_SetLeaveCallback(cb, guarded<on_leave>);
  OTF2_EvtReaderCallbacks_SetMetricCallback(cb, guarded<on_metric>);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback(cb, guarded<on_collective_end>);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveRequestCallback(cb, guarded<on_nonblocking_request>);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveCompleteCallback(cb, guarded<on_nonblocking_complete>);
  set_p2p_callbacks(cb);
  set_rma_callbacks(cb);
  Rank state(defs, options, rank, location);
  OTF2_Reader_RegisterEvtCallbacks(reader.get(), events, cb, &state);
  OTF2_EvtReaderCallbacks_Delete(cb);
  OTF2_ErrorCode status = OTF2_Reader_ReadAllLocalEvents(reader.get(), events, &state.out.events);
  if (!state.error.empty())
    throw std::runtime_error(archive + ": " + state.error);
  if (status != OTF2_SUCCESS)
    throw std::runtime_error(where + ": reading its events failed after " + std::to_string(state.out.events) +
                             " events: " + OTF2_Error_GetDescription(status));
  check_complete(state, where);
  state.end_compute();
  state.index_waits();
  state.write_computations();
  state.place_definitions();
  if (state.started)
    state.out.lines.push_back(std::to_string(rank) + " finalize");
  OTF2_Reader_CloseEvtReader(reader.get(), events);
  OTF2_Reader_CloseEvtFiles(reader.get());
  return state.out;
}

} // namespace otf2ti
