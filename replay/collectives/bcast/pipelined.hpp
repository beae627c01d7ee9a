// What SMPI's pipelined broadcasts (NTSL, NTSB, SMP_linear) share: segments of 8192 bytes in whole elements, and
// the root's whole message to rank 0 first (the pipeline starts at rank 0).
#pragma once

#include "replay/collectives/coll.hpp"

#include <algorithm>

namespace tireplay::algorithms {

struct Pipeline {
  uint64_t type;       // bytes per element (a size-0 datatype counts as 1: its messages are empty anyway)
  uint64_t count;      // elements
  uint64_t segment;    // elements per segment
  uint64_t pipe;       // whole segments
  uint64_t remainder;  // elements after them
};

inline Pipeline pipeline_of(const CollArgs& a)
{
  Pipeline p;
  p.type      = static_cast<uint64_t>(std::max(1, a.datatype_size));
  p.count     = a.bytes / p.type;
  p.segment   = std::max<uint64_t>(1, 8192 / p.type);
  p.pipe      = Coll::checked_segments(p.count / p.segment);
  p.remainder = p.count % p.segment;
  return p;
}

/// The root's whole message to rank 0, where the pipeline starts (nothing when the root is rank 0).
inline void root_to_zero(Coll& c, const CollArgs& a)
{
  if (a.root == 0)
    return;
  if (c.rank() == a.root)
    c.send(0, a.bytes, kTagBcast);
  else if (c.rank() == 0)
    c.recv(a.root, a.bytes, kTagBcast);
}

} // namespace tireplay::algorithms
