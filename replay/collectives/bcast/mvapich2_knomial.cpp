// MVAPICH2's intra-node k-nomial broadcast (SMPI's mvapich2_knomial_intra_node, bcast-mvapich-smp.cpp; the ompi
// selector's "knomial"), which SMPI runs on the whole communicator with k = 4: relative rank r receives the whole
// message from r with its lowest nonzero base-4 digit cleared, then, for decreasing powers 4^j below that digit's,
// sends it to r + 4^j, r + 2*4^j, r + 3*4^j (those below p) at once (isend, waitall). Before its first call on a
// communicator, a rank runs SMPI's init_smp (bcast/smp.cpp), as SMPI's algorithm does; smpirun -replay crashes
// there (SimGrid 3.32): the times are those of SMPI running the program itself.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void bcast_mvapich2_knomial_intra_node(Coll& c, const CollArgs& a)
{
  constexpr int k = 4;  // SMPI's mv2_intra_node_knomial_factor
  smp_init(c, a);
  int size = c.size(), rank = c.rank();
  if (size == 1)
    return;
  int relative = (rank - a.root + size) % size;
  int mask = 1;
  for (; mask < size; mask *= k)
    if (relative % (k * mask) != 0) {
      c.recv((relative / (k * mask) * (k * mask) + a.root) % size, a.bytes, kTagBcast);
      break;
    }
  auto& requests = c.scratch();
  for (mask /= k; mask > 0; mask /= k) {
    for (int j = 1; j < k; j++)
      if (relative + mask * j < size)
        requests.push_back(c.isend((rank + mask * j) % size, a.bytes, kTagBcast));
    c.waitall(requests);
  }
}

} // namespace tireplay::algorithms
