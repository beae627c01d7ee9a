// MPICH's reduce-scatter choice (smpi_mpich_selector.cpp, commutative case, as a replay's MPI_OP_NULL is):
// pairwise exchange above 524288 elements in all, recursive doubling below.
#include "replay/collectives/algorithms.hpp"

#include <numeric>

namespace tireplay::algorithms {

void reducescatter_mpich(Coll& c, const CollArgs& a)
{
  uint64_t bytes    = std::accumulate(a.recv_counts->begin(), a.recv_counts->end(), uint64_t{0});
  uint64_t elements = bytes / static_cast<uint64_t>(a.datatype_size > 0 ? a.datatype_size : 1);
  if (elements > 524288)
    reducescatter_mpich_pair(c, a);
  else
    reducescatter_mpich_rdb(c, a);
}

} // namespace tireplay::algorithms
