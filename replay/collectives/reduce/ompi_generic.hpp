// Open MPI's segmented tree reduce (smpi_coll_tuned_ompi_reduce_generic, reduce-ompi.cpp in SMPI), shared by
// ompi_chain, ompi_pipeline, ompi_binary, ompi_binomial and ompi_in_order_binary, and the chain topology of the
// first two (coll_tuned_topo.cpp in SMPI; the other trees are built in their algorithm's file).
#pragma once

#include "replay/collectives/coll.hpp"

#include <cstdint>
#include <vector>

namespace tireplay::algorithms {

/// One rank's view of an Open MPI tree (ompi_coll_tree_t), in communicator ranks.
struct OmpiTree {
  int root   = 0;   // tree_root: the rank that does not send its result up
  int parent = -1;  // tree_prev
  std::vector<int> children;  // tree_next, in order
};

/// ompi_coll_tuned_topo_build_chain: `fanout` chains hanging from the root (fanout 1: the pipeline).
OmpiTree ompi_chain_tree(int fanout, int size, int rank, int root);

/// COLL_TUNED_COMPUTED_SEGCOUNT: elements per segment of `segsize` bytes (0: one segment), `count` if smaller.
uint64_t ompi_segment_count(uint64_t segsize, uint64_t type_size, uint64_t count);

/// The reduce of `count` elements of `type_size` bytes in segments of `segcount` elements along `tree`: a leaf
/// sends its segments (blocking) to its parent; an inner rank receives segment s from each child in turn, one
/// receive posted ahead, and sends segment s up after the last child's segment s arrived. Nothing for count 0
/// (SMPI divides by zero there) or on one rank (SMPI sends to rank -1 and aborts). No reduction is executed here:
/// the engine executes the flops after the call.
void reduce_ompi_generic(Coll& c, const OmpiTree& tree, uint64_t count, uint64_t type_size, uint64_t segcount);

} // namespace tireplay::algorithms
