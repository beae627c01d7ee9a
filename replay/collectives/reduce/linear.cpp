// Linear reduce (SMPI's default, ireduce in smpi_nbc_impl.cpp): every rank sends its vector to the root.
// The reduction flops of a replayed reduce are executed after the collective by every rank (smpi_replay.cpp).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void reduce_linear(Coll& c, const CollArgs& a)
{
  c.fan_in(a.root, a.bytes, a.bytes, nullptr, kTagReduce);
}

} // namespace tireplay::algorithms
