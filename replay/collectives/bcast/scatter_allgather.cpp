// Van de Geijn's broadcast (Barnett et al., "Interprocessor collective communication library", 1994; MPICH's
// scatter + ring allgather, bcast-scatter-LR-allgather.cpp in SMPI): a binomial scatter of ceil(n/p)-byte
// blocks from the root, then a ring allgather of the blocks. Ranks past the end of the message get no block
// in the scatter and empty blocks in the ring.
#include "replay/collectives/algorithms.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void bcast_scatter_allgather(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  int relative  = (rank - a.root + size) % size;
  uint64_t n    = a.bytes;
  uint64_t each = (n + size - 1) / size;
  // Bytes of the blocks [first, first + count) that lie inside the message.
  auto span = [&](int first, int count) {
    uint64_t begin = std::min(n, first * each), end = std::min(n, (first + static_cast<uint64_t>(count)) * each);
    return end - begin;
  };

  // Scatter: relative rank r (lowest set bit m) gets blocks [r, r + m) from r - m, then hands on the upper halves.
  int mask = 1;
  for (; mask < size; mask <<= 1)
    if (relative & mask) {
      if (span(relative, mask) > 0)
        c.recv((rank - mask + size) % size, span(relative, mask), kTagBcast);
      break;
    }
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (relative + mask < size && span(relative + mask, mask) > 0)
      c.send((rank + mask) % size, span(relative + mask, mask), kTagBcast);

  // Ring allgather: at step i, pass block relative - i + 1 to the right, get block relative - i from the left.
  for (int i = 1; i < size; i++) {
    int send_block = (relative - i + 1 + size) % size, recv_block = (relative - i + size) % size;
    c.sendrecv((rank + 1) % size, span(send_block, 1), (rank - 1 + size) % size, span(recv_block, 1), kTagBcast);
  }
}

} // namespace tireplay::algorithms
