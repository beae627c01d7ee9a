// One table of algorithms per collective operation: {name, description, function}. The CLI (`tireplay
// algorithms`, `--coll op=name`), the engine and the tests all read these tables.
#pragma once

#include "models/model_context.hpp"
#include "replay/collectives/coll.hpp"
#include "format/action.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tireplay {

using CollFunction = void (*)(Coll&, const CollArgs&);
/// Predicted seconds of an algorithm for these arguments on this communicator (models/).
using CostFunction = double (*)(const models::ModelContext&, const CollArgs&);

/// Sets the parameters the model tunes for a call: the segment size of a pipeline (CollArgs::segment_bytes), the K of
/// a K-limited tree (CollArgs::limit).
using TuneFunction = void (*)(const models::ModelContext&, CollArgs&);

struct CollAlgorithm {
  std::string_view name;
  std::string_view description;
  CollFunction run;
  CostFunction predict = nullptr;  // nullptr: no model yet, never chosen by --select model
  TuneFunction tune    = nullptr;  // tunes CollArgs before predict and run under --select model
  /// Runs other algorithms on sub-communicators (hierarchical, grid): never chosen for a sub-communicator's step.
  bool composite = false;
};

struct CollOperation {
  ActionKind kind;
  std::string_view name;                 // as in --coll <name>=...
  std::string_view smpi_default;         // what SMPI 3.32's default selector runs
  std::vector<CollAlgorithm> algorithms;
};

/// Every collective operation, in a fixed order.
const std::vector<CollOperation>& collective_operations();

const CollOperation& collective_operation(ActionKind kind);

/// The operation named `name` here (bcast, reducescatter...), or nullptr.
const CollOperation* operation_named(std::string_view name);

/// The operation that SMPI's key `key` fixes the algorithm of (smpi/bcast, smpi/reduce_scatter...), or nullptr.
const CollOperation* operation_of_smpi_key(std::string_view key);

/// The algorithm of `op` named `name`. Throws std::invalid_argument naming the valid ones.
const CollAlgorithm& find_algorithm(const CollOperation& op, std::string_view name);

/// The algorithm to run for each operation, indexed by ActionKind.
class CollChoice {
public:
  CollChoice();  // SMPI's defaults
  /// Applies "op=name". Throws std::invalid_argument naming the valid operations or algorithms.
  void set(const std::string& assignment);
  const CollAlgorithm& get(ActionKind kind) const { return *chosen_[static_cast<size_t>(kind)]; }
  /// True if set() named this operation (false: SMPI's default).
  bool is_set(ActionKind kind) const { return given_[static_cast<size_t>(kind)]; }

private:
  std::vector<const CollAlgorithm*> chosen_;
  std::vector<bool> given_;
};

} // namespace tireplay
