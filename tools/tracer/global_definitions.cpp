#include "global_definitions.hpp"

#include "communicators.hpp"
#include "regions.hpp"
#include "src/report/otf2_strings.hpp"

namespace tracer {
namespace {

using Strings = tireplay::Otf2Strings;

void write_comm(OTF2_GlobalDefWriter* w, Strings& str, OTF2_GroupRef& group, OTF2_CommRef ref,
                const std::string& name, OTF2_GroupType type, const std::vector<uint64_t>& members)
{
  OTF2_GlobalDefWriter_WriteGroup(w, group, str(name + " group"), type, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                  static_cast<uint32_t>(members.size()), members.data());
  OTF2_GlobalDefWriter_WriteComm(w, ref, str(name), group, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
  group++;
}

} // namespace

void write_global_definitions(OTF2_Archive* archive, const RunDefinitions& run)
{
  OTF2_GlobalDefWriter* w = OTF2_Archive_GetGlobalDefWriter(archive);
  Strings str(w);
  OTF2_GlobalDefWriter_WriteClockProperties(w, 1000000000, run.start, run.end - run.start + 1,
                                            OTF2_UNDEFINED_TIMESTAMP);
  OTF2_StringRef empty = str("");
  OTF2_GlobalDefWriter_WriteSystemTreeNode(w, 0, str("machine"), str("node"), OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  uint64_t ranks = run.events.size();
  for (uint64_t r = 0; r < ranks; r++) {
    OTF2_GlobalDefWriter_WriteLocationGroup(w, r, str("MPI Rank " + std::to_string(r)),
                                            OTF2_LOCATION_GROUP_TYPE_PROCESS, 0, OTF2_UNDEFINED_LOCATION_GROUP);
    OTF2_GlobalDefWriter_WriteLocation(w, r, str("Master thread"), OTF2_LOCATION_TYPE_CPU_THREAD, run.events[r], r);
  }
  OTF2_StringRef file = str("MPI");
  for (int i = 0; i < static_cast<int>(Region::Count_); i++) {
    const RegionInfo& info = region_info(static_cast<Region>(i));
    OTF2_StringRef name    = str(info.name);
    OTF2_GlobalDefWriter_WriteRegion(w, static_cast<OTF2_RegionRef>(i), name, name, empty, info.role,
                                     OTF2_PARADIGM_MPI, OTF2_REGION_FLAG_NONE, file, 0, 0);
  }

  OTF2_MetricMemberRef members[3] = {0, 1, 2};
  OTF2_GlobalDefWriter_WriteMetricMember(w, 0, str("cpu_time"), str("CPU time of the rank's thread, less the tracer's own after calls"),
                                         OTF2_METRIC_TYPE_OTHER, OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64,
                                         OTF2_BASE_DECIMAL, -9, str("s"));
  if (!run.flop_metric.empty())
    OTF2_GlobalDefWriter_WriteMetricMember(w, 1, str(run.flop_metric), str("floating-point operations"),
                                           OTF2_METRIC_TYPE_PAPI, OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64,
                                           OTF2_BASE_DECIMAL, 0, str("flop"));
  OTF2_GlobalDefWriter_WriteMetricMember(w, 2, str("polls"), str("the program's unsuccessful tests and probes after "
                                         "work of its own (otf2ti's poll action)"), OTF2_METRIC_TYPE_OTHER,
                                         OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64, OTF2_BASE_DECIMAL, 0,
                                         str("calls"));
  if (run.flop_metric.empty())
    members[1] = 2;
  OTF2_GlobalDefWriter_WriteMetricClass(w, 0, run.flop_metric.empty() ? 2 : 3, members, OTF2_METRIC_SYNCHRONOUS,
                                        OTF2_RECORDER_KIND_CPU);

  OTF2_GlobalDefWriter_WriteAttribute(w, kElementBytes, str(kElementBytesName),
                                      str("bytes of one element of a reduction's datatype"), OTF2_TYPE_UINT32);
  OTF2_GlobalDefWriter_WriteAttribute(w, kWindowBytes, str(kWindowBytesName),
                                      str("bytes of the rank's memory in a window it creates"), OTF2_TYPE_UINT64);
  OTF2_GlobalDefWriter_WriteAttribute(w, kLockNocheck, str(kLockNocheckName),
                                      str("1: the lock was taken with MPI_MODE_NOCHECK"), OTF2_TYPE_UINT8);
  OTF2_GlobalDefWriter_WriteAttribute(w, kSendMode, str(kSendModeName),
                                      str("the mode of the send started: 1 buffered (MPI_Bsend_init), 2 synchronous "
                                          "(MPI_Ssend_init), 3 ready (MPI_Rsend_init); none: standard"),
                                      OTF2_TYPE_UINT8);
  for (uint64_t r = 0; r < ranks; r++)  // a communicator has at most as many ranks as the world
    OTF2_GlobalDefWriter_WriteAttribute(w, kSentTo + static_cast<OTF2_AttributeRef>(r),
                                        str(kSentToName + std::to_string(r)),
                                        str("bytes an alltoallv or alltoallw sends to this rank of its communicator"),
                                        OTF2_TYPE_UINT64);
  std::vector<uint64_t> world(ranks);
  for (uint64_t r = 0; r < ranks; r++)
    world[r] = r;
  OTF2_GroupRef group = 0;
  OTF2_GlobalDefWriter_WriteGroup(w, group++, str("MPI ranks"), OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                  OTF2_GROUP_FLAG_NONE, static_cast<uint32_t>(ranks), world.data());
  write_comm(w, str, group, kWorldRef, "MPI_COMM_WORLD", OTF2_GROUP_TYPE_COMM_GROUP, world);
  write_comm(w, str, group, kSelfRef, "MPI_COMM_SELF", OTF2_GROUP_TYPE_COMM_SELF, {});
  for (const auto& [ref, members] : run.comms)
    write_comm(w, str, group, ref, "communicator " + std::to_string(ref), OTF2_GROUP_TYPE_COMM_GROUP, members);
  for (const auto& [ref, members] : run.groups)
    OTF2_GlobalDefWriter_WriteGroup(w, ref, str("group " + std::to_string(ref)), OTF2_GROUP_TYPE_COMM_GROUP,
                                    OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, static_cast<uint32_t>(members.size()),
                                    members.data());
  for (const auto& [ref, comm] : run.windows)
    OTF2_GlobalDefWriter_WriteRmaWin(w, ref, str("window " + std::to_string(ref)),
                                     static_cast<OTF2_CommRef>(comm.at(0)), OTF2_RMA_WIN_FLAG_NONE);
  OTF2_Archive_CloseGlobalDefWriter(archive, w);
}

} // namespace tracer
