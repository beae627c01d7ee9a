// Allreduce as a reduce to rank 0 then a broadcast from rank 0, each run as the selector picks it (SMPI's
// redbcast, allreduce-redbcast.cpp: colls::reduce then colls::bcast). `reduce_bcast` fixes them to linear
// and binomial.
#include "replay/collectives/algorithms.hpp"
#include "format/action.hpp"

namespace tireplay::algorithms {

void allreduce_redbcast(Coll& c, const CollArgs& a)
{
  CollArgs at_root = a;
  at_root.root     = 0;
  c.collective(ActionKind::Reduce, at_root);
  c.collective(ActionKind::Bcast, at_root);
}

} // namespace tireplay::algorithms
