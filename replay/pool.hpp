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

/// An allocator of single objects (a std::map's nodes) that keeps the ones given back for the next ones taken, in a
/// list of the calling thread: a map whose entries come and go (a queue per source with messages in flight) costs
/// no malloc once warm. Arrays go to operator new as usual.
template <class T> class FreeListAllocator {
public:
  using value_type = T;
  FreeListAllocator() = default;
  template <class U> FreeListAllocator(const FreeListAllocator<U>&) {}
  T* allocate(size_t n)
  {
    auto& list = free_list();
    if (n != 1 || list.objects.empty())
      return static_cast<T*>(::operator new(n * sizeof(T)));
    void* object = list.objects.back();
    list.objects.pop_back();
    return static_cast<T*>(object);
  }
  void deallocate(T* object, size_t n)
  {
    if (n == 1)
      free_list().objects.push_back(object);
    else
      ::operator delete(object);
  }
  template <class U> bool operator==(const FreeListAllocator<U>&) const { return true; }
  template <class U> bool operator!=(const FreeListAllocator<U>&) const { return false; }

private:
  struct List {
    std::vector<void*> objects;
    ~List()
    {
      for (void* object : objects)
        ::operator delete(object);
    }
  };
  static List& free_list()
  {
    thread_local List list;
    return list;
  }
};

} // namespace tireplay
