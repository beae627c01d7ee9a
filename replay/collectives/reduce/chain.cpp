// Chain reduce, unsegmented (Open MPI's chain topology with fan-out 1, one segment): ranks relative to the root
// form a line; the last one sends its vector to its predecessor, each rank receives the partial result from its
// successor and sends its own on, the root receiving last. p-1 sequential transfers.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void reduce_chain(Coll& c, const CollArgs& a)
{
  int size     = c.size();
  int relative = (c.rank() - a.root + size) % size;
  if (relative + 1 < size)
    c.recv((c.rank() + 1) % size, a.bytes, kTagReduce);
  if (relative > 0)
    c.send((c.rank() - 1 + size) % size, a.bytes, kTagReduce);
}

} // namespace tireplay::algorithms
