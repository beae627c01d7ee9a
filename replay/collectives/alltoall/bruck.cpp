// Bruck's all-to-all (alltoall-bruck.cpp): ceil(log2 p) steps; at step k a rank sends to rank + 2^k the
// blocks whose index has bit k set, packed in one message. Local rotations cost nothing.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void alltoall_bruck(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  for (int pof2 = 1; pof2 < size; pof2 *= 2) {
    uint64_t blocks = 0;
    for (int block = 1; block < size; block++)
      if (block & pof2)
        blocks++;
    c.sendrecv((rank + pof2) % size, blocks * a.bytes, (rank - pof2 + size) % size, blocks * a.bytes,
               kTagAlltoall);
  }
}

} // namespace tireplay::algorithms
