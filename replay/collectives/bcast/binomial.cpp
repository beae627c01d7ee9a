// Binomial-tree broadcast (SMPI's default, bcast-binomial-tree.cpp): a rank receives from the rank that
// differs in its lowest set bit (relative to the root), then sends to ranks at decreasing distances.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void bcast_binomial(Coll& c, const CollArgs& a)
{
  int size     = c.size();
  int relative = (c.rank() - a.root + size) % size;
  int mask     = 1;
  while (mask < size) {
    if (relative & mask) {
      c.recv((c.rank() - mask + size) % size, a.bytes, kTagBcast);
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (relative + mask < size)
      c.send((c.rank() + mask) % size, a.bytes, kTagBcast);
}

} // namespace tireplay::algorithms
