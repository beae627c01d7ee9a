// Ring all-to-all (alltoall-ring.cpp in SMPI): p-1 steps; at step i a rank sends its block for rank+i and
// receives rank-i's block for it, in one sendrecv. Step 0, the block for itself, is a local copy.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void alltoall_ring(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  for (int i = 1; i < size; i++)
    c.sendrecv((rank + i) % size, a.bytes, (rank - i + size) % size, a.bytes2, kTagAlltoall);
}

} // namespace tireplay::algorithms
