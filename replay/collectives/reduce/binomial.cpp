// Binomial-tree reduce (MPICH's, reduce-binomial.cpp in SMPI, commutative case as a replay's operation is):
// relative rank r receives the whole vector from r + 1, r + 2, r + 4, ... below its lowest set bit, then sends
// its partial result to r - lowbit(r). A zero-byte reduce sends nothing, as in SMPI.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void reduce_binomial(Coll& c, const CollArgs& a)
{
  if (a.bytes == 0)
    return;
  int size = c.size();
  int relative = (c.rank() - a.root + size) % size;
  for (int mask = 1; mask < size; mask <<= 1) {
    if (relative & mask) {
      c.send((relative - mask + a.root) % size, a.bytes, kTagReduce);
      return;
    }
    if ((relative | mask) < size)
      c.recv(((relative | mask) + a.root) % size, a.bytes, kTagReduce);
  }
}

} // namespace tireplay::algorithms
