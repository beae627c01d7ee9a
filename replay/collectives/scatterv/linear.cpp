// Linear scatter with per-rank counts (SMPI's iscatterv).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void scatterv_linear(Coll& c, const CollArgs& a)
{
  auto& requests = c.scratch();
  if (c.rank() != a.root) {
    requests.push_back(c.irecv(a.root, a.bytes2, kTagScatterv));
  } else {
    for (int dst = 0; dst < c.size(); dst++)
      if (dst != a.root)
        requests.push_back(c.isend(dst, (*a.send_counts)[dst], kTagScatterv));
  }
  c.waitall(requests);
}

} // namespace tireplay::algorithms
