// Flat-tree broadcast (SMPI's ibcast pattern): the root posts one send per rank, everyone else one receive.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void bcast_flat(Coll& c, const CollArgs& a)
{
  auto& requests = c.scratch();
  if (c.rank() != a.root) {
    requests.push_back(c.irecv(a.root, a.bytes, kTagBcast));
  } else {
    for (int i = 0; i < c.size(); i++)
      if (i != a.root)
        requests.push_back(c.isend(i, a.bytes, kTagBcast));
  }
  c.waitall(requests);
}

} // namespace tireplay::algorithms
