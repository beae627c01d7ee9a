// Reduce-scatter as a linear reduce of the whole vector to rank 0, then a linear scatterv of each rank's
// block: SMPI's reduce_scatter__default, which hands unequal counts to MPICH's choice.
#include "replay/collectives/algorithms.hpp"

#include <numeric>

namespace tireplay::algorithms {

void reducescatter_reduce_scatterv(Coll& c, const CollArgs& a)
{
  const auto& counts = *a.recv_counts;
  for (uint64_t n : counts)
    if (n != counts[0])
      return reducescatter_mpich(c, a);
  CollArgs reduce;
  reduce.bytes = std::accumulate(counts.begin(), counts.end(), uint64_t{0});
  reduce.root  = 0;
  reduce_linear(c, reduce);
  CollArgs scatter;
  scatter.root        = 0;
  scatter.send_counts = &counts;
  scatter.bytes2      = counts[c.rank()];
  scatterv_linear(c, scatter);
}

} // namespace tireplay::algorithms
