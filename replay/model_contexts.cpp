#include "replay/model_contexts.hpp"

#include "models/alltoall_models.hpp"
#include "models/hierarchy.hpp"
#include "models/platform_params.hpp"

#include <algorithm>
#include <cstdio>

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

void note_shared_hosts(const std::vector<simgrid::s4u::Host*>& hosts, const std::string& who)
{
  std::vector<simgrid::s4u::Host*> distinct(hosts);
  std::sort(distinct.begin(), distinct.end());
  auto count = std::unique(distinct.begin(), distinct.end()) - distinct.begin();
  if (count < static_cast<long>(hosts.size()))
    std::fprintf(stderr, "%s: note: %zu ranks on %ld hosts: the models price each message as if alone on its "
                         "host's links, which ranks sharing a host share: their predictions and choices are "
                         "optimistic there (docs/models.md, \"Ranks sharing a host\")\n",
                 who.c_str(), hosts.size(), static_cast<long>(count));
}

} // namespace tireplay
