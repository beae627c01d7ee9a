// Open MPI's segmented ring allreduce (SMPI's ompi_ring_segmented, allreduce-ompi-ring-segmented.cpp). The
// vector is cut into p blocks (the first n mod p one element longer) and each block into `phases` segments.
// Segments are 1 MiB (SMPI's fixed segment size, rounded to elements); when n < p segments, SMPI runs `lr`
// instead. Each phase is a ring reduce-scatter of one segment per block: post the receive of the next segment
// from rank-1, send own block's segment to rank+1, then p-2 times: post the next receive, wait the previous,
// forward it; wait the last. Then p-1 ring steps of an allgather of whole blocks (sendrecv). Tag 666, as SMPI's.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {
namespace {

constexpr int kTagRing = 666;

/// Open MPI's COLL_TUNED_COMPUTE_BLOCKCOUNT: `count` in `blocks` parts, the first count mod blocks one longer.
struct Split {
  int64_t early, late, split;
  Split(int64_t count, int64_t blocks) : early(count / blocks), late(count / blocks), split(count % blocks)
  {
    if (split != 0)
      early++;
  }
  int64_t of(int64_t i) const { return i < split ? early : late; }
};

} // namespace

void allreduce_ompi_ring_segmented(Coll& c, const CollArgs& a)
{
  int64_t size = c.size(), rank = c.rank();
  int64_t type  = a.datatype_size > 0 ? a.datatype_size : 1;
  int64_t count = static_cast<int64_t>(a.bytes) / type;
  if (size == 1 || count == 0)  // SMPI divides by zero for an empty vector (SIGFPE); Open MPI returns early
    return;
  // COLL_TUNED_COMPUTED_SEGCOUNT with a 1 MiB segment
  const int64_t segsize = 1 << 20;
  int64_t segcount      = count;
  if (segsize >= type && segsize < type * count) {
    segcount = segsize / type;
    if (segsize - segcount * type > type / 2)
      segcount++;
  }
  if (count < size * segcount) {
    allreduce_lr(c, a);
    return;
  }
  int64_t phases = count / (size * segcount);
  int64_t rest   = count % (size * segcount);
  if (rest >= size && rest > size * segcount / 2)
    phases++;
  Coll::checked_segments(static_cast<uint64_t>(phases));
  Split blocks(count, size);
  int64_t max_segcount = Split(blocks.early, phases).early;
  int right = static_cast<int>((rank + 1) % size), left = static_cast<int>((rank + size - 1) % size);
  auto segment = [&](int64_t block, int64_t phase) {
    return static_cast<uint64_t>(Split(blocks.of(block), phases).of(phase) * type);
  };
  uint64_t max_bytes = static_cast<uint64_t>(max_segcount * type);
  for (int64_t phase = 0; phase < phases; phase++) {
    Request* pending = c.irecv(left, max_bytes, kTagRing);
    c.send(right, segment(rank, phase), kTagRing);
    for (int64_t k = 2; k < size; k++) {
      Request* previous = pending;
      pending           = c.irecv(left, max_bytes, kTagRing);
      c.wait(previous);
      c.send(right, segment((rank + size - k + 1) % size, phase), kTagRing);
    }
    c.wait(pending);
  }
  for (int64_t k = 0; k < size - 1; k++) {
    int64_t send_block = (rank + 1 + size - k) % size;
    c.sendrecv(right, static_cast<uint64_t>(blocks.of(send_block) * type), left,
               static_cast<uint64_t>(blocks.early * type), kTagRing);
  }
}

} // namespace tireplay::algorithms
