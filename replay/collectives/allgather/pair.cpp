// Pairwise-exchange allgather (SMPI's pair, allgather-pair.cpp, from Faraj & Yuan): at step i a rank exchanges
// its own block with rank XOR i. The own block is a local copy. Power-of-two communicators only, as in SMPI.
#include "replay/collectives/algorithms.hpp"

#include <stdexcept>
#include <string>

namespace tireplay::algorithms {

void allgather_pair(Coll& c, const CollArgs& a)
{
  int size = c.size();
  if ((size & (size - 1)) != 0)
    throw std::invalid_argument("allgather 'pair' needs a power-of-two number of ranks, not " +
                                std::to_string(size));
  for (int i = 1; i < size; i++) {
    int peer = c.rank() ^ i;
    c.sendrecv(peer, a.bytes, peer, a.bytes2, kTagAllgather);
  }
}

} // namespace tireplay::algorithms
