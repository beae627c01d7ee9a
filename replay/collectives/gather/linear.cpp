// Linear gather (SMPI's default, igather): every rank sends to the root, which receives in rank order.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void gather_linear(Coll& c, const CollArgs& a)
{
  c.fan_in(a.root, a.bytes, a.bytes2, nullptr, kTagGather);
}

} // namespace tireplay::algorithms
