// Open MPI's pipelined chain broadcast (SMPI's ompi_pipeline, bcast-ompi-pipeline.cpp; the ompi selector's "chain"
// and "pipeline" both run it): the message flows in segments down the chain of ranks relative to the root. The root
// sends each segment (isend, then wait); the others keep two receives in flight, forwarding a segment (isend, wait)
// once it arrived and the next one is posted. The segment size is SMPI's own choice from the size p and the message
// size m: 128 KiB if p < 1.6134e-6 m + 2.1102, else 64 KiB if p < 2.3679e-6 m + 1.1787, else 16 KiB if
// p < 3.2118e-6 m + 8.7936, else 128 KiB; in elements, rounded to the nearest (Open MPI's
// COLL_TUNED_COMPUTED_SEGCOUNT), and the whole message when it is no larger. SMPI divides by zero for an empty
// message (the segment is then 0 elements): tireplay sends one empty segment.
#include "replay/collectives/algorithms.hpp"

#include <algorithm>

namespace tireplay::algorithms {

namespace {

// Elements per segment for `segment_bytes`-byte segments (Open MPI's COLL_TUNED_COMPUTED_SEGCOUNT).
uint64_t ompi_segment_count(uint64_t segment_bytes, uint64_t type_size, uint64_t count)
{
  if (segment_bytes < type_size || segment_bytes >= type_size * count)
    return count;
  uint64_t elements = segment_bytes / type_size;
  if (segment_bytes - elements * type_size > type_size / 2)
    elements++;
  return elements;
}

} // namespace

void bcast_ompi_pipeline(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  if (size == 1)
    return;
  int relative = (rank - a.root + size) % size;
  int prev = (rank - 1 + size) % size, next = (rank + 1) % size;
  bool has_next = relative + 1 < size;
  uint64_t type = static_cast<uint64_t>(std::max(1, a.datatype_size));
  uint64_t count = a.bytes / type;

  double m = static_cast<double>(a.bytes);
  uint64_t segsize = 1024 << 7;
  if (size < 1.6134e-6 * m + 2.1102)
    segsize = 1024 << 7;
  else if (size < 2.3679e-6 * m + 1.1787)
    segsize = 1024 << 6;
  else if (size < 3.2118e-6 * m + 8.7936)
    segsize = 1024 << 4;
  uint64_t per_segment = ompi_segment_count(segsize, type, count);
  uint64_t segments = Coll::checked_segments(per_segment == 0 ? 1 : (count + per_segment - 1) / per_segment);
  uint64_t full = per_segment * type, last = a.bytes - (segments - 1) * full;

  auto forward = [&](uint64_t bytes) {
    if (has_next)
      c.wait(c.isend(next, bytes, kTagBcast));
  };
  if (relative == 0) {
    for (uint64_t s = 0; s < segments; s++)
      forward(s + 1 < segments ? full : last);
    return;
  }
  // Receives are posted for full segments (the last one's message is shorter).
  Request* pending = c.irecv(prev, full, kTagBcast);
  for (uint64_t s = 1; s < segments; s++) {
    Request* current = pending;
    pending = c.irecv(prev, full, kTagBcast);
    c.wait(current);
    forward(full);
  }
  c.wait(pending);
  forward(last);
}

} // namespace tireplay::algorithms
