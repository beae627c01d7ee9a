// The replay's set-up: the options turned into a checked plan, before any simulation (docs/architecture.md, "The
// path of one replay"): SimGrid's configuration, the selection mode, the jobs and their traces, the outputs checked
// against the inputs, the platform loaded with its changes and checked, the ranks placed on hosts, the memory they
// need. Errors name the input (InputError) or the option (std::invalid_argument).
#pragma once

#include "models/model_context.hpp"
#include "replay/collectives/registry.hpp"
#include "replay/configuration.hpp"
#include "replay/engine.hpp"
#include "replay/jobs.hpp"
#include "replay/selection.hpp"
#include "format/trace_source.hpp"

#include <map>
#include <memory>
#include <vector>

namespace simgrid::s4u {
class Engine;
class Host;
}

namespace tireplay {

struct ReplaySetup {
  const ReplayOptions& opt;
  Configuration cfg;   // SMPI's and tireplay's settings: the platform's <config>, then --cfg
  SelectMode mode = SelectMode::Smpi;
  CollChoice choice;   // --coll
  bool fast = false;   // --fidelity fast
  std::unique_ptr<simgrid::s4u::Engine> engine;  // the platform loaded, its changes applied
  std::vector<Job> jobs;                          // one (--trace), or a jobs file's
  std::vector<TraceInputs> job_inputs;            // each job's rank files
  std::vector<int> job_sizes, job_first;          // each job's ranks, and its first rank's number
  int np = 0;                                     // every job's ranks
  uint64_t total_bytes = 0;                       // the text the readers will read (0: unknown), for --progress
  std::vector<simgrid::s4u::Host*> hosts;         // of each rank
  std::map<int, models::ModelContext> contexts;   // per communicator, made at its first model decision

  explicit ReplaySetup(const ReplayOptions& o) : opt(o) {}
};

/// The checked plan of a replay; throws before any simulation.
ReplaySetup set_up_replay(const ReplayOptions& opt);

} // namespace tireplay
