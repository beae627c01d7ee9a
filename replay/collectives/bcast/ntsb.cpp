// Non-topology-specific pipelined binary-tree broadcast (SMPI's NTSB, bcast-NTSB.cpp; the ompi selector's
// "binary_tree"): the root first hands the whole message to rank 0 (when it is not rank 0); then it flows down the
// heap-ordered binary tree of rank 0 (rank r's children 2r+1 and 2r+2). Up to 8192 bytes' worth of elements it goes
// whole (blocking sends, left child first); above, in 8192-byte segments of tags kTagBcast + i, all posted at once
// (isend / irecv; a rank forwards each segment to its children as it arrives); the remainder of the division in
// elements is then broadcast by the selector's algorithm. Alone (p = 1), SMPI sends to rank -1 and aborts: nothing here.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/bcast/pipelined.hpp"
#include "format/action.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void bcast_NTSB(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  if (size == 1)
    return;
  int parent = (rank - 1) / 2;
  std::vector<int> children;
  for (int child : {2 * rank + 1, 2 * rank + 2})
    if (child < size)
      children.push_back(child);
  auto [type, count, segment, pipe, remainder] = pipeline_of(a);

  root_to_zero(c, a);
  if (count <= segment) {
    if (rank != 0)
      c.recv(parent, a.bytes, kTagBcast);
    for (int child : children)
      c.send(child, a.bytes, kTagBcast);
    return;
  }

  uint64_t bytes = segment * type;
  auto& received = c.scratch();
  std::vector<Request*> sent;
  if (rank != 0)
    for (uint64_t i = 0; i < pipe; i++)
      received.push_back(c.irecv(parent, bytes, kTagBcast + static_cast<int>(i)));
  if (children.empty()) {
    c.waitall(received);
  } else {
    // SMPI's request array: the left child's sends, then the right child's.
    sent.resize(children.size() * pipe);
    for (uint64_t i = 0; i < pipe; i++) {
      if (rank != 0)
        c.wait(received[i]);
      for (size_t k = 0; k < children.size(); k++)
        sent[k * pipe + i] = c.isend(children[k], bytes, kTagBcast + static_cast<int>(i));
    }
    received.clear();
    c.waitall(sent);
  }
  if (remainder != 0) {
    CollArgs rest = a;
    rest.bytes = rest.bytes2 = remainder * type;
    c.collective(ActionKind::Bcast, rest);
  }
}

} // namespace tireplay::algorithms
