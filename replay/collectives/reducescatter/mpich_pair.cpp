// MPICH's pairwise reduce-scatter (reduce_scatter-mpich.cpp, mpich_pair): at step i, send rank+i the block
// it owns and receive this rank's block from rank-i.
#include "replay/collectives/algorithms.hpp"

#include <numeric>

namespace tireplay::algorithms {

void reducescatter_mpich_pair(Coll& c, const CollArgs& a)
{
  const auto& counts = *a.recv_counts;
  int size = c.size(), rank = c.rank();
  if (std::accumulate(counts.begin(), counts.end(), uint64_t{0}) == 0)
    return;  // MPICH returns MPI_ERR_COUNT without communicating
  for (int i = 1; i < size; i++) {
    int src = (rank - i + size) % size;
    int dst = (rank + i) % size;
    c.sendrecv(dst, counts[dst], src, counts[rank], kTagReduceScatter);
  }
}

} // namespace tireplay::algorithms
