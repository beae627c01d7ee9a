// Open MPI's pipeline reduce (reduce__ompi_pipeline, reduce-ompi.cpp in SMPI): one chain of the ranks relative to
// the root, reduced in segments (ompi_generic.hpp) of 1 KiB, 32 KiB or 64 KiB as Open MPI's fitted thresholds
// on p and the message size pick.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/ompi_generic.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void reduce_ompi_pipeline(Coll& c, const CollArgs& a)
{
  uint64_t type_size = std::max(a.datatype_size, 1), count = a.bytes / type_size;  // MPI_DATATYPE_NULL: 0 bytes
  const double a2 = 0.0410 / 1024.0, b2 = 9.7128, a4 = 0.0033 / 1024.0, b4 = 1.6761;
  const auto message = static_cast<double>(type_size * count);
  uint64_t segsize   = 64 * 1024;
  if (c.size() > a2 * message + b2)
    segsize = 1024;
  else if (c.size() > a4 * message + b4)
    segsize = 32 * 1024;
  OmpiTree tree = ompi_chain_tree(1, c.size(), c.rank(), a.root);
  reduce_ompi_generic(c, tree, count, type_size, ompi_segment_count(segsize, type_size, count));
}

} // namespace tireplay::algorithms
