#include "replay/fast/completions.hpp"

namespace tireplay::fast {

void Completions::place(size_t slot, int id)
{
  heap_[slot]    = id;
  slot_[idx(id)] = static_cast<int>(slot);
}

void Completions::sift_up(size_t slot)
{
  int id = heap_[slot];
  while (slot > 0) {
    size_t parent = (slot - 1) / 2;
    if (!before(id, heap_[parent]))
      break;
    place(slot, heap_[parent]);
    slot = parent;
  }
  place(slot, id);
}

void Completions::sift_down(size_t slot)
{
  int id = heap_[slot];
  for (;;) {
    size_t child = 2 * slot + 1;
    if (child >= heap_.size())
      break;
    if (child + 1 < heap_.size() && before(heap_[child + 1], heap_[child]))
      child++;
    if (!before(heap_[child], id))
      break;
    place(slot, heap_[child]);
    slot = child;
  }
  place(slot, id);
}

void Completions::set(int id, double date)
{
  if (slot_.size() <= idx(id)) {
    slot_.resize(idx(id) + 1, -1);
    date_.resize(idx(id) + 1);
  }
  date_[idx(id)] = date;
  if (slot_[idx(id)] < 0) {
    heap_.push_back(id);
    slot_[idx(id)] = static_cast<int>(heap_.size() - 1);
    sift_up(heap_.size() - 1);
    return;
  }
  size_t slot = static_cast<size_t>(slot_[idx(id)]);
  sift_up(slot);
  sift_down(static_cast<size_t>(slot_[idx(id)]));
}

void Completions::remove(int id)
{
  if (idx(id) >= slot_.size() || slot_[idx(id)] < 0)
    return;
  size_t slot    = static_cast<size_t>(slot_[idx(id)]);
  slot_[idx(id)] = -1;
  int last       = heap_.back();
  heap_.pop_back();
  if (slot < heap_.size()) {
    place(slot, last);
    sift_up(slot);
    sift_down(static_cast<size_t>(slot_[idx(last)]));
  }
}

} // namespace tireplay::fast
