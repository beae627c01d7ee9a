#include "replay/fast/stacks.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

namespace tireplay::fast {

StackArena::StackArena(size_t stack_bytes, bool guard_pages) : stack_bytes_(stack_bytes), guard_pages_(guard_pages)
{
}

StackArena::~StackArena()
{
  for (void* mapping : mappings_)
    munmap(mapping, kStacksPerMapping * stack_bytes_);
}

boost::context::stack_context StackArena::allocate()
{
  if (free_.empty()) {
    size_t bytes  = kStacksPerMapping * stack_bytes_;
    void* mapping = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mapping == MAP_FAILED)
      throw std::bad_alloc();
    mappings_.push_back(mapping);
    auto* base      = static_cast<char*>(mapping);
    size_t page     = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    for (size_t i = kStacksPerMapping; i-- > 0;) {
      char* bottom = base + i * stack_bytes_;
      if (guard_pages_)
        mprotect(bottom, page, PROT_NONE);
      free_.push_back(bottom);
    }
  }
  char* bottom = free_.back();
  free_.pop_back();
  boost::context::stack_context stack;
  stack.size = stack_bytes_;
  stack.sp   = bottom + stack_bytes_;  // stacks grow down
  return stack;
}

void StackArena::deallocate(boost::context::stack_context& stack)
{
  char* bottom = static_cast<char*>(stack.sp) - stack.size;
  // The pages it touched go back to the system; the range stays reserved for the next fiber.
  size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  madvise(bottom + (guard_pages_ ? page : 0), stack.size - (guard_pages_ ? page : 0), MADV_DONTNEED);
  free_.push_back(bottom);
}

} // namespace tireplay::fast
