#include "replay/model_contexts.hpp"

#include "models/platform_params.hpp"

namespace tireplay {

models::ModelContext model_context(const std::vector<simgrid::s4u::Host*>& hosts, const std::vector<std::string>&)
{
  // The engine already holds the user's --cfg (smpi/bw-factor, smpi/lat-factor, network/TCP-gamma...).
  return models::context_for(hosts, models::network_factors_from_config());
}

} // namespace tireplay
