#include "replay/progress.hpp"

#include <cstdio>

namespace tireplay {

Progress::Progress(bool enabled, bool lines, uint64_t total_bytes, std::function<uint64_t()> bytes_read)
    : enabled_(enabled)
    , lines_(lines)
    , total_bytes_(total_bytes)
    , bytes_read_(std::move(bytes_read))
    , start_(std::chrono::steady_clock::now())
    , last_print_(start_)
{
}

void Progress::report(bool last)
{
  auto now = std::chrono::steady_clock::now();
  if (!last && now - last_print_ < std::chrono::milliseconds(lines_ ? 10000 : 500))
    return;
  last_print_    = now;
  double elapsed = std::chrono::duration<double>(now - start_).count();
  double rate    = elapsed > 0 ? static_cast<double>(actions_) / elapsed : 0;
  double share   = total_bytes_ > 0 ? static_cast<double>(bytes_read_()) / static_cast<double>(total_bytes_) : 0;
  if (share > 1)
    share = 1;
  std::fprintf(stderr, "%s[tireplay] %llu actions in %.1f s of replay (set-up aside), %.0f actions/s",
               lines_ ? "" : "\r", static_cast<unsigned long long>(actions_), elapsed, rate);
  if (total_bytes_ > 0)  // 0: compressed inputs, whose text is not known in advance
    std::fprintf(stderr, ", %3.0f%% of the trace read", 100 * share);
  if (!last && share > 0.01)
    std::fprintf(stderr, ", ETA %.0f s%s", elapsed * (1 - share) / share, lines_ ? "\n" : "   ");
  else
    std::fprintf(stderr, lines_ ? "\n" : "              ");
  printed_ = true;
  std::fflush(stderr);
}

void Progress::finish()
{
  if (enabled_ && (printed_ || lines_)) {  // in a log, the last line says how the replay went
    report(true);
    if (!lines_)
      std::fputc('\n', stderr);
  }
}

} // namespace tireplay
