// The MPI functions the tracer wraps, one OTF2 region each (region id = position in this list).
#pragma once

#include <otf2/otf2.h>

namespace tracer {

#define TRACER_REGIONS(X)                                                                                             \
  X(Init, FUNCTION) X(Init_thread, FUNCTION) X(Finalize, FUNCTION)                                                   \
  X(Send, POINT2POINT) X(Ssend, POINT2POINT) X(Rsend, POINT2POINT) X(Bsend, POINT2POINT) X(Recv, POINT2POINT)      \
  X(Isend, POINT2POINT) X(Issend, POINT2POINT) X(Irecv, POINT2POINT) X(Sendrecv, POINT2POINT)                      \
  X(Wait, POINT2POINT) X(Waitall, POINT2POINT) X(Waitany, POINT2POINT) X(Waitsome, POINT2POINT)                    \
  X(Test, POINT2POINT) X(Testall, POINT2POINT) X(Testany, POINT2POINT)                                               \
  X(Barrier, BARRIER) X(Bcast, COLL_ONE2ALL) X(Reduce, COLL_ALL2ONE) X(Allreduce, COLL_ALL2ALL)                     \
  X(Scan, COLL_OTHER) X(Exscan, COLL_OTHER) X(Gather, COLL_ALL2ONE) X(Gatherv, COLL_ALL2ONE)                        \
  X(Scatter, COLL_ONE2ALL) X(Scatterv, COLL_ONE2ALL) X(Allgather, COLL_ALL2ALL) X(Allgatherv, COLL_ALL2ALL)        \
  X(Alltoall, COLL_ALL2ALL) X(Alltoallv, COLL_ALL2ALL) X(Reduce_scatter, COLL_ALL2ALL)                              \
  X(Reduce_scatter_block, COLL_ALL2ALL) X(Ibarrier, BARRIER) X(Ibcast, COLL_ONE2ALL) X(Ireduce, COLL_ALL2ONE)       \
  X(Iallreduce, COLL_ALL2ALL) X(Comm_split, FUNCTION) X(Comm_dup, FUNCTION) X(Comm_create, FUNCTION)              \
  X(Comm_free, FUNCTION)

enum class Region : OTF2_RegionRef {
#define TRACER_ENUM(name, role) name,
  TRACER_REGIONS(TRACER_ENUM)
#undef TRACER_ENUM
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
      TRACER_REGIONS(TRACER_INFO)
#undef TRACER_INFO
  };
  return table[static_cast<int>(r)];
}

} // namespace tracer
