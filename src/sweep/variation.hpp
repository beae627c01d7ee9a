// One `--vary KEY=V1,V2,...` of a sweep: what it varies and the replay options each value becomes.
//   platform:    link.bw, link.lat, host.speed (bw, lat, speed), optionally @ZONE: a value "2x" scales
//                (replay --scale KEY=2), a value with a unit sets (replay --set KEY=10us);
//   deployment:  ranks-per-node: K consecutive ranks on each host (replay --ranks-per-node K);
//   engine:      fidelity: full or fast (replay --fidelity);
//   jobs:        job-delay@ID: the start delay of job ID of --jobs-file, in flops (replay --job-delay ID=V);
//   algorithms:  a collective operation (bcast, reduce, ...): an algorithm fixes it (replay --coll bcast=X),
//                `model` leaves it to the models (replay --select model).
#pragma once

#include <string>
#include <vector>

namespace tireplay {

enum class VariationKind { Platform, RanksPerNode, Fidelity, JobDelay, Collective };

struct Variation {
  std::string key;                  // as written before '=' (a column of the results)
  VariationKind kind = VariationKind::Platform;
  std::vector<std::string> values;  // as written, in order
};

/// The keys a --vary accepts, for messages and --help.
std::string variation_keys();

/// Parses "KEY=V1,V2,...", checking every value. Throws std::invalid_argument naming the --vary and the value.
Variation parse_variation(const std::string& text);

/// The replay options of one run: `choice[i]` is the index of the value of `variations[i]`. Collective
/// variations combine: each operation given an algorithm is fixed with --coll (--select fixed: the others run
/// SMPI's default). If some are `model`, the run is --select model with every other operation fixed (to its
/// value, or to SMPI's default): only the operations whose value is `model` are chosen by the models, so runs
/// differ in nothing but the varied operations.
std::vector<std::string> variation_arguments(const std::vector<Variation>& variations,
                                             const std::vector<size_t>& choice);

} // namespace tireplay
