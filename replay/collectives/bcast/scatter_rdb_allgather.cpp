// MPICH's broadcast by scatter and recursive-doubling allgather (SMPI's scatter_rdb_allgather,
// bcast-scatter-rdb-allgather.cpp; the ompi selector's "scatter_allgather"): a binomial scatter of ceil(n/p)-byte
// blocks from the root (as in scatter_allgather), then, for masks 1, 2, 4, ..., relative rank r swaps with r ^ mask
// (sendrecv, empty messages included) the blocks of its group of `mask` ranks for those of the partner's. When the
// partner group is cut by p (p not a power of two), the ranks of r's group whose partner is missing get its blocks
// from those of their group that had one, by recursive halving (MPICH's code that SMPI runs for any p). Sizes are
// in bytes (MPICH packs the message); nothing for an empty message.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/bcast/block_scatter.hpp"

namespace tireplay::algorithms {

void bcast_scatter_rdb_allgather(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  uint64_t n = a.bytes;
  if (size == 1 || n == 0)
    return;
  int relative = (rank - a.root + size) % size;
  auto to_rank = [&](int r) { return (r + a.root) % size; };
  const Blocks blocks = blocks_of(n, size);
  binomial_scatter(c, a.root, blocks);

  // Recursive doubling: before the step of `mask`, a rank holds the blocks of its group [mine, mine + mask).
  for (int mask = 1; mask < size; mask <<= 1) {
    int partner = relative ^ mask;
    int mine = relative & ~(mask - 1), theirs = partner & ~(mask - 1);
    if (partner < size)
      c.sendrecv(to_rank(partner), blocks.span(mine, mask), to_rank(partner), blocks.span(theirs, mask), kTagBcast);
    if (theirs + mask <= size)
      continue;
    // The partner group is cut: its `present` ranks gave their blocks to as many of ours, who pass them on.
    int present = size - mine - mask;
    uint64_t missing = blocks.span(mine + mask, mask);
    int bits = 0;
    while ((1 << (bits + 1)) <= mask)
      bits++;
    for (int half = mask >> 1; half > 0; half >>= 1, bits--) {
      int peer = relative ^ half;
      int root = relative & ~((1 << bits) - 1);
      if (peer > relative && relative < root + present && peer >= root + present)
        c.send(to_rank(peer), missing, kTagBcast);
      else if (peer < relative && peer < root + present && relative >= root + present)
        c.recv(to_rank(peer), missing, kTagBcast);
    }
  }
}

} // namespace tireplay::algorithms
