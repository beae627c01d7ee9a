// The hierarchy of ranks read from the platform's zone tree and hosts (models/hierarchy.hpp).
#include "models/hierarchy.hpp"
#include "models/platform_params.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <algorithm>
#include <map>

namespace sg4 = simgrid::s4u;

namespace tireplay::models {

namespace {

/// Numbers the distinct keys of `keys` in the order of their first rank.
std::vector<int> number_groups(const std::vector<const void*>& keys)
{
  std::map<const void*, int> number;
  std::vector<int> group(keys.size());
  for (size_t r = 0; r < keys.size(); r++)
    group[r] = number.try_emplace(keys[r], static_cast<int>(number.size())).first->second;
  return group;
}

std::vector<sg4::Host*> hosts_of(const std::vector<sg4::Host*>& hosts, const std::vector<int>& ranks)
{
  std::vector<sg4::Host*> chosen;
  for (int r : ranks)
    chosen.push_back(hosts[r]);
  return chosen;
}

} // namespace

std::vector<std::vector<int>> platform_levels(const std::vector<sg4::Host*>& hosts)
{
  // Each rank's path: root zone, ..., its host's zone, its host.
  std::vector<std::vector<const void*>> paths;
  size_t depth                = 0;
  const sg4::NetZone* top     = sg4::Engine::get_instance()->get_netzone_root();
  for (const auto* host : hosts) {
    std::vector<const void*> path{host};
    for (const sg4::NetZone* zone = host->get_englobing_zone(); zone != top; zone = zone->get_parent())
      path.push_back(zone);
    path.push_back(top);
    std::reverse(path.begin(), path.end());
    depth = std::max(depth, path.size());
    paths.push_back(std::move(path));
  }
  std::vector<std::vector<int>> levels;
  std::vector<int> above(hosts.size(), 0);  // the whole communicator
  for (size_t d = 0; d < depth; d++) {
    std::vector<const void*> keys;
    for (const auto& path : paths)
      keys.push_back(path[std::min(d, path.size() - 1)]);  // a shorter path stays on its host
    std::vector<int> level = number_groups(keys);
    int groups             = *std::max_element(level.begin(), level.end()) + 1;
    bool splits            = groups > *std::max_element(above.begin(), above.end()) + 1;
    bool all_alone         = groups == static_cast<int>(hosts.size());
    if (splits && !all_alone)
      levels.push_back(level);
    if (splits)
      above = std::move(level);
  }
  return levels;
}

std::shared_ptr<HierarchyModel> hierarchy_for(const std::vector<sg4::Host*>& hosts, const NetworkFactors& f)
{
  std::vector<std::vector<int>> levels = platform_levels(hosts);
  if (levels.empty())
    return nullptr;
  auto model = std::make_shared<HierarchyModel>(HierarchyModel{RankHierarchy(std::move(levels)), {}, {}, {}});
  const RankHierarchy& h = model->ranks;
  for (int s = 0; s < h.steps(); s++)
    model->steps.push_back(context_for(hosts_of(hosts, h.largest_step_members(s)), f));
  if (h.groups(0) > 64)
    return model;  // no cluster view: pricing every pair of groups would cost a route per pair
  for (int g = 0; g < h.groups(0); g++)
    model->clusters.push_back(context_for(hosts_of(hosts, h.members(0, g)), f));
  for (int a = 0; a < h.groups(0); a++)
    for (int b = 0; b < h.groups(0); b++)
      model->between.push_back(a == b ? model->clusters[a].p2p
                                      : point_to_point(*hosts[h.members(0, a).front()],
                                                       *hosts[h.members(0, b).front()], f));
  return model;
}

} // namespace tireplay::models
