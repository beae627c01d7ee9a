// MPI collectives as OTF2 records them (MpiCollectiveEnd: this rank's bytes sent and received, the root) turned
// into TI actions (docs/trace-format.md). OTF2 gives each rank's totals only: the per-rank counts of gatherv,
// scatterv, allgatherv and reduce_scatter, and a broadcast's size at a root that records none, are gathered from
// the other members' records of the same call once every rank is converted (fill_counts); the per-pair counts of
// alltoallv and alltoallw come from the members' bytes to each rank where the archive records them (tireplay's
// tracer), else they are estimated from all the members' totals.
#pragma once

#include "convert.hpp"
#include "definitions.hpp"

#include <otf2/otf2.h>

#include <cstdint>
#include <string>
#include <vector>

namespace otf2ti {

/// The action (without rank and comm= fields) of collective `op` on a communicator of `size` ranks; "" for the
/// operations that communicate nothing to replay (communicator and window handles). `counts`: each member's
/// bytes for the v-variants and bcast (empty: this rank's total spread evenly). `element`: a reduction's element
/// size in bytes (tireplay's tracer records it; 0: unknown, the action counts bytes).
std::string collective_action(OTF2_CollectiveOp op, int size, uint32_t root, uint64_t sent, uint64_t received,
                              const std::vector<uint64_t>& counts = {}, uint32_t element = 0);

bool has_member_counts(OTF2_CollectiveOp op);

/// Rewrites the v-collectives' lines with each member's count, taken from the member's own record of the call
/// (the i-th collective with counts on a communicator is the same call in every member's trace). Returns the number
/// of alltoallv and alltoallw calls whose per-pair counts are estimates, for a warning.
uint64_t fill_counts(std::vector<RankTrace>& traces, const Definitions& defs);

} // namespace otf2ti
