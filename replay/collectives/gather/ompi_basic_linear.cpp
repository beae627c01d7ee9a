// Open MPI's basic linear gather (SMPI's ompi_basic_linear, gather-ompi.cpp): every other rank sends its block
// to the root in a blocking send; the root receives them one after the other, in rank order (blocking receives,
// unlike `linear`, which posts them all at once).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void gather_ompi_basic_linear(Coll& c, const CollArgs& a)
{
  if (c.rank() != a.root) {
    c.send(a.root, a.bytes, kTagGather);
    return;
  }
  for (int i = 0; i < c.size(); i++)
    if (i != a.root)
      c.recv(i, a.bytes2, kTagGather);
}

} // namespace tireplay::algorithms
