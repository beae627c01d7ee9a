// What MPICH's scatter-then-allgather broadcasts (scatter_allgather, scatter_rdb_allgather) share: the message cut
// into p blocks of ceil(n/p) bytes (the last ones shorter or empty), and the binomial scatter of those blocks from
// the root: relative rank r (lowest set bit m) gets blocks [r, r + m) from r - m, then hands on the upper halves.
#pragma once

#include "replay/collectives/coll.hpp"

#include <algorithm>

namespace tireplay::algorithms {

struct Blocks {
  uint64_t n;     // message bytes
  uint64_t each;  // bytes of a whole block
  /// Bytes of the blocks [first, first + count) that lie inside the message.
  uint64_t span(int first, int count) const
  {
    uint64_t begin = std::min(n, first * each), end = std::min(n, (first + static_cast<uint64_t>(count)) * each);
    return end - begin;
  }
};

inline Blocks blocks_of(uint64_t n, int size) { return {n, (n + static_cast<uint64_t>(size) - 1) / static_cast<uint64_t>(size)}; }

/// The binomial scatter of `blocks` from `root` (ranks relative to it); empty messages are left out.
inline void binomial_scatter(Coll& c, int root, const Blocks& blocks)
{
  int size = c.size(), relative = (c.rank() - root + size) % size;
  auto to_rank = [&](int r) { return (r + root) % size; };
  int mask = 1;
  for (; mask < size; mask <<= 1)
    if (relative & mask) {
      if (blocks.span(relative, mask) > 0)
        c.recv(to_rank(relative - mask), blocks.span(relative, mask), kTagBcast);
      break;
    }
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (relative + mask < size && blocks.span(relative + mask, mask) > 0)
      c.send(to_rank(relative + mask), blocks.span(relative + mask, mask), kTagBcast);
}

} // namespace tireplay::algorithms
