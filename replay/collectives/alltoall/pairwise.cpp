// Pairwise-exchange all-to-all (alltoall-pair.cpp): at step i, exchange with rank XOR i.
// Defined for power-of-two communicators only, as in SMPI.
#include "replay/collectives/algorithms.hpp"

#include <stdexcept>

namespace tireplay::algorithms {

void alltoall_pairwise(Coll& c, const CollArgs& a)
{
  int size = c.size();
  if ((size & (size - 1)) != 0)
    throw std::invalid_argument("alltoall 'pairwise' needs a power-of-two number of ranks, not " +
                                std::to_string(size));
  for (int i = 1; i < size; i++) {  // step 0 is a local copy
    int peer = c.rank() ^ i;
    c.sendrecv(peer, a.bytes, peer, a.bytes2, kTagAlltoall);
  }
}

} // namespace tireplay::algorithms
