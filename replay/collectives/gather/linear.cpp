// Linear gather (SMPI's default, igather): every rank sends to the root, which receives in rank order.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void gather_linear(Coll& c, const CollArgs& a)
{
  auto& requests = c.scratch();
  if (c.rank() != a.root) {
    requests.push_back(c.isend(a.root, a.bytes, kTagGather));
  } else {
    for (int src = 0; src < c.size(); src++)
      if (src != a.root)
        requests.push_back(c.irecv(src, a.bytes2, kTagGather));
  }
  c.waitall(requests);
}

} // namespace tireplay::algorithms
