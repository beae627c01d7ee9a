// Open MPI's basic linear scatter (SMPI's ompi_basic_linear, scatter-ompi.cpp): the root sends each other rank
// its block in a blocking send, in rank order; the others receive theirs.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void scatter_ompi_basic_linear(Coll& c, const CollArgs& a)
{
  if (c.rank() != a.root) {
    c.recv(a.root, a.bytes2, kTagScatter);
    return;
  }
  for (int i = 0; i < c.size(); i++)
    if (i != a.root)
      c.send(i, a.bytes, kTagScatter);
}

} // namespace tireplay::algorithms
