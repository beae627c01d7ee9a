// What a collective call is, for the algorithms that run it (replay/collectives/) and the models that price them
// (models/*_models.hpp): its volumes, root, datatypes, segments and the model view of its communicator.
#pragma once

#include "models/model_context.hpp"

#include <cstdint>
#include <vector>

namespace tireplay {

class CommTable;  // replay/communicator.hpp: the replay's communicators (the hierarchical algorithms' own)

struct CollArgs {
  uint64_t bytes  = 0;  // bytes each rank sends (per destination for all-to-all, gather, allgather)
  uint64_t bytes2 = 0;  // bytes each rank receives (per source where it applies)
  int root        = 0;
  int datatype_size = 1;       // bytes per element of the (send) datatype: SMPI's algorithms split by elements
  int recv_datatype_size = 1;  // bytes per element of the receive datatype
  const std::vector<uint64_t>* send_counts = nullptr;  // v-variants: bytes per comm rank
  const std::vector<uint64_t>* recv_counts = nullptr;
  uint64_t segment_bytes = 0;  // pipelined algorithms: bytes per segment; 0 = the algorithm's default
  int limit = 0;               // K of the K-limited reduce trees (transfers or reducers); 0 = the model's choice
  double flops = 0;            // the call's reduction flops: one reduction of two vectors (the trace's comp size)
  /// false: every rank executes `flops` once after the call, as SimGrid's replay does (the engine does it).
  /// true (reduce, --reductions steps): the algorithm executes `flops` on a rank each time it reduces a received
  /// vector, overlapping the next transfer (the execution model of models/reduction_trees.hpp).
  bool reductions_in_steps = false;
  /// The model view of the communicator, for algorithms whose shape depends on the costs (the greedy trees) or
  /// on the platform's hierarchy (the hierarchical and grid algorithms, which need `comms` too).
  const models::ModelContext* model = nullptr;
  /// The replay's communicators, where the hierarchical and grid algorithms find their sub-communicators.
  CommTable* comms = nullptr;
};

} // namespace tireplay
