// Stacks for the fast level's rank fibers, carved from large memory mappings reserved without commitment
// (MAP_NORESERVE): a rank's stack costs the pages it touches, and 65,536 ranks make 64 mappings, not 65,536
// (the kernel's vm.max_map_count is 65,530). Below `guard_limit` stacks, each gets a guard page, as SimGrid's
// actors have: an overflow faults instead of corrupting the next stack.
#pragma once

#include <boost/context/stack_context.hpp>

#include <cstddef>
#include <vector>

namespace tireplay::fast {

class StackArena {
public:
  StackArena(size_t stack_bytes, bool guard_pages);
  ~StackArena();
  StackArena(const StackArena&) = delete;
  StackArena& operator=(const StackArena&) = delete;

  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context& stack);

private:
  static constexpr size_t kStacksPerMapping = 1024;
  size_t stack_bytes_;
  bool guard_pages_;
  std::vector<void*> mappings_;
  std::vector<char*> free_;  // stack bottoms
};

/// The allocator Boost.Context copies into each fiber: a reference to the arena.
struct ArenaStackAllocator {
  StackArena* arena;
  boost::context::stack_context allocate() { return arena->allocate(); }
  void deallocate(boost::context::stack_context& stack) { arena->deallocate(stack); }
};

} // namespace tireplay::fast
