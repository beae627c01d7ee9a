// Open MPI's split-binary-tree broadcast (SMPI's ompi_split_bintree, bcast-ompi-split-bintree.cpp): the message is
// cut in two halves (ceil(count/2) elements and the rest). On Open MPI's binary tree of ranks relative to the root
// (coll_tuned_topo.cpp: relative rank s at level l = floor(log2(s+1)) has children s + 2^l and s + 2^(l+1)), the
// left subtree (odd relative ranks) gets the first half and the right subtree (even ones) the second, both in
// segments of 1024 bytes (8192 from 370728 bytes on): the root sends segment i to its left then right child
// (blocking sends); the others receive with one receive ahead and forward each segment to their children. Then each
// rank swaps its half with its pair (sendrecv): relative rank s and s + 1 for odd s; with p even, the root sends
// the second half to relative rank p - 1. When a half is empty or smaller than one segment, SMPI runs SMP_linear.
#include "replay/collectives/algorithms.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void bcast_ompi_split_bintree(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  uint64_t type = static_cast<uint64_t>(std::max(1, a.datatype_size));
  uint64_t count = a.bytes / type;
  uint64_t segsize = a.bytes < 370728 ? 1024 : 1024 << 3;
  if (size == 1)
    return;
  uint64_t counts[2] = {(count + 1) / 2, count / 2};
  segsize = std::max(segsize, type);
  uint64_t per_segment = segsize / type;
  if (counts[1] == 0 || segsize > counts[0] * type || segsize > counts[1] * type)
    return bcast_SMP_linear(c, a);
  uint64_t segments[2] = {Coll::checked_segments((counts[0] + per_segment - 1) / per_segment),
                          Coll::checked_segments((counts[1] + per_segment - 1) / per_segment)};
  auto segment_bytes = [&](int half, uint64_t s) {
    return (s + 1 < segments[half] ? per_segment : counts[half] - s * per_segment) * type;
  };

  // The binary tree, in relative ranks.
  int relative = (rank - a.root + size) % size;
  int level = 0;
  while ((2 << level) - 1 <= relative)
    level++;
  int delta = 1 << level;
  std::vector<int> children;
  for (int k = 1; k <= 2 && relative + delta * k < size; k++)
    children.push_back((relative + delta * k + a.root) % size);
  int parent = relative;
  if (parent < 2)
    parent = 0;
  else
    while (parent >= delta - 1)
      parent -= delta / 2;
  parent = (parent + a.root) % size;
  int half = (relative + 1) % 2;  // 0: left subtree (first half), 1: right subtree and the root

  if (relative == 0) {
    for (uint64_t s = 0; s < segments[0]; s++)
      for (int k = 0; k < static_cast<int>(children.size()); k++)
        if (s < segments[k])
          c.send(children[k], segment_bytes(k, s), kTagBcast);
  } else if (!children.empty()) {
    Request* pending = c.irecv(parent, segment_bytes(half, 0), kTagBcast);
    for (uint64_t s = 1; s < segments[half]; s++) {
      Request* current = pending;
      pending = c.irecv(parent, segment_bytes(half, s), kTagBcast);
      c.wait(current);
      for (int child : children)
        c.send(child, segment_bytes(half, s - 1), kTagBcast);
    }
    c.wait(pending);
    for (int child : children)
      c.send(child, segment_bytes(half, segments[half] - 1), kTagBcast);
  } else {
    for (uint64_t s = 0; s < segments[half]; s++)
      c.recv(parent, segment_bytes(half, s), kTagBcast);
  }

  int pair = half == 0 ? (rank + 1) % size : (rank - 1 + size) % size;
  uint64_t mine = counts[half] * type, other = counts[1 - half] * type;
  if (size % 2 != 0) {
    if (relative != 0)
      c.sendrecv(pair, mine, pair, other, kTagBcast);
  } else if (relative == 0) {
    c.send((a.root + size - 1) % size, counts[1] * type, kTagBcast);
  } else if (relative == size - 1) {
    c.recv(a.root, counts[1] * type, kTagBcast);
  } else {
    c.sendrecv(pair, mine, pair, other, kTagBcast);
  }
}

} // namespace tireplay::algorithms
