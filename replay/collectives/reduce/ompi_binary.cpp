// Open MPI's binary-tree reduce (reduce__ompi_binary, reduce-ompi.cpp in SMPI): the binary tree in level order
// of the ranks relative to the root (relative rank r at level l has children r + 2^l and r + 2^(l+1)), reduced
// in segments of 32 KiB (ompi_generic.hpp).
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/ompi_generic.hpp"

#include <algorithm>

namespace tireplay::algorithms {

namespace {
/// ompi_coll_tuned_topo_build_tree with fan-out 2, as seen by `rank`.
OmpiTree binary_tree(int size, int rank, int root)
{
  OmpiTree t;
  t.root = root;
  int s     = (rank - root + size) % size;
  int delta = 1;  // ranks on my level: level l holds relative ranks 2^l - 1 .. 2^(l+1) - 2
  while (2 * delta - 1 <= s)
    delta *= 2;
  for (int i = 1; i <= 2 && s + delta * i < size; i++)
    t.children.push_back((s + delta * i + root) % size);
  int parent = s;  // up one level by steps of delta / 2 until above my level (the root: itself)
  if (parent < 2)
    parent = 0;
  else
    while (parent >= delta - 1)
      parent -= delta / 2;
  t.parent = (parent + root) % size;
  return t;
}
} // namespace

void reduce_ompi_binary(Coll& c, const CollArgs& a)
{
  uint64_t type_size = std::max(a.datatype_size, 1), count = a.bytes / type_size;  // MPI_DATATYPE_NULL: 0 bytes
  reduce_ompi_generic(c, binary_tree(c.size(), c.rank(), a.root), count, type_size,
                      ompi_segment_count(32 * 1024, type_size, count));
}

} // namespace tireplay::algorithms
