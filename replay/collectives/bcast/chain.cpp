// Chain broadcast, unsegmented (Open MPI's chain topology with fan-out 1, one segment): ranks relative to the
// root form a line; each receives the whole message from its predecessor, then sends it to its successor.
// p-1 sequential transfers: the pipelined form is bcast/segmented_chain.cpp.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void bcast_chain(Coll& c, const CollArgs& a)
{
  int size     = c.size();
  int relative = (c.rank() - a.root + size) % size;
  if (relative > 0)
    c.recv((c.rank() - 1 + size) % size, a.bytes, kTagBcast);
  if (relative + 1 < size)
    c.send((c.rank() + 1) % size, a.bytes, kTagBcast);
}

} // namespace tireplay::algorithms
