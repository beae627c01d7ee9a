// Linear all-to-all (alltoall-basic-linear.cpp): post every receive (next ranks first), then every send in
// reverse order, then wait for all.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void alltoall_linear(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  if (size < 2)
    return;
  auto& requests = c.scratch();
  for (int i = (rank + 1) % size; i != rank; i = (i + 1) % size)
    requests.push_back(c.irecv(i, a.bytes2, kTagAlltoall));
  for (int i = (rank + size - 1) % size; i != rank; i = (i + size - 1) % size)
    requests.push_back(c.isend(i, a.bytes, kTagAlltoall));
  c.waitall(requests);
}

} // namespace tireplay::algorithms
