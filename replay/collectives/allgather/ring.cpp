// Ring allgather (MPICH's allgather_ring; Thakur, Rabenseifner & Gropp 2005, section 4.1): p-1 steps; at
// step i a rank passes to rank+1 the block it received at step i-1 (its own at step 1) and receives the next
// one from rank-1. Each link carries one block per step.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allgather_ring(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  for (int i = 1; i < size; i++)
    c.sendrecv((rank + 1) % size, a.bytes, (rank - 1 + size) % size, a.bytes2, kTagAllgather);
}

} // namespace tireplay::algorithms
