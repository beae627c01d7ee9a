#include "replay/pending_requests.hpp"

namespace tireplay {

void PendingRequests::store(const PendingRequest& p)
{
  by_order_.emplace(next_, p);
  by_key_[{p.src, p.dst, p.tag}].push_back(next_);
  next_++;
}

const PendingRequest* PendingRequests::oldest(int src, int dst, int tag)
{
  auto key = by_key_.find({src, dst, tag});
  if (key == by_key_.end())
    return nullptr;
  auto& order = key->second;
  while (!order.empty()) {
    auto found = by_order_.find(order.front());
    if (found != by_order_.end())
      return &found->second;
    order.pop_front();  // taken by take_oldest or take_oldest_active
  }
  by_key_.erase(key);
  return nullptr;
}

std::optional<PendingRequest> PendingRequests::take(int src, int dst, int tag)
{
  const PendingRequest* p = oldest(src, dst, tag);
  if (p == nullptr)
    return std::nullopt;
  PendingRequest taken = *p;
  auto key             = by_key_.find({src, dst, tag});
  by_order_.erase(key->second.front());
  key->second.pop_front();
  if (key->second.empty())
    by_key_.erase(key);
  return taken;
}

PendingRequest PendingRequests::take_oldest()
{
  PendingRequest p = by_order_.begin()->second;
  by_order_.erase(by_order_.begin());
  return p;
}

std::optional<PendingRequest> PendingRequests::take_oldest_active()
{
  for (auto it = by_order_.begin(); it != by_order_.end(); ++it)
    if (it->second.request != nullptr) {
      PendingRequest p = it->second;
      by_order_.erase(it);
      return p;
    }
  return std::nullopt;
}

std::vector<PendingRequest> PendingRequests::take_all()
{
  std::vector<PendingRequest> all;
  all.reserve(by_order_.size());
  for (const auto& [order, p] : by_order_)
    all.push_back(p);
  by_order_.clear();
  by_key_.clear();
  return all;
}

} // namespace tireplay
