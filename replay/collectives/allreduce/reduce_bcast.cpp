// Allreduce as a linear reduce to rank 0 then a binomial broadcast (SMPI's allreduce__default).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allreduce_reduce_bcast(Coll& c, const CollArgs& a)
{
  CollArgs to_root = a;
  to_root.root     = 0;
  reduce_linear(c, to_root);
  bcast_binomial(c, to_root);
}

} // namespace tireplay::algorithms
