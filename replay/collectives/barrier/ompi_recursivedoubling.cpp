// Recursive-doubling barrier (SMPI's ompi_recursivedoubling, barrier-ompi.cpp): with p' the largest power of two
// <= p, rank r >= p' first signals r - p'; the ranks below p' exchange empty messages with r XOR 2^k, k = 0, 1,
// ...; at last rank r < p - p' releases r + p'. A rank above p' does its signal and wait as one sendrecv, whose
// receive is the release.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void barrier_ompi_recursivedoubling(Coll& c, const CollArgs&)
{
  int size = c.size(), rank = c.rank();
  int pof2 = 1;
  while (pof2 * 2 <= size)
    pof2 *= 2;
  if (rank >= pof2)
    c.sendrecv(rank - pof2, 0, rank - pof2, 0, kTagBarrier);
  else if (rank < size - pof2)
    c.recv(rank + pof2, 0, kTagBarrier);
  if (rank < pof2)
    for (int mask = 1; mask < pof2; mask <<= 1)
      c.sendrecv(rank ^ mask, 0, rank ^ mask, 0, kTagBarrier);
  if (rank < size - pof2)
    c.send(rank + pof2, 0, kTagBarrier);
}

} // namespace tireplay::algorithms
