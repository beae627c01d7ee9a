#include "replay/fast/completions.hpp"

namespace tireplay::fast {

void Completions::place(size_t slot, const Entry& e)
{
  heap_[slot]      = e;
  slot_[idx(e.id)] = static_cast<int>(slot);
}

void Completions::sift_up(size_t slot)
{
  Entry e = heap_[slot];
  while (slot > 0) {
    size_t parent = (slot - 1) / 2;
    if (!before(e, heap_[parent]))
      break;
    place(slot, heap_[parent]);
    slot = parent;
  }
  place(slot, e);
}

void Completions::sift_down(size_t slot)
{
  Entry e = heap_[slot];
  for (;;) {
    size_t child = 2 * slot + 1;
    if (child >= heap_.size())
      break;
    if (child + 1 < heap_.size() && before(heap_[child + 1], heap_[child]))
      child++;
    if (!before(heap_[child], e))
      break;
    place(slot, heap_[child]);
    slot = child;
  }
  place(slot, e);
}

void Completions::set(int id, double date)
{
  if (slot_.size() <= idx(id))
    slot_.resize(idx(id) + 1, -1);
  if (slot_[idx(id)] < 0) {
    heap_.push_back({date, id});
    sift_up(heap_.size() - 1);
    return;
  }
  auto slot       = static_cast<size_t>(slot_[idx(id)]);
  double previous = heap_[slot].date;
  heap_[slot].date = date;
  if (date < previous)
    sift_up(slot);
  else
    sift_down(slot);  // (a date unchanged stays in place)
}

void Completions::remove(int id)
{
  if (idx(id) >= slot_.size() || slot_[idx(id)] < 0)
    return;
  auto slot      = static_cast<size_t>(slot_[idx(id)]);
  slot_[idx(id)] = -1;
  Entry last     = heap_.back();
  heap_.pop_back();
  if (slot < heap_.size()) {
    place(slot, last);
    sift_up(slot);
    sift_down(static_cast<size_t>(slot_[idx(last.id)]));
  }
}

} // namespace tireplay::fast
