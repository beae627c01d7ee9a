#include "models/hierarchy.hpp"

#include <algorithm>

namespace tireplay::models {

RankHierarchy::RankHierarchy(std::vector<std::vector<int>> group_of) : group_of_(std::move(group_of))
{
  for (const auto& level : group_of_) {
    std::vector<std::vector<int>> members;
    for (int r = 0; r < static_cast<int>(level.size()); r++) {
      if (level[r] >= static_cast<int>(members.size()))
        members.resize(static_cast<size_t>(level[r]) + 1);
      members[level[r]].push_back(r);
    }
    members_.push_back(std::move(members));
  }
}

int index_of(const std::vector<int>& members, int rank)
{
  return static_cast<int>(std::lower_bound(members.begin(), members.end(), rank) - members.begin());
}

int RankHierarchy::leader(int level, int group, int root) const
{
  return group_of_[level][root] == group ? root : members_[level][group].front();
}

bool RankHierarchy::takes_part(int step, int rank, int root) const
{
  return step == levels() || leader(step, group_of_[step][rank], root) == rank;
}

std::vector<int> RankHierarchy::step_members(int step, int rank, int root) const
{
  if (step == levels())
    return members_[step - 1][group_of_[step - 1][rank]];
  // The leaders of the level-s groups inside rank's level-(s-1) group (levels nest: one member tells).
  std::vector<int> leaders;
  for (int g = 0; g < groups(step); g++)
    if (step == 0 || group_of_[step - 1][members_[step][g].front()] == group_of_[step - 1][rank])
      leaders.push_back(leader(step, g, root));
  std::sort(leaders.begin(), leaders.end());
  return leaders;
}

std::vector<int> RankHierarchy::largest_step_members(int step) const
{
  std::vector<int> largest;
  int parents = step == 0 ? 1 : static_cast<int>(members_[step - 1].size());
  for (int p = 0; p < parents; p++) {
    int someone = step == 0 ? 0 : members_[step - 1][p].front();
    std::vector<int> candidate = step_members(step, someone, 0);
    if (candidate.size() > largest.size())
      largest = std::move(candidate);
  }
  return largest;
}

} // namespace tireplay::models
