// Linear reduce (SMPI's default, ireduce in smpi_nbc_impl.cpp): every rank sends its vector to the root, which
// posts all its receives at once. The reduction flops are executed after the collective by every rank, as
// smpi_replay.cpp does; with --reductions steps, the root reduces the vectors in rank order as they arrive.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void reduce_linear(Coll& c, const CollArgs& a)
{
  if (!a.reductions_in_steps || c.rank() != a.root) {
    c.fan_in(a.root, a.bytes, a.bytes, nullptr, kTagReduce);
    return;
  }
  auto& requests = c.scratch();
  for (int src = 0; src < c.size(); src++)
    if (src != a.root)
      requests.push_back(c.irecv(src, a.bytes, kTagReduce));
  for (Request* r : requests) {
    c.wait(r);
    c.compute(a.flops);
  }
  requests.clear();
}

} // namespace tireplay::algorithms
