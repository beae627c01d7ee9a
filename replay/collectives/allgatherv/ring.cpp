// Shift allgather with per-rank counts (SMPI's ring, allgatherv-ring.cpp): at step i = 1..p-1 a rank sends its
// block to rank+i and receives the block of rank-i, in one sendrecv. The own block is a local copy.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allgatherv_ring(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  for (int i = 1; i < size; i++) {
    int src = (rank - i + size) % size;
    c.sendrecv((rank + i) % size, a.bytes, src, (*a.recv_counts)[src], kTagAllgatherv);
  }
}

} // namespace tireplay::algorithms
