// The activities' finish dates, one entry per activity updated in place (an indexed binary heap): a new rate moves
// the entry instead of leaving a stale event behind, which at every change of the shares on a busy link would
// be most of the queue.
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

namespace tireplay::fast {

class Completions {
public:
  /// Puts or moves activity `id` at `date` (ties: the smaller id first, the same order on every run).
  void set(int id, double date);
  void remove(int id);
  bool empty() const { return heap_.empty(); }
  int top() const { return heap_.front(); }
  double top_date() const { return empty() ? std::numeric_limits<double>::infinity() : date_[idx(heap_.front())]; }

private:
  static size_t idx(int id) { return static_cast<size_t>(id); }
  bool before(int a, int b) const { return date_[idx(a)] != date_[idx(b)] ? date_[idx(a)] < date_[idx(b)] : a < b; }
  void place(size_t slot, int id);
  void sift_up(size_t slot);
  void sift_down(size_t slot);

  std::vector<int> heap_;     // activity ids
  std::vector<int> slot_;     // by id: its index in heap_, -1 if absent
  std::vector<double> date_;  // by id
};

} // namespace tireplay::fast
