// Binomial-tree gather (Open MPI's gather_intra_binomial, gather-ompi.cpp in SMPI): on the in-order binomial
// tree of ranks relative to the root, relative rank r receives from r + 1, r + 2, r + 4, ... (below its lowest
// set bit and p) the blocks of their subtrees, then sends its own and theirs to r - lowbit(r) in one message.
#include "replay/collectives/algorithms.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void gather_binomial(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  int relative = (rank - a.root + size) % size;
  // Open MPI: the root counts blocks of its receive size, the others of their send size.
  uint64_t block = rank == a.root ? a.bytes2 : a.bytes;
  uint64_t held  = 1;  // blocks gathered so far
  for (int mask = 1; mask < size; mask <<= 1) {
    if (relative & mask) {
      c.send((relative - mask + a.root) % size, held * a.bytes, kTagGather);
      return;
    }
    if (relative + mask < size) {
      uint64_t subtree = std::min(mask, size - relative - mask);
      c.recv((relative + mask + a.root) % size, subtree * block, kTagGather);
      held += subtree;
    }
  }
}

} // namespace tireplay::algorithms
