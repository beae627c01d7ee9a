#include "replay/model_contexts.hpp"

#include "models/alltoall_models.hpp"
#include "models/hierarchy.hpp"
#include "models/platform_params.hpp"

namespace tireplay {

models::ModelContext model_context(const std::vector<simgrid::s4u::Host*>& hosts, const std::string& signature)
{
  // The engine already holds the user's --cfg (smpi/bw-factor, smpi/lat-factor, network/TCP-gamma...).
  models::NetworkFactors f  = models::network_factors_from_config();
  models::ModelContext ctx = models::context_for(hosts, f);
  if (!signature.empty())
    ctx.alltoall_contention = models::parse_contention_signature(signature);
  if (auto levels = models::hierarchy_for(hosts, f)) {
    for (auto* part : {&levels->steps, &levels->clusters})
      for (auto& context : *part)
        context.alltoall_contention = ctx.alltoall_contention;
    ctx.hierarchy = std::move(levels);
  }
  return ctx;
}

} // namespace tireplay
