// Gather-then-broadcast allgather with per-rank counts (SMPI's GB, allgatherv-GB.cpp): gatherv to rank 0, then
// a broadcast from rank 0, both as the selector picks them (SMPI's colls::gatherv, which is always its linear
// igatherv, and colls::bcast). SMPI broadcasts max(displacement + count) elements: the largest count, as its
// replay's displacements are 0 unless the trace gives them (tireplay ignores given displacements).
#include "replay/collectives/algorithms.hpp"
#include "format/action.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void allgatherv_gb(Coll& c, const CollArgs& a)
{
  CollArgs gather = a;
  gather.root     = 0;
  c.collective(ActionKind::GatherV, gather);

  CollArgs bcast;
  bcast.root          = 0;
  bcast.datatype_size = a.recv_datatype_size;
  bcast.bytes         = a.recv_counts->empty() ? 0 : *std::max_element(a.recv_counts->begin(), a.recv_counts->end());
  c.collective(ActionKind::Bcast, bcast);
}

} // namespace tireplay::algorithms
