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
  int top() const { return heap_.front().id; }
  double top_date() const { return empty() ? std::numeric_limits<double>::infinity() : heap_.front().date; }

private:
  /// The heap holds the dates: its comparisons read its own entries, not an array by id.
  struct Entry {
    double date;
    int id;
  };
  static size_t idx(int id) { return static_cast<size_t>(id); }
  static bool before(const Entry& a, const Entry& b) { return a.date != b.date ? a.date < b.date : a.id < b.id; }
  void place(size_t slot, const Entry& e);
  void sift_up(size_t slot);
  void sift_down(size_t slot);

  std::vector<Entry> heap_;
  std::vector<int> slot_;  // by id: its index in heap_, -1 if absent
};

} // namespace tireplay::fast
