// Open MPI's basic linear all-to-all with per-rank counts (SMPI's ompi_basic_linear,
// alltoallv-ompi-basic-linear.cpp): a rank's own block is a local copy; every receive from the others is posted,
// in rank order, then every send, in rank order, and all are waited at once.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void alltoallv_ompi_basic_linear(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  if (size < 2)
    return;
  auto& requests = c.scratch();
  for (int i = 0; i < size; i++)
    if (i != rank)
      requests.push_back(c.irecv(i, (*a.recv_counts)[i], kTagAlltoallv));
  for (int i = 0; i < size; i++)
    if (i != rank)
      requests.push_back(c.isend(i, (*a.send_counts)[i], kTagAlltoallv));
  c.waitall(requests);
}

} // namespace tireplay::algorithms
