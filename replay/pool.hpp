// Objects reused instead of allocated for each message: memory follows the number in flight, not the trace.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace tireplay {

template <class T> class Pool {
public:
  /// A fresh object (value-initialized).
  T* take()
  {
    if (free_.empty()) {
      chunks_.emplace_back(new T[kChunk]);
      for (size_t i = kChunk; i-- > 0;)
        free_.push_back(&chunks_.back()[i]);
    }
    T* object = free_.back();
    free_.pop_back();
    *object = T{};
    return object;
  }
  void give_back(T* object) { free_.push_back(object); }

private:
  static constexpr size_t kChunk = 4096;
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::vector<T*> free_;
};

} // namespace tireplay
