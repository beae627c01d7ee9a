// How each collective call picks its algorithm: as SMPI's default selector does (`smpi`), as the user fixed it
// per operation (`fixed`, --coll), or by the analytic models (`model`): every registered algorithm of the
// operation that has a model is costed for this communicator and message size, and the cheapest runs; an
// operation fixed with --coll keeps its algorithm in every mode; or as Open MPI 4.1 does (`ompi`: SMPI's Open MPI
// selector, replay/collectives/ompi_decisions.hpp).
// Model decisions are cached per (operation, communicator, size bucket) and can be explained.
#pragma once

#include "models/model_context.hpp"
#include "replay/collectives/registry.hpp"
#include "replay/communicator.hpp"

#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace tireplay {

enum class SelectMode { Smpi, Fixed, Model, Ompi };

/// Parses "smpi", "fixed", "model" or "ompi". Throws std::invalid_argument.
SelectMode parse_select_mode(const std::string& name);

/// The parameters a call gives its algorithm (CollArgs::segment_bytes, CollArgs::limit); 0: the default.
struct Tuning {
  uint64_t segment_bytes = 0;
  int limit              = 0;
};

/// One costed candidate of a decision.
struct Candidate {
  const CollAlgorithm* algorithm;
  double predicted_seconds;
  Tuning tuning;  // what the model tuned, if the algorithm has tunable parameters
};

/// What runs: an algorithm, and the parameters to give it.
struct Choice {
  const CollAlgorithm* algorithm;
  Tuning tuning;
};

/// A model decision: what was compared, and what was chosen.
struct Decision {
  ActionKind op;
  int comm       = 0;
  int comm_size  = 0;
  uint64_t bytes = 0;  // the message size of the first call of this bucket
  std::vector<Candidate> candidates;  // in registry order
  const CollAlgorithm* chosen = nullptr;
  Tuning chosen_tuning;
};

/// Costs every algorithm of `op` that has a model; sorts nothing, records the cheapest (first on ties).
Decision decide(ActionKind op, const models::ModelContext& context, const CollArgs& args);

/// Size bucket of a message: calls whose sizes share a bucket share a decision (powers of two).
int size_bucket(uint64_t bytes);

class Selector {
public:
  /// `contexts` gives the model view of a communicator (computed once per communicator by the caller).
  using ContextOf = std::function<const models::ModelContext&(const Communicator&)>;

  /// `tuning`: the parameters given to the algorithms in smpi and fixed modes (0: their defaults).
  Selector(SelectMode mode, CollChoice fixed, ContextOf contexts, Tuning tuning = {});

  /// `rank`: the calling rank in `comm` (Open MPI's gather and scatter decide on the root's sizes at the root).
  Choice choose(ActionKind op, const Communicator& comm, const CollArgs& args, int rank = 0);
  SelectMode mode() const { return mode_; }
  /// The model view of a communicator (for the algorithms whose shape depends on the costs).
  const models::ModelContext& context(const Communicator& comm) const { return contexts_(comm); }

  /// Writes, per distinct decision, the candidates with their predicted seconds and the choice.
  void explain(FILE* out) const;

private:
  SelectMode mode_;
  CollChoice fixed_;
  ContextOf contexts_;
  Tuning tuning_;
  std::map<std::tuple<ActionKind, int, int>, Decision> decisions_;
};

/// The table of a decision, as `--explain` and `tireplay predict` print it.
void print_decision(FILE* out, const Decision& d);

} // namespace tireplay
