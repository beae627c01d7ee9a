// MPI collectives as OTF2 records them (MpiCollectiveEnd: this rank's bytes sent and received, the root) turned
// into TI actions (docs/trace-format.md). OTF2 gives each rank's totals only, so the per-rank counts of the
// v-variants are spread evenly over the communicator's ranks.
#pragma once

#include <otf2/otf2.h>

#include <cstdint>
#include <string>

namespace otf2ti {

/// The action (without rank and comm= fields) of collective `op` on a communicator of `size` ranks; "" for the
/// operations that communicate nothing to replay (communicator and window handles).
std::string collective_action(OTF2_CollectiveOp op, int size, uint32_t root, uint64_t sent, uint64_t received);

} // namespace otf2ti
