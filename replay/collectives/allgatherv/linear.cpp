// Linear allgather with per-rank counts (SMPI's default, iallgatherv).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allgatherv_linear(Coll& c, const CollArgs& a)
{
  auto& requests = c.scratch();
  for (int other = 0; other < c.size(); other++) {
    if (other == c.rank())
      continue;
    requests.push_back(c.isend(other, a.bytes, kTagAllgatherv));
    requests.push_back(c.irecv(other, (*a.recv_counts)[other], kTagAllgatherv));
  }
  c.waitall(requests);
}

} // namespace tireplay::algorithms
