// Bruck's allgather with per-rank counts (Open MPI's tuned bruck; SMPI's ompi_bruck, allgatherv-ompi-bruck.cpp):
// at the step of distance d = 1, 2, 4, ... < p a rank sends the blocks of ranks rank .. rank+k-1 to rank-d and
// receives those of ranks rank+d .. rank+d+k-1 from rank+d, with k = d, or p-d at the last step when d > p/2.
// Each message is one indexed datatype: the sum of those blocks' counts.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allgatherv_ompi_bruck(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  const auto& counts = *a.recv_counts;
  for (int distance = 1; distance < size; distance <<= 1) {
    int from   = (rank + distance) % size;
    int to     = (rank - distance + size) % size;
    int blocks = distance <= size / 2 ? distance : size - distance;
    uint64_t send = 0, recv = 0;
    for (int i = 0; i < blocks; i++) {
      send += counts[(rank + i) % size];
      recv += counts[(from + i) % size];
    }
    c.sendrecv(to, send, from, recv, kTagAllgatherv);
  }
}

} // namespace tireplay::algorithms
