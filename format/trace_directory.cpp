#include "format/trace_directory.hpp"

#include "format/rank_reader.hpp"
#include "format/trace_files.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <vector>

namespace fs = std::filesystem;

namespace tireplay {
namespace {

/// The files directly in `dir` whose first line is an action of a rank, sorted.
std::vector<std::string> rank_files_in(const std::string& dir)
{
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (!it->is_regular_file(type_ec))
      continue;
    uint64_t number;
    int rank = -1;
    if (starts_with_action(first_line(it->path().string(), number), rank))
      found.push_back(it->path().string());
  }
  std::sort(found.begin(), found.end());
  return found;
}

/// SimGrid's and otf2ti's trace in `dir`: trace.txt (an index, or a shared trace), plain or compressed, or otf2ti's
/// packed trace.tipack.
std::vector<std::string> named_traces(const std::string& dir)
{
  std::vector<std::string> found;
  for (const char* name : {"trace.txt", "trace.txt.gz", "trace.txt.zst", "trace.txt.xz", "trace.txt.bz2",
                           "trace.tipack"}) {
    std::error_code ec;
    fs::path file = fs::path(dir) / name;
    if (fs::is_regular_file(file, ec))
      found.push_back(file.string());
  }
  return found;
}

TraceInputs from_directory(const std::string& dir, int np)
{
  std::map<int, std::string> by_rank;
  std::vector<fs::path> files;
  std::vector<std::string> skipped;  // files whose first line is no action
  std::multimap<int, std::pair<std::string, uint64_t>> maybe;  // first line "<rank> <unknown word>"
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (it->is_regular_file(type_ec))
      files.push_back(it->path());
    else if (!it->is_directory(type_ec) && it->exists(type_ec))  // a FIFO was skipped: one rank fewer, silently
      throw InputError(dir + ": '" + it->path().filename().string() + "' is not a regular file (a FIFO, device or "
                       "socket cannot be a trace)");
  }
  if (ec)
    throw InputError(dir + ": cannot list the directory: " + ec.message());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    uint64_t number;
    std::string line = first_line(file.string(), number);
    int rank         = -1;
    if (line.empty() || !looks_like_action(line, rank)) {
      skipped.push_back(file.filename().string());
      continue;  // not a trace file (an index, data...)
    }
    if (!starts_with_action(line, rank)) {  // "<rank> <word>": a trace with a typo, or a README ("1 Overview")
      maybe.emplace(rank, std::make_pair(file.string(), number));
      continue;
    }
    auto [it, inserted] = by_rank.emplace(rank, file.string());
    if (!inserted)
      throw InputError(file.string() + ":" + std::to_string(number) + ": rank " + std::to_string(rank) +
                       " already has a trace: " + it->second);
  }
  // A file whose first line is "<rank> <unknown word>" is the rank's trace only if no file starts with a
  // known action for that rank: then its error is reported at that line.
  for (const auto& [rank, candidate] : maybe) {
    const auto& [file, number] = candidate;
    if (by_rank.count(rank) != 0 && by_rank[rank] != file) {
      skipped.push_back(fs::path(file).filename().string());
      continue;
    }
    if (auto [it, inserted] = by_rank.emplace(rank, file); !inserted)
      throw InputError(file + ":" + std::to_string(number) + ": rank " + std::to_string(rank) +
                       " already has a trace: " + it->second);
  }
  std::sort(skipped.begin(), skipped.end());
  std::string not_traces;
  for (size_t i = 0; i < skipped.size() && i < 5; i++)
    not_traces += (i == 0 ? " (not traces, their first line being no action: " : ", ") + skipped[i];
  if (!skipped.empty())
    not_traces += skipped.size() > 5 ? ", ...)" : ")";
  if (by_rank.empty()) {
    // No rank file: an index among the others (a first line naming a file that exists) is the trace.
    std::vector<std::string> indexes;
    for (const auto& name : skipped) {
      std::string file = (fs::path(dir) / name).string();
      uint64_t number;
      std::string line = first_line(file, number);
      if (!line.empty() && is_text(line) && fs::is_regular_file(resolve_entry(file, line), ec))
        indexes.push_back(file);
    }
    if (indexes.size() == 1)
      return open_trace(indexes[0], np);
    if (indexes.size() > 1)
      throw InputError(dir + ": no rank file in this directory, but " + std::to_string(indexes.size()) +
                       " index files (" + indexes[0] + ", " + indexes[1] + (indexes.size() > 2 ? ", ..." : "") +
                       "): give --trace the one to replay");
    if (std::string anchor = (fs::path(dir) / "traces.otf2").string(); fs::is_regular_file(anchor, ec))
      throw InputError(dir + ": an OTF2 archive, not a time-independent trace: convert it with `otf2ti " + anchor +
                       " -o DIR`, then replay DIR/trace.txt");
    throw InputError(dir + ": no trace file in this directory" + not_traces);
  }
  int found = by_rank.rbegin()->first + 1;
  check_rank_count(dir, found, np);
  TraceInputs inputs;
  for (int rank = 0; rank < std::max(found, np); rank++) {
    auto it = by_rank.find(rank);
    if (it == by_rank.end())
      throw InputError(dir + ": no trace file for rank " + std::to_string(rank) + not_traces);
    inputs.ranks.push_back({it->second, it->second, false});
    inputs.total_bytes += file_size(it->second);
  }
  return inputs;
}

} // namespace

TraceInputs open_directory(const std::string& path, int np)
{
  std::error_code ec;
  // SimGrid's and otf2ti's output directory: its trace.txt, unless rank files beside it make that a guess.
  auto named = named_traces(path);
  if (named.size() > 1)
    throw InputError(path + ": holds " + std::to_string(named.size()) + " traces named trace.txt (" + named[0] +
                     ", " + named[1] + "): give --trace the one to replay");
  if (named.empty())
    return from_directory(path, np);
  TraceInputs inputs = open_trace(named[0], np);
  std::set<fs::path> used{fs::weakly_canonical(named[0], ec)};
  for (const auto& rank : inputs.ranks)
    used.insert(fs::weakly_canonical(rank.display_path, ec));
  std::vector<std::string> others;
  for (const auto& file : rank_files_in(path))
    if (used.count(fs::weakly_canonical(file, ec)) == 0)
      others.push_back(file);
  if (!others.empty())
    throw InputError(path + ": holds the trace " + named[0] + " and " + std::to_string(others.size()) +
                     " rank file" + (others.size() > 1 ? "s" : "") + " it does not list (" + others[0] +
                     (others.size() > 1 ? ", ..." : "") + "): give --trace " + named[0] +
                     " to replay the first, or move the others apart");
  return inputs;
}

} // namespace tireplay
