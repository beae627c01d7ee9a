#include "definitions.hpp"
#include "otf2_errors.hpp"

#include <otf2/otf2.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace otf2ti {
namespace {

struct Raw {
  Definitions defs;
  std::map<uint64_t, std::pair<OTF2_GroupType, std::vector<uint64_t>>> groups;
  std::map<uint64_t, OTF2_Paradigm> group_paradigm;
  std::map<uint64_t, std::pair<std::string, uint64_t>> comms;  // name, group
  std::map<uint64_t, uint64_t> windows;                         // RMA window -> its communicator
  std::map<uint64_t, std::string> metric_members;
  std::map<uint64_t, double> metric_unit;  // seconds (or flops) per unit: base ^ exponent
  std::map<uint64_t, std::vector<uint64_t>> metric_classes;
};

Raw& raw(void* user) { return *static_cast<Raw*>(user); }

OTF2_CallbackCode on_clock(void* user, uint64_t resolution, uint64_t, uint64_t, uint64_t)
{
  raw(user).defs.ticks_per_second = resolution > 0 ? resolution : 1;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_string(void* user, OTF2_StringRef self, const char* text)
{
  raw(user).defs.strings[self] = text;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_location(void* user, OTF2_LocationRef self, OTF2_StringRef, OTF2_LocationType, uint64_t events,
                              OTF2_LocationGroupRef)
{
  raw(user).defs.location_events[self] = events;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_region(void* user, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef, OTF2_StringRef,
                            OTF2_RegionRole, OTF2_Paradigm paradigm, OTF2_RegionFlag, OTF2_StringRef, uint32_t, uint32_t)
{
  Definitions& d          = raw(user).defs;
  const std::string& text = d.strings[name];
  d.region_name[self]     = text;
  d.mpi_region[self]      = paradigm == OTF2_PARADIGM_MPI || text.rfind("MPI_", 0) == 0;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_group(void* user, OTF2_GroupRef self, OTF2_StringRef, OTF2_GroupType type,
                           OTF2_Paradigm paradigm, OTF2_GroupFlag, uint32_t count, const uint64_t* members)
{
  raw(user).groups[self]         = {type, std::vector<uint64_t>(members, members + count)};
  raw(user).group_paradigm[self] = paradigm;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_comm(void* user, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group, OTF2_CommRef,
                          OTF2_CommFlag)
{
  raw(user).comms[self] = {raw(user).defs.strings[name], group};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_rma_win(void* user, OTF2_RmaWinRef self, OTF2_StringRef, OTF2_CommRef comm, OTF2_RmaWinFlag)
{
  raw(user).windows[self] = comm;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_metric_member(void* user, OTF2_MetricMemberRef self, OTF2_StringRef name, OTF2_StringRef,
                                   OTF2_MetricType, OTF2_MetricMode, OTF2_Type, OTF2_Base base, int64_t exponent,
                                   OTF2_StringRef)
{
  raw(user).metric_members[self] = raw(user).defs.strings[name];
  raw(user).metric_unit[self]    = std::pow(base == OTF2_BASE_BINARY ? 2.0 : 10.0, static_cast<double>(exponent));
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_attribute(void* user, OTF2_AttributeRef self, OTF2_StringRef name, OTF2_StringRef, OTF2_Type type)
{
  if (raw(user).defs.strings[name] == "tireplay::element_bytes" && type == OTF2_TYPE_UINT32)
    raw(user).defs.element_attribute = self;
  if (raw(user).defs.strings[name] == "tireplay::window_bytes" && type == OTF2_TYPE_UINT64)
    raw(user).defs.window_attribute = self;
  if (raw(user).defs.strings[name] == "tireplay::lock_nocheck" && type == OTF2_TYPE_UINT8)
    raw(user).defs.nocheck_attribute = self;
  const std::string& text = raw(user).defs.strings[name];
  if (text == "tireplay::send_mode" && type == OTF2_TYPE_UINT8)
    raw(user).defs.send_mode_attribute = self;
  if (text == "tireplay::buffered_send" && type == OTF2_TYPE_UINT8)
    raw(user).defs.buffered_attribute = self;
  const std::string sent_to = "tireplay::sent_to:";
  if (text.rfind(sent_to, 0) == 0 && text.size() > sent_to.size() && text.size() <= sent_to.size() + 9 &&
      text.find_first_not_of("0123456789", sent_to.size()) == std::string::npos && type == OTF2_TYPE_UINT64)
    raw(user).defs.sent_to_attribute[self] = static_cast<uint32_t>(std::stoul(text.substr(sent_to.size())));
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_metric_class(void* user, OTF2_MetricRef self, uint8_t count, const OTF2_MetricMemberRef* members,
                                  OTF2_MetricOccurrence, OTF2_RecorderKind)
{
  raw(user).metric_classes[self] = std::vector<uint64_t>(members, members + count);
  return OTF2_CALLBACK_SUCCESS;
}

/// Fills the ranks and communicators from the groups: the COMM_LOCATIONS group lists the MPI ranks' locations
/// in rank order; a COMM_GROUP lists indices into it.
void resolve(Raw& r, const std::string& archive)
{
  Definitions& d = r.defs;
  // The MPI ranks' locations: the COMM_LOCATIONS group of the MPI paradigm (Score-P also writes one of all its
  // threads, and one per other paradigm: CUDA's, OpenMP's); without one, the first COMM_LOCATIONS group.
  const std::vector<uint64_t>* world = nullptr;
  for (const auto& [id, group] : r.groups)
    if (group.first == OTF2_GROUP_TYPE_COMM_LOCATIONS && !group.second.empty() &&
        (world == nullptr || r.group_paradigm[id] == OTF2_PARADIGM_MPI)) {
      world = &group.second;
      if (r.group_paradigm[id] == OTF2_PARADIGM_MPI)
        break;
    }
  if (world == nullptr)
    throw std::runtime_error(archive + ": no MPI ranks (no COMM_LOCATIONS group): not a trace of an MPI run");
  for (size_t rank = 0; rank < world->size(); rank++) {
    d.rank_of_location[(*world)[rank]] = static_cast<int>(rank);
    d.location_of_rank.push_back((*world)[rank]);
  }
  for (const auto& [id, comm] : r.comms) {
    auto group = r.groups.find(comm.second);
    if (group == r.groups.end())
      throw std::runtime_error(archive + ": communicator " + std::to_string(id) + " names undefined group " +
                               std::to_string(comm.second));
    Communicator c;
    c.name = comm.first;
    c.self = group->second.first == OTF2_GROUP_TYPE_COMM_SELF;
    for (uint64_t index : group->second.second) {
      if (index >= world->size())
        throw std::runtime_error(archive + ": communicator " + std::to_string(id) + " has member " +
                                 std::to_string(index) + ", beyond the " + std::to_string(world->size()) + " ranks");
      c.members.push_back(static_cast<int>(index));
    }
    bool identity = !c.self && c.members.size() == world->size();
    for (size_t i = 0; identity && i < c.members.size(); i++)
      identity = c.members[i] == static_cast<int>(i);
    if (identity && (d.world_comm == UINT64_MAX || c.name == "MPI_COMM_WORLD"))
      d.world_comm = id;
    d.comms[id] = std::move(c);
  }
  if (r.windows.size() > 1000000)
    throw std::runtime_error(archive + ": " + std::to_string(r.windows.size()) + " windows, more than the trace "
                             "format's 1,000,000 ids (docs/trace-format.md section 12)");
  int window = 1;
  for (const auto& [id, comm] : r.windows) {
    if (d.comms.count(comm) == 0)
      throw std::runtime_error(archive + ": window " + std::to_string(id) + " names undefined communicator " +
                               std::to_string(comm));
    d.windows[id] = {comm, window++};
  }
  for (const auto& [id, group] : r.groups)
    if (group.first == OTF2_GROUP_TYPE_COMM_GROUP) {
      std::vector<int>& ranks = d.rank_groups[id];
      for (uint64_t index : group.second)
        ranks.push_back(index < world->size() ? static_cast<int>(index) : -1);  // -1: checked where it is used
    }
  int next = 1;
  for (auto& [id, c] : d.comms)
    if (id != d.world_comm && !c.self)
      c.ti_id = next++;
  for (auto& [id, c] : d.comms)
    if (c.self)
      c.ti_id = next;
}

void find_flop_counter(Raw& r, const std::string& wanted)
{
  const std::vector<std::string> known = {"PAPI_FP_OPS", "PAPI_DP_OPS", "PAPI_SP_OPS"};
  for (const std::string& name : wanted.empty() ? known : std::vector<std::string>{wanted}) {
    for (const auto& [cls, members] : r.metric_classes)
      for (size_t i = 0; i < members.size(); i++)
        if (r.metric_members[members[i]] == name) {
          r.defs.flop_member[cls]   = static_cast<int>(i);
          r.defs.flop_metric_name = name;
        }
    if (!r.defs.flop_metric_name.empty())
      return;
  }
  if (!wanted.empty())
    return;
  for (const auto& [cls, members] : r.metric_classes)  // the tracer's CPU time (tools/tracer)
    for (size_t i = 0; i < members.size(); i++)
      if (r.metric_members[members[i]] == "cpu_time") {
        r.defs.cpu_member[cls]        = static_cast<int>(i);
        r.defs.cpu_seconds_per_unit = r.metric_unit[members[i]];
      }
}

void find_polls(Raw& r)
{
  for (const auto& [cls, members] : r.metric_classes)  // the tracer's count of checks (tools/tracer)
    for (size_t i = 0; i < members.size(); i++)
      if (r.metric_members[members[i]] == "polls")
        r.defs.polls_member[cls] = static_cast<int>(i);
}

} // namespace

Definitions read_definitions(const std::string& archive, const std::string& flop_metric)
{
  std::unique_ptr<OTF2_Reader, OTF2_ErrorCode (*)(OTF2_Reader*)> reader(OTF2_Reader_Open(archive.c_str()),
                                                                         OTF2_Reader_Close);
  if (!reader)
    throw std::runtime_error(archive + ": cannot open as an OTF2 archive" + otf2_error_detail() +
                             missing_anchor_hint(archive));
  OTF2_Reader_SetSerialCollectiveCallbacks(reader.get());
  OTF2_GlobalDefReader* defs = OTF2_Reader_GetGlobalDefReader(reader.get());
  if (defs == nullptr)
    throw std::runtime_error(archive + ": cannot read the global definitions (" + archive + " / traces.def)");
  OTF2_GlobalDefReaderCallbacks* cb = OTF2_GlobalDefReaderCallbacks_New();
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(cb, on_clock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback(cb, on_string);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(cb, on_location);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback(cb, on_region);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback(cb, on_group);
  OTF2_GlobalDefReaderCallbacks_SetRmaWinCallback(cb, on_rma_win);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback(cb, on_comm);
  OTF2_GlobalDefReaderCallbacks_SetMetricMemberCallback(cb, on_metric_member);
  OTF2_GlobalDefReaderCallbacks_SetMetricClassCallback(cb, on_metric_class);
  OTF2_GlobalDefReaderCallbacks_SetAttributeCallback(cb, on_attribute);
  Raw r;
  OTF2_Reader_RegisterGlobalDefCallbacks(reader.get(), defs, cb, &r);
  OTF2_GlobalDefReaderCallbacks_Delete(cb);
  uint64_t read = 0;
  if (OTF2_ErrorCode status = OTF2_Reader_ReadAllGlobalDefinitions(reader.get(), defs, &read); status != OTF2_SUCCESS)
    throw std::runtime_error(archive + ": global definitions unreadable: " + OTF2_Error_GetDescription(status));
  resolve(r, archive);
  find_flop_counter(r, flop_metric);
  find_polls(r);
  if (!flop_metric.empty() && r.defs.flop_metric_name.empty())
    throw std::runtime_error(archive + ": no metric named '" + flop_metric + "' (--flop-metric)");
  return r.defs;
}

} // namespace otf2ti
