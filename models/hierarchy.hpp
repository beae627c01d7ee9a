// The hierarchy of a communicator's ranks: the hwloc paper's hierarchical communicators (Mercier et al.,
// sections 3 and 7.2) applied to the simulated platform. Levels of nested groups, coarsest first, from the
// platform's zone tree (zones, clusters) down to the hosts (a host's ranks are its core slots). A collective runs
// level by level: step 0 among the leaders of the level-0 groups, step s among the leaders of the level-s groups
// inside one level-(s-1) group, the last step among all the ranks of a finest group.
#pragma once

#include "models/model_context.hpp"

#include <memory>
#include <vector>

namespace simgrid::s4u {
class Host;
}

namespace tireplay::models {

struct NetworkFactors;

class RankHierarchy {
public:
  /// `group_of[l][r]`: rank r's group at level l, groups numbered from 0 in the order of their lowest rank. Each
  /// level must refine the one above it.
  explicit RankHierarchy(std::vector<std::vector<int>> group_of);

  int levels() const { return static_cast<int>(group_of_.size()); }
  int steps() const { return levels() + 1; }
  int ranks() const { return group_of_.empty() ? 0 : static_cast<int>(group_of_[0].size()); }
  int group(int level, int rank) const { return group_of_[level][rank]; }
  int groups(int level) const { return static_cast<int>(members_[level].size()); }
  /// The ranks of a group, ascending.
  const std::vector<int>& members(int level, int group) const { return members_[level][group]; }
  /// A group's leader for a collective rooted at `root`: the root if it is a member, else the lowest rank.
  int leader(int level, int group, int root) const;
  /// Whether `rank` takes part in step s (it leads its level-s group; everyone takes part in the last step).
  bool takes_part(int step, int rank, int root) const;
  /// The ranks of `rank`'s step-s communicator, ascending: the leaders of the level-s groups inside its
  /// level-(s-1) group (every level-0 leader for step 0; every rank of its finest group for the last step).
  std::vector<int> step_members(int step, int rank, int root) const;
  /// The ranks whose data a member of step s stands for: its level-s group (itself alone in the last step).
  int carried(int step, int rank) const
  {
    return step == levels() ? 1 : static_cast<int>(members(step, group(step, rank)).size());
  }
  /// The step-s communicator with the most ranks (rooted at rank 0), for the models.
  std::vector<int> largest_step_members(int step) const;

private:
  std::vector<std::vector<int>> group_of_;
  std::vector<std::vector<std::vector<int>>> members_;  // [level][group]: ranks
};

/// The position of `rank` in `members` (ascending, holding it): its rank in their communicator.
int index_of(const std::vector<int>& members, int rank);

/// What the models know of a communicator's hierarchy: its levels, the model context of the largest communicator
/// of each step, and the level-0 groups (clusters) seen one by one and from one another, for the grid algorithms.
struct HierarchyModel {
  RankHierarchy ranks;
  std::vector<ModelContext> steps;     // per step: its largest communicator
  std::vector<ModelContext> clusters;  // per level-0 group: its ranks (empty past 64 groups)
  std::vector<PointToPoint> between;   // [a * clusters + b]: from group a's lowest rank to group b's (idem)
  const PointToPoint& link(int a, int b) const { return between[static_cast<size_t>(a * groups() + b)]; }
  int groups() const { return static_cast<int>(clusters.size()); }
};

/// The levels of ranks placed on `hosts`: each rank's zones from the platform's root down to its host's zone,
/// then its host. A level that splits no group of the level above, and one whose groups all hold one rank, are
/// left out. Empty (no level) when the ranks share one group or sit one per host in one zone. Groups are numbered
/// in the order of their lowest rank.
std::vector<std::vector<int>> platform_levels(const std::vector<simgrid::s4u::Host*>& hosts);

/// The hierarchy model of ranks placed on `hosts`, or nullptr when they form no hierarchy (platform_levels empty).
/// Past 64 level-0 groups it has no cluster view (`clusters` and `between` empty: the grid algorithms do not
/// apply), as pricing every pair of groups would cost a route per pair.
std::shared_ptr<HierarchyModel> hierarchy_for(const std::vector<simgrid::s4u::Host*>& hosts,
                                                     const NetworkFactors& f);

} // namespace tireplay::models
