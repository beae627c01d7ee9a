// Linear allgather (SMPI's default, iallgather): each rank sends its block to and receives one from every
// other rank, posted pairwise in rank order.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allgather_linear(Coll& c, const CollArgs& a)
{
  auto& requests = c.scratch();
  for (int other = 0; other < c.size(); other++) {
    if (other == c.rank())
      continue;
    requests.push_back(c.isend(other, a.bytes, kTagAllgather));
    requests.push_back(c.irecv(other, a.bytes2, kTagAllgather));
  }
  c.waitall(requests);
}

} // namespace tireplay::algorithms
