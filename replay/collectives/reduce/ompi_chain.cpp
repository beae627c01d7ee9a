// Open MPI's chain reduce (reduce__ompi_chain, reduce-ompi.cpp in SMPI): the ranks relative to the root form
// p / 2 chains (at most 32) hanging from the root, the first ones one rank longer when they cannot be even (up to
// 65 ranks: chains of two, the last one of one for even p), reduced in segments of 64 KiB (ompi_generic.hpp).
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/ompi_generic.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void reduce_ompi_chain(Coll& c, const CollArgs& a)
{
  uint64_t type_size = std::max(a.datatype_size, 1), count = a.bytes / type_size;  // MPI_DATATYPE_NULL: 0 bytes
  OmpiTree tree = ompi_chain_tree(c.size() / 2, c.size(), c.rank(), a.root);
  reduce_ompi_generic(c, tree, count, type_size, ompi_segment_count(64 * 1024, type_size, count));
}

} // namespace tireplay::algorithms
