// The model view (models/model_context.hpp) of a communicator placed on simulated hosts.
#pragma once

#include "models/model_context.hpp"

#include <string>
#include <vector>

namespace simgrid::s4u {
class Host;
}

namespace tireplay {

/// Point-to-point parameters from the platform's routes (with SMPI's factors, and the user's --cfg
/// smpi/bw-factor, smpi/lat-factor if given), the hosts' speed, the communicator's size.
/// `contention_signature`: a preset name or "gamma,delta,M" (models/alltoall_models.hpp), or empty.
models::ModelContext model_context(const std::vector<simgrid::s4u::Host*>& hosts_of_ranks,
                                   const std::string& contention_signature);

/// Where ranks share hosts, the models still price each message as if alone on its host's links (docs/models.md,
/// "Ranks sharing a host"): a note on stderr, `who` naming the command, before models decide.
void note_shared_hosts(const std::vector<simgrid::s4u::Host*>& hosts_of_ranks, const std::string& who);

} // namespace tireplay
