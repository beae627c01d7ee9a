// Progress of a long replay on stderr: actions done, actions/s, share of the trace read, ETA.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

namespace tireplay {

class Progress {
public:
  /// `bytes_read` tells how much of the trace (of `total_bytes`) the readers consumed so far. `lines`: a line every
  /// 10 s, for a log file, instead of one line redrawn every half second.
  Progress(bool enabled, bool lines, uint64_t total_bytes, std::function<uint64_t()> bytes_read);

  /// Called once per action; cheap except once every few thousand actions.
  void tick()
  {
    if (enabled_ && (++actions_ & 0x3fff) == 0)
      report(false);
  }
  void finish();
  /// The replay itself starts (readers, engine and ranks made): its rate is counted from here.
  void start() { start_ = last_print_ = std::chrono::steady_clock::now(); }

private:
  void report(bool last);

  bool enabled_;
  bool lines_;
  uint64_t total_bytes_;
  std::function<uint64_t()> bytes_read_;
  uint64_t actions_ = 0;
  std::chrono::steady_clock::time_point start_, last_print_;
  bool printed_ = false;
};

} // namespace tireplay
