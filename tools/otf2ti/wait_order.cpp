// Which of a key's requests each wait takes (Rank::index_waits): the replay keeps requests by (src, dst, tag) in the
// order of their lines, and a wait without index takes the oldest, which is not always the one the program waited.
#include "rank_state.hpp"

#include <algorithm>
#include <deque>

namespace otf2ti {

void Rank::track(size_t slot, TrackedLine::Role role, uint64_t order, const SendKey& key, bool known)
{
  tracked[slot] = {role, order, key, known};
}

void Rank::index_waits()
{
  std::map<SendKey, std::deque<uint64_t>> stored;  // the replay's, by key, oldest first
  for (const auto& [slot, t] : tracked) {
    if (!t.known || out.lines[slot].empty())
      continue;  // a receive cancelled or never completed: no line
    std::deque<uint64_t>& list = stored[t.key];
    if (t.role == TrackedLine::Role::Post) {
      list.push_back(t.order);
    } else if (t.role == TrackedLine::Role::Test) {
      if (!list.empty() && list.front() == t.order)
        std::rotate(list.begin(), list.begin() + 1, list.end());  // tested, stored again behind the others
      else
        out.lines[slot].clear();  // it would test another request of the key
    } else {
      auto it = std::find(list.begin(), list.end(), t.order);
      if (it == list.end())
        continue;
      auto index = it - list.begin();
      list.erase(it);
      if (index > 0) {
        auto [src, dst, tag, comm] = t.key;
        out.lines[slot] = std::to_string(rank) + " wait " + fields(src, dst, tag) + " " + std::to_string(index) +
                          suffix(comm);
      }
    }
  }
  tracked.clear();
}

} // namespace otf2ti
