// Binomial-tree scatter (Open MPI's scatter_intra_binomial, scatter-ompi.cpp in SMPI): on the in-order binomial
// tree of ranks relative to the root, relative rank r receives the blocks of its whole subtree from
// r - lowbit(r), then sends to r + 1, r + 2, r + 4, ... (below lowbit(r) and p) the blocks of theirs.
#include "replay/collectives/algorithms.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void scatter_binomial(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  int relative = (rank - a.root + size) % size;
  // Open MPI: the root counts blocks of its send size, the others of their receive size.
  uint64_t block = rank == a.root ? a.bytes : a.bytes2;
  int lowbit     = 1;
  while (lowbit < size && (relative & lowbit) == 0)
    lowbit <<= 1;
  if (relative > 0) {
    uint64_t subtree = std::min(lowbit, size - relative);
    c.recv((relative - lowbit + a.root) % size, subtree * block, kTagScatter);
  }
  for (int mask = 1; mask < lowbit && relative + mask < size; mask <<= 1)
    c.send((relative + mask + a.root) % size, std::min(mask, size - relative - mask) * block, kTagScatter);
}

} // namespace tireplay::algorithms
