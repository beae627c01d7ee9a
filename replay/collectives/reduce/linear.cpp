// Linear reduce (SMPI's default, ireduce in smpi_nbc_impl.cpp): every rank sends its vector to the root.
// The reduction flops of a replayed reduce are executed after the collective by every rank (smpi_replay.cpp).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void reduce_linear(Coll& c, const CollArgs& a)
{
  auto& requests = c.scratch();
  if (c.rank() != a.root) {
    requests.push_back(c.isend(a.root, a.bytes, kTagReduce));
  } else {
    for (int src = 0; src < c.size(); src++)
      if (src != a.root)
        requests.push_back(c.irecv(src, a.bytes, kTagReduce));
  }
  c.waitall(requests);
}

} // namespace tireplay::algorithms
