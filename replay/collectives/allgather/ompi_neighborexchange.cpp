// Neighbor-exchange allgather (Chen et al. 2005; Open MPI's tuned neighborexchange; SMPI's
// ompi_neighborexchange, allgather-ompi-neighborexchange.cpp): even ranks pair with rank+1 first, then
// alternate between their two neighbors; the first step exchanges one block, the p/2 - 1 others two blocks (the
// pair received at the previous step). Both directions carry the receive count. Even p only: with odd p SMPI
// runs its allgather__ring (our `shift`).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allgather_ompi_neighborexchange(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  if (size % 2 != 0)
    return allgather_shift(c, a);
  bool even     = rank % 2 == 0;
  int neighbor0 = even ? (rank + 1) % size : (rank - 1 + size) % size;
  int neighbor1 = even ? (rank - 1 + size) % size : (rank + 1) % size;
  c.sendrecv(neighbor0, a.bytes2, neighbor0, a.bytes2, kTagAllgather);
  for (int i = 1; i < size / 2; i++) {
    int peer = i % 2 == 0 ? neighbor0 : neighbor1;
    c.sendrecv(peer, 2 * a.bytes2, peer, 2 * a.bytes2, kTagAllgather);
  }
}

} // namespace tireplay::algorithms
