// Linear all-to-all with per-rank counts (SMPI's default, ialltoallv): every receive, then every send,
// in rank order.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void alltoallv_linear(Coll& c, const CollArgs& a)
{
  if (c.size() < 2)
    return;
  auto& requests = c.scratch();
  for (int i = 0; i < c.size(); i++)
    if (i != c.rank())
      requests.push_back(c.irecv(i, (*a.recv_counts)[i], kTagAlltoallv));
  for (int i = 0; i < c.size(); i++)
    if (i != c.rank())
      requests.push_back(c.isend(i, (*a.send_counts)[i], kTagAlltoallv));
  c.waitall(requests);
}

} // namespace tireplay::algorithms
