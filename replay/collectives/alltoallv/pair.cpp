// Pairwise all-to-all with per-rank counts (Faraj's pair algorithm; SMPI's pair, alltoallv-pair.cpp): at step i
// a rank exchanges its blocks with rank XOR i in one sendrecv. Step 0 is a sendrecv with itself, which SMPI's
// Request::sendrecv does as a local copy (no message). Power-of-two sizes only, as in SMPI.
#include "replay/collectives/algorithms.hpp"

#include <stdexcept>

namespace tireplay::algorithms {

void alltoallv_pair(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  if ((size & (size - 1)) != 0)
    throw std::invalid_argument("alltoallv 'pair' needs a power-of-two number of ranks, not " + std::to_string(size));
  for (int i = 1; i < size; i++) {
    int peer = rank ^ i;
    c.sendrecv(peer, (*a.send_counts)[peer], peer, (*a.recv_counts)[peer], kTagAlltoallv);
  }
}

} // namespace tireplay::algorithms
