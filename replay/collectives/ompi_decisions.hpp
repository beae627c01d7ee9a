// What Open MPI 4.1 runs for a collective call, as SMPI 3.32's Open MPI selector decides it (`--select ompi`).
#pragma once

#include "replay/collectives/coll.hpp"
#include "format/action.hpp"

namespace tireplay {

struct CollAlgorithm;

/// The algorithm SMPI's Open MPI selector runs for this rank's call of `op` on a communicator of `comm_size` ranks
/// (`rank`: this rank in it; gather and scatter decide on the root's sizes at the root); nullptr for an operation
/// the selector does not decide (scan, exscan, gatherv, scatterv: SMPI's default runs).
const CollAlgorithm* ompi_algorithm(ActionKind op, int comm_size, int rank, const CollArgs& a);

} // namespace tireplay
