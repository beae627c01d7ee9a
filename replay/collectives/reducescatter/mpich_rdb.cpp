// MPICH's recursive-doubling reduce-scatter (reduce_scatter-mpich.cpp, mpich_rdb). At step i a rank exchanges
// with rank XOR 2^i everything outside both subtrees' blocks; with a non-power-of-two size, ranks whose
// partner does not exist get the data from a rank of their subtree by recursive halving.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {
namespace {

/// Bytes of all blocks but those of ranks [root, root + mask).
uint64_t outside(const std::vector<uint64_t>& counts, int root, int mask)
{
  uint64_t sum = 0;
  for (int j = 0; j < static_cast<int>(counts.size()); j++)
    if (j < root || j >= root + mask)
      sum += counts[j];
  return sum;
}

} // namespace

void reducescatter_mpich_rdb(Coll& c, const CollArgs& a)
{
  const auto& counts = *a.recv_counts;
  int size = c.size(), rank = c.rank();
  for (int mask = 1, i = 0; mask < size; mask <<= 1, i++) {
    int dst           = rank ^ mask;
    int dst_tree_root = (dst >> i) << i;
    int my_tree_root  = (rank >> i) << i;
    uint64_t send     = outside(counts, my_tree_root, mask);
    uint64_t recv     = outside(counts, dst_tree_root, mask);
    if (dst < size)
      c.sendrecv(dst, send, dst, recv, kTagReduceScatter);

    if (dst_tree_root + mask > size) {
      int completed = size - my_tree_root - mask;
      int k         = 0;
      for (int j = mask; j != 0; j >>= 1)
        k++;
      k--;
      for (int tmp_mask = mask >> 1; tmp_mask != 0; tmp_mask >>= 1, k--) {
        int peer      = rank ^ tmp_mask;
        int tree_root = (rank >> k) << k;
        if (peer > rank && rank < tree_root + completed && peer >= tree_root + completed)
          c.send(peer, recv, kTagReduceScatter);
        else if (peer < rank && peer < tree_root + completed && rank >= tree_root + completed)
          c.recv(peer, recv, kTagReduceScatter);
      }
    }
  }
}

} // namespace tireplay::algorithms
