#include "format/shared_trace.hpp"

#include "format/interruption.hpp"
#include "format/line_parser.hpp"
#include "format/text_source.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdlib.h>
#include <sys/statvfs.h>
#include <unordered_map>

namespace fs = std::filesystem;

namespace tireplay {
namespace {

std::string rank_copy(const std::string& dir, int rank) { return dir + "/rank" + std::to_string(rank) + ".txt"; }

} // namespace

TraceInputs demultiplex(const std::string& path, int np)
{
  TraceInputs inputs;
  std::string pattern = (fs::path(temporary_directory("a shared trace's split copy")) / "tireplay-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr)
    throw InputError(path + ": cannot create a temporary directory in " + fs::path(pattern).parent_path().string() +
                     " to split the shared trace: " + std::strerror(errno) + " (set TMPDIR to another directory)");
  inputs.temp_dir = pattern;
  set_interruption_cleanup(pattern.c_str());

  TextLines in(path);
  // A file per rank that has lines, made at its first flush; ranks without lines share one empty file (a line for
  // rank 999999 must not make a million files). Each rank's lines gather in memory and all are appended to their
  // files once kPending bytes are waiting (and at the end): a file is opened once per flush, whatever the number of
  // ranks (an open file per rank, closed and reopened past the open-file limit, took 13 s for 1 M lines of 5,000
  // interleaved ranks).
  constexpr size_t kPending = size_t{16} << 20;
  std::unordered_map<int, std::string> pending;
  size_t pending_bytes = 0;
  auto flush_all = [&] {
    for (auto& [rank, text] : pending) {
      if (text.empty())
        continue;
      std::string name = rank_copy(inputs.temp_dir, rank);
      FILE* file       = std::fopen(name.c_str(), "ab");
      if (file == nullptr)
        throw InputError(path + ": cannot write " + name + ": " + std::strerror(errno));
      // checked at the close too: a full disk shows when the buffer is written (a copy cut short would replay as a
      // shorter trace)
      bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
      if (std::fclose(file) != 0 || !written)
        throw InputError(path + ": cannot write the split copy of the trace in " + inputs.temp_dir + ": " +
                         std::strerror(errno) + " (set TMPDIR to a directory with room for it)");
    }
    pending.clear();  // (memory back: a rank's lines may not come again)
    pending_bytes = 0;
  };
  std::set<int> made;  // ranks whose copy exists
  uint64_t lines = 0;
  int largest = -1;
  std::string line;
  uint64_t number = 0;
  std::vector<std::string_view> fields;
  constexpr uint64_t kCheckEvery = uint64_t{64} << 20, kKeepFree = uint64_t{256} << 20;
  uint64_t next_check = kCheckEvery;
  while (in.next(line)) {
    number++;
    auto t = trim_line(line);
    if (t.empty() || t.front() == '#')
      continue;
    if (t.find('\0') != std::string_view::npos)  // printf's %.*s would cut the line there: `compute 1\0e9` was 1
      throw InputError(input_error_text(path, number, "a NUL byte in the line (binary data?)", t));
    split_fields(t, fields);
    int rank = -1;
    if (!parse_rank_field(fields[0], rank))
      throw InputError(input_error_text(path, number, "the first field is not a rank: '" + std::string(fields[0]) + "'", t));
    if (np > 0 && rank >= np)
      throw InputError(input_error_text(path, number,
                                        "line for rank " + std::to_string(rank) + " but --np is " + std::to_string(np), t));
    if (rank >= static_cast<int>(kMaxRanks))
      throw InputError(input_error_text(path, number, "rank " + std::to_string(rank) + " is out of range (a trace has "
                                                      "ranks 0 to 999999)", t));
    auto [at, fresh] = pending.try_emplace(rank);
    if (fresh)  // (once per rank and flush)
      made.insert(rank);
    largest = std::max(largest, rank);
    lines++;
    std::string& out    = at->second;
    const size_t before = out.size();
    out.append(std::to_string(number)).append(1, '\t').append(t).append(1, '\n');
    const size_t written = out.size() - before;
    pending_bytes += written;
    if (pending_bytes >= kPending)
      flush_all();
    inputs.total_bytes += written;  // the readers consume these copies
    if (inputs.total_bytes >= next_check) {  // stop before the copy fills the disk (or, on a tmpfs, the memory)
      next_check = inputs.total_bytes + kCheckEvery;
      struct statvfs room {};
      if (statvfs(inputs.temp_dir.c_str(), &room) == 0 &&
          static_cast<uint64_t>(room.f_bavail) * room.f_frsize < kKeepFree)
        throw InputError(path + ": the split copy of the trace in " + inputs.temp_dir + " has reached " +
                         std::to_string(inputs.total_bytes >> 20) + " MiB and less than " +
                         std::to_string(kKeepFree >> 20) + " MiB are left there (set TMPDIR to a directory with "
                         "room for it, or give one file per rank)");
    }
  }
  flush_all();  // written and closed before the readers open the copies
  if (made.empty())
    throw InputError(path + ": the trace holds no action");
  if (np > 0 && largest + 1 < np)
    throw InputError(path + ": no line for rank " + std::to_string(largest + 1) + " (--np " + std::to_string(np) + ")");
  if (made.count(0) == 0) {  // one rank's file of a split trace, given as the trace (a new user's trial)
    if (made.size() == 1) {
      std::string others = largest == 1 ? "rank 0 has none and replays"
                                        : "ranks 0 to " + std::to_string(largest - 1) + " have none and replay";
      if (lines > 1)  // (a single line for rank 999999: a test of many ranks, not a rank's file)
        std::fprintf(stderr, "tireplay: warning: %s holds lines of rank %d alone (%s nothing): one rank's file of a "
                             "split trace? Give the trace's index or directory\n",
                     path.c_str(), largest, others.c_str());
    } else {
      std::fprintf(stderr, "tireplay: warning: %s has no line for rank 0 (ranks without lines replay nothing)\n",
                   path.c_str());
    }
  }
  bool gaps = static_cast<int>(made.size()) < largest + 1;
  std::string empty = inputs.temp_dir + "/empty.txt";
  if (gaps) {
    std::ofstream made_empty(empty);
    made_empty.close();
    if (!made_empty)
      throw InputError(path + ": cannot write " + empty);
  }
  for (int rank = 0; rank <= largest; rank++) {
    std::string name = rank_copy(inputs.temp_dir, rank);
    inputs.ranks.push_back({made.count(rank) != 0 ? name : empty, path, true, made.count(rank) == 0});
  }
  return inputs;
}

} // namespace tireplay
