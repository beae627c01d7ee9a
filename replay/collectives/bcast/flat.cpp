// Flat-tree broadcast (SMPI's ibcast pattern): the root posts one send per rank, everyone else one receive.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void bcast_flat(Coll& c, const CollArgs& a)
{
  c.fan_out(a.root, a.bytes, nullptr, a.bytes, kTagBcast);
}

} // namespace tireplay::algorithms
