// Open MPI's ring reduce-scatter (SMPI's ompi_ring, reduce_scatter-ompi.cpp): p-1 steps around the ring. A
// rank posts the receive of a block from rank-1 (as large as the largest block), sends block rank-1 to rank+1,
// then for k = 2 .. p-1 posts the next receive, waits the previous one and sends block rank-k on; it waits the
// last receive (its own block, complete). Block sizes are the call's recv_counts.
#include "replay/collectives/algorithms.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void reducescatter_ompi_ring(Coll& c, const CollArgs& a)
{
  const auto& counts = *a.recv_counts;
  int size = c.size(), rank = c.rank();
  if (size == 1)
    return;
  uint64_t largest = *std::max_element(counts.begin(), counts.end());
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  Request* pending = c.irecv(left, largest, kTagReduceScatter);
  c.send(right, counts[left], kTagReduceScatter);
  for (int k = 2; k < size; k++) {
    Request* previous = pending;
    pending           = c.irecv(left, largest, kTagReduceScatter);
    c.wait(previous);
    c.send(right, counts[(rank + size - k) % size], kTagReduceScatter);
  }
  c.wait(pending);
}

} // namespace tireplay::algorithms
