// Linear scatter with per-rank counts (SMPI's iscatterv).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void scatterv_linear(Coll& c, const CollArgs& a)
{
  c.fan_out(a.root, 0, a.send_counts, a.bytes2, kTagScatterv);
}

} // namespace tireplay::algorithms
