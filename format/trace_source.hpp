// Resolves what the user passed as --trace into one input per rank: an index file listing per-rank
// files (SimGrid's layout), one shared file holding all ranks' lines, or a directory of per-rank files.
#pragma once

#include "format/rank_reader.hpp"

#include <string>
#include <vector>

namespace tireplay {

struct TraceInputs {
  std::vector<RankInput> ranks;  // index = rank
  std::string temp_dir;          // demultiplexed copies of a shared file, removed with this object
  uint64_t total_bytes = 0;      // sum of the inputs' sizes, for progress estimates
  std::string index;             // the index that listed the rank files, if any (a directory's trace.txt): an input
                                 // that no output may replace, although no rank reads it

  TraceInputs() = default;
  TraceInputs(TraceInputs&& other) noexcept;
  TraceInputs& operator=(TraceInputs&&) = delete;
  TraceInputs(const TraceInputs&)       = delete;
  ~TraceInputs();
  /// Removes the demultiplexed copies now: once every reader has opened its copy, the data stays readable and a
  /// killed replay leaves nothing behind.
  void remove_copies();
};

/// `np` = 0 infers the rank count from the trace. Throws InputError.
TraceInputs open_trace(const std::string& path, int np);

/// The files the trace `path` names, for outputs that must not replace them: `path`, and an index's rank files or
/// a directory's files and the rank files of the indexes among them. Reads an index's lines only (a directory's
/// files: their first line). Throws InputError as open_trace on a bad index (`path` itself).
std::vector<std::string> trace_files(const std::string& path);

/// `$TMPDIR` (/tmp without it), for `what` (what goes there, for messages). Throws InputError naming TMPDIR where it
/// is not a directory.
std::string temporary_directory(const std::string& what);

} // namespace tireplay
