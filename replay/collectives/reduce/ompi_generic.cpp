#include "replay/collectives/reduce/ompi_generic.hpp"

#include <algorithm>

namespace tireplay::algorithms {

constexpr int kMaxFanout = 32;  // MAXTREEFANOUT

OmpiTree ompi_chain_tree(int fanout, int size, int rank, int root)
{
  OmpiTree t;
  t.root = root;
  fanout = std::clamp(fanout, 1, kMaxFanout);
  fanout = std::min(fanout, size - 1);
  if (size <= 1)
    return t;
  int s        = (rank - root + size) % size;
  auto shifted = [&](int r) { return (r + root) % size; };
  if (fanout == 1) {  // a single chain
    if (s > 0)
      t.parent = shifted(s - 1);
    if (s + 1 < size)
      t.children.push_back(shifted(s + 1));
    return t;
  }
  // (size - 1) ranks in `fanout` chains: the first `mark` chains have `longest` ranks, the others one less.
  int longest = (size - 1) / fanout, mark = fanout + 1;
  if ((size - 1) % fanout != 0) {
    longest++;
    mark = (size - 1) % fanout;
  }
  if (s == 0) {
    int head = shifted(1);
    for (int i = 0; i < fanout; i++) {
      if (i > 0)
        head = (head + longest - (i > mark ? 1 : 0)) % size;
      t.children.push_back(head);
    }
    return t;
  }
  int head = 0, length = 0;
  if (s - 1 < mark * longest) {
    head   = 1 + (s - 1) / longest * longest;
    length = longest;
  } else {
    int column = mark + (s - 1 - mark * longest) / (longest - 1);
    head       = mark * longest + 1 + (column - mark) * (longest - 1);
    length     = longest - 1;
  }
  t.parent = shifted(s == head ? 0 : s - 1);
  if (s != head + length - 1 && s + 1 < size)
    t.children.push_back(shifted(s + 1));
  return t;
}

uint64_t ompi_segment_count(uint64_t segsize, uint64_t type_size, uint64_t count)
{
  if (segsize < type_size || segsize >= type_size * count)
    return count;
  uint64_t segcount = segsize / type_size;
  return segsize - segcount * type_size > type_size / 2 ? segcount + 1 : segcount;
}

void reduce_ompi_generic(Coll& c, const OmpiTree& tree, uint64_t count, uint64_t type_size, uint64_t segcount)
{
  if (count == 0 || c.size() < 2)
    return;
  const uint64_t segments = Coll::checked_segments((count + segcount - 1) / segcount);
  auto bytes_of = [&](uint64_t s) { return (s + 1 < segments ? segcount : count - s * segcount) * type_size; };
  if (tree.children.empty()) {
    for (uint64_t s = 0; s < segments; s++)
      c.send(tree.parent, bytes_of(s), kTagReduce);
    return;
  }
  // Receives in the order (segment, child), each posted before the previous one is waited; segment s goes up
  // once its last child's part arrived, i.e. after the receive of (s + 1, first child) is posted.
  Request* previous = nullptr;
  for (uint64_t s = 0; s <= segments; s++)
    for (size_t i = 0; i < tree.children.size(); i++) {
      Request* posted = s < segments ? c.irecv(tree.children[i], bytes_of(s), kTagReduce) : nullptr;
      if (previous != nullptr)
        c.wait(previous);
      previous = posted;
      if (i == 0 && s > 0) {
        if (c.rank() != tree.root)
          c.send(tree.parent, bytes_of(s - 1), kTagReduce);
        if (s == segments)
          break;
      }
    }
}

} // namespace tireplay::algorithms
