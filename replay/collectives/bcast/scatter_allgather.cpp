// Van de Geijn's broadcast (Barnett et al., "Interprocessor collective communication library", 1994; MPICH's
// scatter + ring allgather, bcast-scatter-LR-allgather.cpp in SMPI): a binomial scatter of ceil(n/p)-byte
// blocks from the root, then a ring allgather of the blocks. Ranks past the end of the message get no block
// in the scatter and empty blocks in the ring.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/bcast/block_scatter.hpp"

namespace tireplay::algorithms {

void bcast_scatter_allgather(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  int relative        = (rank - a.root + size) % size;
  const Blocks blocks = blocks_of(a.bytes, size);
  binomial_scatter(c, a.root, blocks);

  // Ring allgather: at step i, pass block relative - i + 1 to the right, get block relative - i from the left.
  for (int i = 1; i < size; i++) {
    int send_block = (relative - i + 1 + size) % size, recv_block = (relative - i + size) % size;
    c.sendrecv((rank + 1) % size, blocks.span(send_block, 1), (rank - 1 + size) % size,
               blocks.span(recv_block, 1), kTagBcast);
  }
}

} // namespace tireplay::algorithms
