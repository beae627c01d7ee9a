// Open MPI's basic linear reduce (reduce__ompi_basic_linear, reduce-ompi.cpp in SMPI): every other rank sends
// its vector to the root, which receives them one at a time (blocking), from rank p - 1 down to rank 0.
// Unlike `linear` (SMPI's default), the receives are not all posted at once; empty vectors are still sent.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void reduce_ompi_basic_linear(Coll& c, const CollArgs& a)
{
  if (c.rank() != a.root) {
    c.send(a.root, a.bytes, kTagReduce);
    return;
  }
  for (int src = c.size() - 1; src >= 0; src--)
    if (src != a.root)
      c.recv(src, a.bytes, kTagReduce);
}

} // namespace tireplay::algorithms
