#include "replay/polling.hpp"

#include <simgrid/s4u/Host.hpp>

#include <map>

namespace tireplay {

std::vector<bool> polling_ranks(const std::vector<simgrid::s4u::Host*>& rank_hosts, bool polling)
{
  std::vector<bool> polls(rank_hosts.size(), false);
  if (!polling)
    return polls;
  std::map<const simgrid::s4u::Host*, int> ranks_on;
  for (const auto* host : rank_hosts)
    ranks_on[host]++;
  for (size_t r = 0; r < rank_hosts.size(); r++)
    polls[r] = ranks_on[rank_hosts[r]] > rank_hosts[r]->get_core_count();
  return polls;
}

} // namespace tireplay
