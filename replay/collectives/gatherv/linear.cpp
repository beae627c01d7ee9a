// Linear gather with per-rank counts (SMPI's igatherv).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void gatherv_linear(Coll& c, const CollArgs& a)
{
  auto& requests = c.scratch();
  if (c.rank() != a.root) {
    requests.push_back(c.isend(a.root, a.bytes, kTagGatherv));
  } else {
    for (int src = 0; src < c.size(); src++)
      if (src != a.root)
        requests.push_back(c.irecv(src, (*a.recv_counts)[src], kTagGatherv));
  }
  c.waitall(requests);
}

} // namespace tireplay::algorithms
