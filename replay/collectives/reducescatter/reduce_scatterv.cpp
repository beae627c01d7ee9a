// Reduce-scatter as a linear reduce of the whole vector to rank 0, then a linear scatterv of each rank's
// block (SMPI's reduce_scatter__default for equal counts).
#include "replay/collectives/algorithms.hpp"

#include <numeric>
#include <stdexcept>

namespace tireplay::algorithms {

void reducescatter_reduce_scatterv(Coll& c, const CollArgs& a)
{
  const auto& counts = *a.recv_counts;
  for (uint64_t n : counts)
    if (n != counts[0])
      throw std::invalid_argument("reducescatter 'reduce_scatterv' needs equal counts (SMPI then uses MPICH's "
                                  "algorithms, not available yet)");
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
