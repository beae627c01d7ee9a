// Linear scatter (SMPI's default, iscatter): the root sends each rank its block.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void scatter_linear(Coll& c, const CollArgs& a)
{
  auto& requests = c.scratch();
  if (c.rank() != a.root) {
    requests.push_back(c.irecv(a.root, a.bytes2, kTagScatter));
  } else {
    for (int dst = 0; dst < c.size(); dst++)
      if (dst != a.root)
        requests.push_back(c.isend(dst, a.bytes, kTagScatter));
  }
  c.waitall(requests);
}

} // namespace tireplay::algorithms
