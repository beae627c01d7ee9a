// Open MPI's binomial reduce (reduce__ompi_binomial, reduce-ompi.cpp in SMPI): on the in-order binomial tree of
// the ranks relative to the root (r receives from r + 1, r + 2, r + 4, ... below its lowest set bit), the whole
// vector at once, or in segments of 1 KiB (ompi_generic.hpp) for messages of 2048 bytes or more (20480 below 8
// ranks) when p exceeds Open MPI's fitted threshold 0.6016 m / 1024 + 1.3496.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/ompi_generic.hpp"

#include <algorithm>

namespace tireplay::algorithms {

namespace {
/// ompi_coll_tuned_topo_build_in_order_bmtree, as seen by `rank` (the root's parent is itself).
OmpiTree in_order_binomial_tree(int size, int rank, int root)
{
  OmpiTree t;
  t.root       = root;
  t.parent     = root;
  int relative = (rank - root + size) % size;
  for (int mask = 1; mask < size; mask <<= 1) {
    int remote = relative ^ mask;
    if (remote < relative) {
      t.parent = (remote + root) % size;
      break;
    }
    if (remote < size)
      t.children.push_back((remote + root) % size);
  }
  return t;
}
} // namespace

void reduce_ompi_binomial(Coll& c, const CollArgs& a)
{
  uint64_t type_size = std::max(a.datatype_size, 1), count = a.bytes / type_size;  // MPI_DATATYPE_NULL: 0 bytes
  const double a1 = 0.6016 / 1024.0, b1 = 1.3496;
  const uint64_t message = type_size * count;
  uint64_t segsize       = 0;  // one segment
  bool small = (c.size() < 8 && message < 20480) || message < 2048 || count <= 1;
  if (!small && c.size() > a1 * static_cast<double>(message) + b1)
    segsize = 1024;
  reduce_ompi_generic(c, in_order_binomial_tree(c.size(), c.rank(), a.root), count, type_size,
                      ompi_segment_count(segsize, type_size, count));
}

} // namespace tireplay::algorithms
