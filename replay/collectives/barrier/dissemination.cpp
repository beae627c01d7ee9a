// Dissemination barrier (Hensgen, Finkel & Manber 1988; Open MPI's barrier_intra_bruck, barrier-ompi.cpp in
// SMPI): ceil(log2 p) rounds; in round k a rank sends an empty message to rank + 2^k and receives one from
// rank - 2^k. After the last round every rank has heard, directly or not, from every other.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void barrier_dissemination(Coll& c, const CollArgs&)
{
  int size = c.size(), rank = c.rank();
  for (int distance = 1; distance < size; distance <<= 1)
    c.sendrecv((rank + distance) % size, 0, (rank - distance + size) % size, 0, kTagBarrier);
}

} // namespace tireplay::algorithms
