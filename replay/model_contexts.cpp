#include "replay/model_contexts.hpp"

#include "models/alltoall_models.hpp"
#include "models/platform_params.hpp"

namespace tireplay {

models::ModelContext model_context(const std::vector<simgrid::s4u::Host*>& hosts, const std::string& signature)
{
  // The engine already holds the user's --cfg (smpi/bw-factor, smpi/lat-factor, network/TCP-gamma...).
  models::ModelContext ctx = models::context_for(hosts, models::network_factors_from_config());
  if (!signature.empty())
    ctx.alltoall_contention = models::parse_contention_signature(signature);
  return ctx;
}

} // namespace tireplay
