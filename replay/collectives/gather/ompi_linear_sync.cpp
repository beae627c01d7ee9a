// Open MPI's synchronized linear gather (SMPI's ompi_linear_sync, gather-ompi.cpp): the root calls the ranks one
// after the other. For each rank it posts the receive of a first segment, sends an empty message that allows
// the rank to send, posts the receive of the rest of the block and waits for the first segment; the rests are
// waited at the end. A rank waits for the root's empty message, then sends its first segment and the rest (an
// empty message when the block fits in the first segment). The first segment is 1024 bytes, 32768 for blocks
// above 92160 bytes, rounded to whole elements (each rank decides from its own block size).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {
namespace {

/// Elements of the first segment of a block of `count` elements of `type_size` bytes (COLL_TUNED_COMPUTED_SEGCOUNT).
uint64_t first_segment_count(uint64_t count, uint64_t type_size)
{
  uint64_t segment = count * type_size > 92160 ? 32768 : 1024;
  if (segment < type_size || segment >= type_size * count)
    return count;
  uint64_t n = segment / type_size;
  return segment - n * type_size > type_size / 2 ? n + 1 : n;
}

} // namespace

void gather_ompi_linear_sync(Coll& c, const CollArgs& a)
{
  if (c.rank() != a.root) {
    uint64_t type  = a.datatype_size > 0 ? a.datatype_size : 1;
    uint64_t count = a.bytes / type;
    uint64_t first = first_segment_count(count, type);
    c.recv(a.root, 0, kTagGather);
    c.send(a.root, first * type, kTagGather);
    c.send(a.root, (count - first) * type, kTagGather);
    return;
  }
  uint64_t type  = a.recv_datatype_size > 0 ? a.recv_datatype_size : 1;
  uint64_t count = a.bytes2 / type;
  uint64_t first = first_segment_count(count, type);
  auto& rests    = c.scratch();
  for (int i = 0; i < c.size(); i++) {
    if (i == a.root)
      continue;
    Request* head = c.irecv(i, first * type, kTagGather);
    c.send(i, 0, kTagGather);
    rests.push_back(c.irecv(i, (count - first) * type, kTagGather));
    c.wait(head);
  }
  c.waitall(rests);
}

} // namespace tireplay::algorithms
