// Open MPI's non-blocking linear scatter (SMPI's ompi_linear_nb, scatter-ompi.cpp): the root posts a
// non-blocking send to every other rank, in rank order, then waits for them all; the others receive their
// block. (Open MPI makes every k-th send blocking to flush its resources; SMPI's version does not.)
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void scatter_ompi_linear_nb(Coll& c, const CollArgs& a)
{
  if (c.rank() != a.root) {
    c.recv(a.root, a.bytes2, kTagScatter);
    return;
  }
  auto& requests = c.scratch();
  for (int i = 0; i < c.size(); i++)
    if (i != a.root)
      requests.push_back(c.isend(i, a.bytes, kTagScatter));
  c.waitall(requests);
}

} // namespace tireplay::algorithms
