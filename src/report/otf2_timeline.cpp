#include "src/report/otf2_timeline.hpp"
#include "src/report/timeline.hpp"

#include "src/report/otf2_strings.hpp"
#include "format/rank_reader.hpp"

#include <otf2/otf2.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

namespace fs = std::filesystem;

extern "C" __attribute__((weak)) OTF2_ErrorCode otf2_archive_set_trace_id(OTF2_Archive* archive, uint64_t id);

namespace tireplay {
namespace {

constexpr uint64_t kTicksPerSecond = 1000000000;  // nanoseconds: ticks = round(seconds * 1e9)
constexpr OTF2_SystemTreeNodeRef kMachineNode = 0;
enum Attribute : OTF2_AttributeRef { kBytes, kFlops, kLine };

uint64_t ticks(double seconds) { return static_cast<uint64_t>(std::llround(seconds * kTicksPerSecond)); }

struct RegionKind {
  OTF2_RegionRole role;
  OTF2_Paradigm paradigm;
};

/// How a state shows in OTF2: compute is the user's code, the rest MPI calls, collectives by their pattern.
RegionKind region_kind(ActionKind kind)
{
  switch (bucket_of(kind) == Bucket::Compute ? ActionKind::Compute : kind) {
    case ActionKind::Compute:
      return {OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER};
    case ActionKind::Barrier:
      return {OTF2_REGION_ROLE_BARRIER, OTF2_PARADIGM_MPI};
    case ActionKind::Bcast:
    case ActionKind::Scatter:
    case ActionKind::ScatterV:
      return {OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_PARADIGM_MPI};
    case ActionKind::Reduce:
    case ActionKind::Gather:
    case ActionKind::GatherV:
      return {OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_PARADIGM_MPI};
    case ActionKind::AllReduce:
    case ActionKind::AllToAll:
    case ActionKind::AllToAllV:
    case ActionKind::AllGather:
    case ActionKind::AllGatherV:
    case ActionKind::ReduceScatter:
      return {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI};
    case ActionKind::Scan:
    case ActionKind::ExScan:
      return {OTF2_REGION_ROLE_COLL_OTHER, OTF2_PARADIGM_MPI};
    default:  // send, receive, sendrecv, wait, one-sided
      return {is_rma(kind) ? OTF2_REGION_ROLE_RMA : OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI};
  }
}

/// The regions of the archive: one per state name that occurs, numbered in order of first occurrence (rank 0's
/// events first), so that the same timeline gives the same archive.
struct Regions {
  std::array<OTF2_RegionRef, static_cast<size_t>(ActionKind::Count_)> of_kind;
  std::vector<ActionKind> first_kind;  // per region: a kind that shows as it

  explicit Regions(const Timeline& timeline)
  {
    of_kind.fill(OTF2_UNDEFINED_REGION);
    std::map<std::string_view, OTF2_RegionRef> by_name;
    for (const auto& events : timeline.ranks)
      for (const TimedEvent& e : events) {
        OTF2_RegionRef& ref = of_kind[static_cast<size_t>(e.kind)];
        if (ref != OTF2_UNDEFINED_REGION)
          continue;
        auto [it, added] = by_name.emplace(state_name(e.kind), static_cast<OTF2_RegionRef>(first_kind.size()));
        if (added)
          first_kind.push_back(e.kind);
        ref = it->second;
      }
  }
};

/// The OTF2 calls' failures as the user's error: the archive's directory and what could not be done.
class Checker {
public:
  explicit Checker(const std::string& dir) : dir_(dir) {}
  void operator()(OTF2_ErrorCode code, const char* what) const
  {
    if (code != OTF2_SUCCESS)
      fail(std::string(what) + ": " + OTF2_Error_GetDescription(code));
  }
  template <typename T> T* operator()(T* handle, const char* what) const
  {
    if (handle == nullptr)
      fail(what);
    return handle;
  }
  [[noreturn]] void fail(const std::string& what) const
  {
    throw InputError(dir_ + ": cannot write the OTF2 archive: " + what);
  }

private:
  const std::string& dir_;
};

/// Beside an archive that tireplay wrote: an archive without it (a traced run's) is not replaced.
constexpr const char* kMarkName = "traces.tireplay";

/// A timeline of a tireplay older than the mark: its creator says so.
bool written_by_tireplay(const std::string& anchor)
{
  OTF2_Reader* reader = OTF2_Reader_Open(anchor.c_str());
  if (reader == nullptr)
    return false;
  char* creator = nullptr;
  bool ours     = OTF2_Reader_GetCreator(reader, &creator) == OTF2_SUCCESS && creator != nullptr &&
              std::string(creator) == "tireplay replay";
  std::free(creator);
  OTF2_Reader_Close(reader);
  return ours;
}

} // namespace

void check_timeline_directory(const std::string& dir)
{
  std::error_code ec;
  const fs::path base = fs::path(dir) / kOtf2ArchiveName;
  const fs::path anchor = base.string() + ".otf2", defs = base.string() + ".def";
  if (!fs::exists(anchor, ec)) {
    for (const fs::path& p : {base, defs})
      if (fs::exists(p, ec))
        throw InputError(p.string() + ": in the way of the OTF2 archive and not part of one (no " + anchor.string() +
                         "): remove it or write the archive elsewhere");
  } else if (!fs::exists(fs::path(dir) / kMarkName, ec) && !written_by_tireplay(anchor.string())) {
    throw InputError(anchor.string() + ": an OTF2 archive that tireplay did not write (a traced run's?): refusing "
                     "to replace it; remove it or write the timeline elsewhere");
  }
}

namespace {

/// Makes DIR and removes the archive it holds (DIR/traces.otf2, its .def file and its directory). Other files of
/// DIR stay; a traces/ or traces.def without the anchor file is not ours to remove, nor an archive without our mark.
void prepare_directory(const std::string& dir)
{
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec))
    throw InputError(dir + ": cannot create the OTF2 archive's directory: " +
                     (ec ? ec.message() : std::string("not a directory")));
  check_timeline_directory(dir);
  const fs::path base = fs::path(dir) / kOtf2ArchiveName;
  const fs::path anchor = base.string() + ".otf2", defs = base.string() + ".def";
  if (!fs::exists(anchor, ec))
    return;
  for (const fs::path& p : {anchor, defs, base}) {
    fs::remove_all(p, ec);
    if (ec)
      throw InputError(p.string() + ": cannot replace the OTF2 archive: " + ec.message());
  }
}

/// A trace identifier made of the timeline, so that the same replay writes the same bytes. OTF2 otherwise hashes the
/// process id, the time and the host into it; its setter is exported but not in the public headers, hence the weak
/// declaration: where it is missing, the identifier stays OTF2's.
uint64_t timeline_id(const ReplayResult& result)
{
  uint64_t hash = 14695981039346656037ull;  // FNV-1a
  auto mix = [&hash](uint64_t value) {
    for (int i = 0; i < 8; i++, value >>= 8)
      hash = (hash ^ (value & 0xff)) * 1099511628211ull;
  };
  for (const std::string& host : result.hosts) {
    mix(host.size());
    for (char c : host)
      mix(static_cast<unsigned char>(c));
  }
  for (const auto& events : result.timeline.ranks) {
    mix(events.size());
    for (const TimedEvent& e : events) {
      uint64_t flops_bits = 0;
      std::memcpy(&flops_bits, &e.flops, sizeof flops_bits);
      for (uint64_t v : {static_cast<uint64_t>(e.kind), ticks(e.start), ticks(e.end), e.bytes, flops_bits, e.line})
        mix(v);
    }
  }
  return hash == 0 ? 1 : hash;  // 0 asks OTF2 for its own
}

OTF2_FlushType pre_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }

void write_events(OTF2_Archive* archive, const Checker& check, uint64_t rank, const std::vector<TimedEvent>& events,
                  const Regions& regions)
{
  OTF2_EvtWriter* w = check(OTF2_Archive_GetEvtWriter(archive, rank), "no event writer");
  std::unique_ptr<OTF2_AttributeList, OTF2_ErrorCode (*)(OTF2_AttributeList*)> attributes(
      OTF2_AttributeList_New(), OTF2_AttributeList_Delete);
  for (const TimedEvent& e : events) {
    OTF2_RegionRef region = regions.of_kind[static_cast<size_t>(e.kind)];
    // Writing the Enter event empties the list.
    check(OTF2_AttributeList_AddUint64(attributes.get(), kBytes, e.bytes), "bytes attribute");
    check(OTF2_AttributeList_AddDouble(attributes.get(), kFlops, e.flops), "flops attribute");
    check(OTF2_AttributeList_AddUint64(attributes.get(), kLine, e.line), "line attribute");
    check(OTF2_EvtWriter_Enter(w, attributes.get(), ticks(e.start), region), "Enter event");
    check(OTF2_EvtWriter_Leave(w, nullptr, ticks(e.end), region), "Leave event");
  }
  check(OTF2_Archive_CloseEvtWriter(archive, w), "closing an event writer");
}

void write_system_tree(OTF2_GlobalDefWriter* w, Otf2Strings& str, const ReplayResult& result)
{
  OTF2_GlobalDefWriter_WriteSystemTreeNode(w, kMachineNode, str("machine"), str("machine"),
                                           OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  std::map<std::string, OTF2_SystemTreeNodeRef> node_of_host;
  OTF2_StringRef node_class = str("node");
  for (uint64_t r = 0; r < result.timeline.ranks.size(); r++) {
    const std::string& host = r < result.hosts.size() ? result.hosts[r] : "unknown host";
    auto [it, added] = node_of_host.emplace(host, static_cast<OTF2_SystemTreeNodeRef>(node_of_host.size() + 1));
    if (added)
      OTF2_GlobalDefWriter_WriteSystemTreeNode(w, it->second, str(host), node_class, kMachineNode);
    OTF2_GlobalDefWriter_WriteLocationGroup(w, r, str(result.rank_name(r)), OTF2_LOCATION_GROUP_TYPE_PROCESS,
                                            it->second, OTF2_UNDEFINED_LOCATION_GROUP);
    OTF2_GlobalDefWriter_WriteLocation(w, r, str(result.rank_name(r) + " thread"),
                                       OTF2_LOCATION_TYPE_CPU_THREAD, 2 * result.timeline.ranks[r].size(), r);
  }
}

void write_global_definitions(OTF2_Archive* archive, const Checker& check, const ReplayResult& result,
                              const Regions& regions)
{
  OTF2_GlobalDefWriter* w = check(OTF2_Archive_GetGlobalDefWriter(archive), "no global definition writer");
  Otf2Strings str(w);
  uint64_t length = ticks(result.simulated_time);
  for (const auto& events : result.timeline.ranks)
    if (!events.empty())
      length = std::max(length, ticks(events.back().end));
  // No realtime timestamp: the archive of a replay is the same whenever it is written.
  check(OTF2_GlobalDefWriter_WriteClockProperties(w, kTicksPerSecond, 0, length, OTF2_UNDEFINED_TIMESTAMP),
        "clock properties");
  OTF2_StringRef empty = str("");
  OTF2_GlobalDefWriter_WriteAttribute(w, kBytes, str("bytes"), str("message volume of the action, as the trace gives it"),
                                      OTF2_TYPE_UINT64);
  OTF2_GlobalDefWriter_WriteAttribute(w, kFlops, str("flops"), str("floating-point operations executed"),
                                      OTF2_TYPE_DOUBLE);
  OTF2_GlobalDefWriter_WriteAttribute(w, kLine, str("line"), str("line of the action in the rank's trace file"),
                                      OTF2_TYPE_UINT64);
  write_system_tree(w, str, result);
  for (size_t i = 0; i < regions.first_kind.size(); i++) {
    ActionKind kind        = regions.first_kind[i];
    OTF2_StringRef name    = str(std::string(state_name(kind)));
    RegionKind region      = region_kind(kind);
    check(OTF2_GlobalDefWriter_WriteRegion(w, static_cast<OTF2_RegionRef>(i), name, name, empty, region.role,
                                           region.paradigm, OTF2_REGION_FLAG_NONE, empty, 0, 0),
          "region definition");
  }
  check(OTF2_Archive_CloseGlobalDefWriter(archive, w), "closing the global definitions");
}

void write_archive(OTF2_Archive* archive, const Checker& check, const ReplayResult& result)
{
  static const OTF2_FlushCallbacks flush = {pre_flush, nullptr};
  check(OTF2_Archive_SetFlushCallbacks(archive, &flush, nullptr), "flush callbacks");
  check(OTF2_Archive_SetSerialCollectiveCallbacks(archive), "collective callbacks");
  check(OTF2_Archive_SetCreator(archive, "tireplay replay"), "creator");
  check(OTF2_Archive_SetDescription(archive, "simulated timeline of a time-independent trace"), "description");
  const Regions regions(result.timeline);
  const uint64_t ranks = result.timeline.ranks.size();
  check(OTF2_Archive_OpenEvtFiles(archive), "opening the event files");
  for (uint64_t r = 0; r < ranks; r++)
    write_events(archive, check, r, result.timeline.ranks[r], regions);
  check(OTF2_Archive_CloseEvtFiles(archive), "closing the event files");
  // Every location has a (here empty) local definition file: the references are global already.
  check(OTF2_Archive_OpenDefFiles(archive), "opening the definition files");
  for (uint64_t r = 0; r < ranks; r++)
    check(OTF2_Archive_CloseDefWriter(archive, check(OTF2_Archive_GetDefWriter(archive, r), "no definition writer")),
          "closing a definition writer");
  check(OTF2_Archive_CloseDefFiles(archive), "closing the definition files");
  write_global_definitions(archive, check, result, regions);
  if (otf2_archive_set_trace_id != nullptr)
    check(otf2_archive_set_trace_id(archive, timeline_id(result)), "trace identifier");
}

} // namespace

void write_otf2_timeline(const std::string& dir, const ReplayResult& result)
{
  prepare_directory(dir);
  // Written whole in DIR/.traces.partPID, then moved into DIR, its anchor file last: a DIR/traces.otf2 is always a
  // whole archive (an interrupted one is left as the hidden partial directory).
  const fs::path part = fs::path(dir) / ("." + std::string(kOtf2ArchiveName) + ".part" + std::to_string(getpid()));
  std::error_code ec;
  fs::remove_all(part, ec);
  if (!fs::create_directory(part, ec))
    throw InputError(part.string() + ": cannot create the OTF2 archive's temporary directory: " +
                     (ec ? ec.message() : std::string("it exists")));
  try {
    Checker check(dir);
    const std::string where = part.string();
    OTF2_Archive* archive   = check(OTF2_Archive_Open(where.c_str(), kOtf2ArchiveName, OTF2_FILEMODE_WRITE, 1 << 20,
                                                      4 << 20, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE),
                                    "opening it");
    try {
      write_archive(archive, check, result);
    } catch (...) {
      OTF2_Archive_Close(archive);
      throw;
    }
    check(OTF2_Archive_Close(archive), "closing the archive");
    {  // the mark first: an anchor file in DIR always has it
      std::ofstream mark(fs::path(dir) / kMarkName);
      mark << "traces.otf2 here is a timeline that `tireplay replay --otf2-out` wrote, which the next one may "
              "replace\n";
      mark.close();
      if (!mark)
        throw InputError(dir + ": cannot write " + kMarkName + " beside the OTF2 archive");
    }
    const std::string base = kOtf2ArchiveName;
    for (const std::string& name : {base, base + ".def", base + ".otf2"}) {
      fs::rename(part / name, fs::path(dir) / name, ec);
      if (ec)
        throw InputError(dir + ": cannot move the OTF2 archive's " + name + " into place: " + ec.message());
    }
    fs::remove(part, ec);
  } catch (...) {
    fs::remove_all(part, ec);
    throw;
  }
}

} // namespace tireplay
