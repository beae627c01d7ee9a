// Recursive-doubling allgather (MPICH's allgather_rdb; Thakur, Rabenseifner & Gropp 2005, section 4.1;
// allgather-rdb.cpp in SMPI): at step k a rank exchanges with rank XOR 2^k all the blocks of its subtree of
// 2^k ranks. With p not a power of two, MPICH's completion applies: where the partner's subtree does not
// exist, the ranks of this subtree that did get data pass it to those that did not, by recursive halving
// (log2 p + 1 steps at most, p - 1 blocks received by every rank, as for powers of two).
#include "replay/collectives/algorithms.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void allgather_recursive_doubling(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  for (int mask = 1, i = 0; mask < size; mask <<= 1, i++) {
    int dst           = rank ^ mask;
    int dst_tree_root = (dst >> i) << i;
    int my_tree_root  = (rank >> i) << i;
    // Blocks held: those of the ranks of our subtree, which have all been gathered by now.
    uint64_t held     = std::min(mask, size - my_tree_root);
    uint64_t incoming = std::max(0, std::min(mask, size - dst_tree_root));
    if (dst < size)
      c.sendrecv(dst, held * a.bytes, dst, incoming * a.bytes2, kTagAllgather);

    if (dst_tree_root + mask > size) {
      // The partner subtree is cut short: `completed` ranks of ours have its blocks, the others get them from them.
      int completed = size - my_tree_root - mask;
      int k         = i;
      for (int tmp_mask = mask >> 1; tmp_mask != 0; tmp_mask >>= 1, k--) {
        int peer      = rank ^ tmp_mask;
        int tree_root = (rank >> k) << k;
        if (peer > rank && rank < tree_root + completed && peer >= tree_root + completed)
          c.send(peer, completed * a.bytes, kTagAllgather);
        else if (peer < rank && peer < tree_root + completed && rank >= tree_root + completed)
          c.recv(peer, completed * a.bytes2, kTagAllgather);
      }
    }
  }
}

} // namespace tireplay::algorithms
