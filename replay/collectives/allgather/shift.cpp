// SMPI's allgather `ring` (allgather-ring.cpp), which Open MPI's selector runs for its ring: p-1 sendrecvs, own block
// to rank + i and from rank - i at step i (not a ring of neighbours: tireplay's `ring` is MPICH's, whose every
// step goes to rank + 1; the two take the same time on a switched cluster, not across a hierarchy).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allgather_shift(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  for (int i = 1; i < size; i++)
    c.sendrecv((rank + i) % size, a.bytes, (rank - i + size) % size, a.bytes2, kTagAllgather);
}

} // namespace tireplay::algorithms
