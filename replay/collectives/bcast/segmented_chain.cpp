// Pipelined chain broadcast (Open MPI's bcast_intra_pipeline, bcast-ompi-pipeline.cpp in SMPI): the message is
// cut into segments that flow down the chain of ranks relative to the root. A rank keeps two receives in flight
// (the next segment is posted before the current one is waited) and forwards each segment as it arrives, so
// that after p-1 segment times every link carries a segment at once.
#include "replay/collectives/algorithms.hpp"

#include <algorithm>

namespace tireplay::algorithms {

// Segment size when CollArgs::segment_bytes is 0. A fixed default for now: the cost model will choose it.
constexpr uint64_t kDefaultSegmentBytes = 8192;

void bcast_segmented_chain(Coll& c, const CollArgs& a)
{
  int size     = c.size();
  int relative = (c.rank() - a.root + size) % size;
  int prev = (c.rank() - 1 + size) % size, next = (c.rank() + 1) % size;
  uint64_t segment  = a.segment_bytes > 0 ? a.segment_bytes : kDefaultSegmentBytes;
  uint64_t segments = Coll::checked_segments(std::max<uint64_t>(1, (a.bytes + segment - 1) / segment));  // >= 1
  auto bytes_of     = [&](uint64_t s) { return s + 1 < segments ? segment : a.bytes - s * segment; };

  Request* pending = relative > 0 ? c.irecv(prev, bytes_of(0), kTagBcast) : nullptr;
  for (uint64_t s = 0; s < segments; s++) {
    if (relative > 0) {
      Request* current = pending;
      if (s + 1 < segments)
        pending = c.irecv(prev, bytes_of(s + 1), kTagBcast);
      c.wait(current);
    }
    if (relative + 1 < size)
      c.send(next, bytes_of(s), kTagBcast);
  }
}

} // namespace tireplay::algorithms
