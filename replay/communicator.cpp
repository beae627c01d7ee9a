#include "replay/communicator.hpp"

#include <numeric>

namespace tireplay {

Communicator::Communicator(int id, std::vector<int> members, int world_size)
    : id_(id), members_(std::move(members)), local_(world_size, -1), smp_ready_(members_.size(), 0)
{
  for (int i = 0; i < size(); i++)
    local_[members_[i]] = i;
}

CommTable::CommTable(int world_size, const std::vector<int>& job_sizes) : world_size_(world_size)
{
  std::vector<int> sizes = job_sizes.empty() ? std::vector<int>{world_size} : job_sizes;
  int first = 0;
  for (int size : sizes) {
    std::vector<int> members(size);
    std::iota(members.begin(), members.end(), first);
    comms_.push_back(std::make_unique<Communicator>(static_cast<int>(comms_.size()), std::move(members), world_size));
    first += size;
  }
}

const Communicator* CommTable::find(int id) const
{
  if (id < 0 || id >= static_cast<int>(comms_.size()))
    return nullptr;
  return comms_[id].get();
}

std::string CommTable::define(int id, const std::vector<int>& members)
{
  if (const Communicator* known = find(id)) {
    if (known->members() != members)
      return "communicator " + std::to_string(id) + " was already defined with other members";
    return "";
  }
  std::vector<bool> seen(world_size_, false);
  for (int m : members) {
    if (seen[m])
      return "world rank " + std::to_string(m) + " is listed twice in communicator " + std::to_string(id);
    seen[m] = true;
  }
  if (static_cast<int>(comms_.size()) <= id)
    comms_.resize(id + 1);
  comms_[id] = std::make_unique<Communicator>(id, members, world_size_);
  return "";
}

const Communicator& CommTable::sub(int parent, const std::vector<int>& members)
{
  constexpr int kFirstSubId = 1 << 28;  // traces number their communicators from 0 up
  auto [it, fresh] = subs_.try_emplace({parent, members});
  if (fresh)
    it->second = std::make_unique<Communicator>(kFirstSubId + static_cast<int>(subs_.size()) - 1, members, world_size_);
  return *it->second;
}

} // namespace tireplay
