#include "replay/pending_requests.hpp"

#include <iterator>

namespace tireplay {

void PendingRequests::store(const PendingRequest& p)
{
  by_order_.emplace(next_, p);
  by_key_.emplace(Key{p.src, p.dst, p.tag}, next_);  // after the key's others: a multimap keeps insertion order
  next_++;
}

PendingRequests::ByKey::iterator PendingRequests::stored_from(ByKey::iterator it, const Key& key)
{
  while (it != by_key_.end() && it->first == key) {
    if (by_order_.count(it->second) != 0)
      return it;
    it = by_key_.erase(it);  // taken by take_oldest or take_oldest_active
  }
  return by_key_.end();
}

PendingRequests::ByKey::iterator PendingRequests::first_of(int src, int dst, int tag)
{
  const Key key{src, dst, tag};
  return stored_from(by_key_.lower_bound(key), key);
}

const PendingRequest* PendingRequests::oldest(int src, int dst, int tag)
{
  auto it = first_of(src, dst, tag);
  return it == by_key_.end() ? nullptr : &by_order_.at(it->second);
}

std::optional<PendingRequest> PendingRequests::take(int src, int dst, int tag, int index)
{
  const Key key{src, dst, tag};
  auto it = first_of(src, dst, tag);
  for (; index > 0 && it != by_key_.end(); index--)  // the index-th of the key still stored
    it = stored_from(std::next(it), key);
  if (it == by_key_.end())
    return std::nullopt;
  auto order           = by_order_.find(it->second);
  PendingRequest taken = order->second;
  by_order_.erase(order);
  by_key_.erase(it);
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
