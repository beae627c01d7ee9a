// The MPI functions the tracer wraps, one OTF2 region each (region id = position in this list): the calls tireplay
// replays, the one-sided ones (rma_calls.hpp), then those it reports only (unreplayed_calls.hpp).
#pragma once

#include "rma_calls.hpp"
#include "unreplayed_calls.hpp"

#include <otf2/otf2.h>

namespace tracer {

#define TRACER_REGIONS(X)                                                                                             \
  X(Init, FUNCTION) X(Init_thread, FUNCTION) X(Finalize, FUNCTION)                                                   \
  X(Send, POINT2POINT) X(Ssend, POINT2POINT) X(Rsend, POINT2POINT) X(Bsend, POINT2POINT) X(Recv, POINT2POINT)      \
  X(Isend, POINT2POINT) X(Issend, POINT2POINT) X(Irsend, POINT2POINT) X(Ibsend, POINT2POINT)                       \
  X(Irecv, POINT2POINT) X(Sendrecv, POINT2POINT) X(Sendrecv_replace, POINT2POINT)                                   \
  X(Probe, POINT2POINT) X(Iprobe, POINT2POINT) X(Mprobe, POINT2POINT) X(Improbe, POINT2POINT)                      \
  X(Mrecv, POINT2POINT) X(Imrecv, POINT2POINT)                                                                       \
  X(Send_init, POINT2POINT) X(Ssend_init, POINT2POINT) X(Rsend_init, POINT2POINT) X(Bsend_init, POINT2POINT)       \
  X(Recv_init, POINT2POINT) X(Start, POINT2POINT) X(Startall, POINT2POINT) X(Request_free, POINT2POINT)            \
  X(Cancel, POINT2POINT)                                                                                              \
  X(Wait, POINT2POINT) X(Waitall, POINT2POINT) X(Waitany, POINT2POINT) X(Waitsome, POINT2POINT)                    \
  X(Test, POINT2POINT) X(Testall, POINT2POINT) X(Testany, POINT2POINT) X(Testsome, POINT2POINT)                    \
  X(Barrier, BARRIER) X(Bcast, COLL_ONE2ALL) X(Reduce, COLL_ALL2ONE) X(Allreduce, COLL_ALL2ALL)                     \
  X(Scan, COLL_OTHER) X(Exscan, COLL_OTHER) X(Gather, COLL_ALL2ONE) X(Gatherv, COLL_ALL2ONE)                        \
  X(Scatter, COLL_ONE2ALL) X(Scatterv, COLL_ONE2ALL) X(Allgather, COLL_ALL2ALL) X(Allgatherv, COLL_ALL2ALL)        \
  X(Alltoall, COLL_ALL2ALL) X(Alltoallv, COLL_ALL2ALL) X(Alltoallw, COLL_ALL2ALL) X(Reduce_scatter, COLL_ALL2ALL)  \
  X(Reduce_scatter_block, COLL_ALL2ALL) X(Ibarrier, BARRIER) X(Ibcast, COLL_ONE2ALL) X(Ireduce, COLL_ALL2ONE)       \
  X(Iallreduce, COLL_ALL2ALL) X(Iscan, COLL_OTHER) X(Iexscan, COLL_OTHER) X(Igather, COLL_ALL2ONE)                  \
  X(Igatherv, COLL_ALL2ONE) X(Iscatter, COLL_ONE2ALL) X(Iscatterv, COLL_ONE2ALL) X(Iallgather, COLL_ALL2ALL)       \
  X(Iallgatherv, COLL_ALL2ALL) X(Ialltoall, COLL_ALL2ALL) X(Ialltoallv, COLL_ALL2ALL) X(Ialltoallw, COLL_ALL2ALL)  \
  X(Ireduce_scatter, COLL_ALL2ALL) X(Ireduce_scatter_block, COLL_ALL2ALL)                                           \
  X(Comm_split, FUNCTION) X(Comm_split_type, FUNCTION) X(Comm_dup, FUNCTION) X(Comm_dup_with_info, FUNCTION)       \
  X(Comm_idup, FUNCTION)                                                                                            \
  X(Comm_create, FUNCTION) X(Comm_create_group, FUNCTION) X(Cart_create, FUNCTION) X(Cart_sub, FUNCTION)           \
  X(Graph_create, FUNCTION) X(Dist_graph_create, FUNCTION) X(Dist_graph_create_adjacent, FUNCTION)                 \
  X(Intercomm_create, FUNCTION) X(Intercomm_merge, FUNCTION) X(Comm_free, FUNCTION)

enum class Region : OTF2_RegionRef {
#define TRACER_ENUM(name, role) name,
#define TRACER_UNREPLAYED_ENUM(name, lower, upper, role, params, args, fortran_args) name,
  TRACER_REGIONS(TRACER_ENUM) TRACER_RMA(TRACER_UNREPLAYED_ENUM) TRACER_UNREPLAYED(TRACER_UNREPLAYED_ENUM)
#undef TRACER_ENUM
#undef TRACER_UNREPLAYED_ENUM
  Count_
};

struct RegionInfo {
  const char* name;  // "MPI_Send"
  OTF2_RegionRole role;
};

inline const RegionInfo& region_info(Region r)
{
  static const RegionInfo table[] = {
#define TRACER_INFO(name, role) {"MPI_" #name, OTF2_REGION_ROLE_##role},
#define TRACER_UNREPLAYED_INFO(name, lower, upper, role, params, args, fortran_args) TRACER_INFO(name, role)
      TRACER_REGIONS(TRACER_INFO) TRACER_RMA(TRACER_UNREPLAYED_INFO) TRACER_UNREPLAYED(TRACER_UNREPLAYED_INFO)
#undef TRACER_INFO
#undef TRACER_UNREPLAYED_INFO
  };
  return table[static_cast<int>(r)];
}

} // namespace tracer
