// Linear scatter (SMPI's default, iscatter): the root sends each rank its block.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void scatter_linear(Coll& c, const CollArgs& a)
{
  c.fan_out(a.root, a.bytes, nullptr, a.bytes2, kTagScatter);
}

} // namespace tireplay::algorithms
