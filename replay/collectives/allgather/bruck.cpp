// Bruck's allgather (Bruck et al. 1997; allgather-bruck.cpp in SMPI): at step k a rank sends the 2^k blocks it
// holds to rank - 2^k and receives as many from rank + 2^k, for ceil(log2 p) steps; the last step moves only the
// p - 2^floor(log2 p) blocks still missing. The final rotation is local.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allgather_bruck(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  int pof2 = 1;
  for (; pof2 <= size / 2; pof2 *= 2)
    c.sendrecv((rank - pof2 + size) % size, pof2 * a.bytes, (rank + pof2) % size, pof2 * a.bytes2, kTagAllgather);
  if (int remainder = size - pof2; remainder > 0)
    c.sendrecv((rank - pof2 + size) % size, remainder * a.bytes, (rank + pof2) % size, remainder * a.bytes2,
               kTagAllgather);
}

} // namespace tireplay::algorithms
