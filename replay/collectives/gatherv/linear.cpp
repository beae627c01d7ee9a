// Linear gather with per-rank counts (SMPI's igatherv).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void gatherv_linear(Coll& c, const CollArgs& a)
{
  c.fan_in(a.root, a.bytes, 0, a.recv_counts, kTagGatherv);
}

} // namespace tireplay::algorithms
