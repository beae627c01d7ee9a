#include "src/trace/trace_source.hpp"

#include "src/trace/interruption.hpp"

#include "src/trace/line_parser.hpp"
#include "src/trace/text_source.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <stdlib.h>
#include <sys/resource.h>

namespace fs = std::filesystem;

namespace tireplay {
namespace {


/// True if the line reads as an action (`<rank> <name> ...`, the name starting with a letter), false if it
/// reads as a file name. An unknown action name still reads as an action, so that its error says so.
bool looks_like_action(std::string_view line, int& rank)
{
  std::vector<std::string_view> fields;
  split_fields(line, fields);
  return fields.size() >= 2 && parse_rank_field(fields[0], rank) && std::isalpha(static_cast<unsigned char>(fields[1][0]));
}

/// True if the line is `<rank> <known action> ...`: what a file of a directory layout must start with (a README
/// whose first line is "1 Overview" is not rank 1's trace).
bool starts_with_action(std::string_view line, int& rank)
{
  std::vector<std::string_view> fields;
  split_fields(line, fields);
  ActionKind kind;
  return fields.size() >= 2 && parse_rank_field(fields[0], rank) && action_from_name(fields[1], kind);
}

/// A first line that cannot be an index entry nor an action: an error saying what is wrong with it, rather than
/// "missing rank file" (a byte-order mark, CR line endings, an action whose rank is not one).
void check_first_line(const std::string& path, uint64_t number, const std::string& line)
{
  std::string at = path + ":" + std::to_string(number);
  if (line.rfind("\xEF\xBB\xBF", 0) == 0)
    throw InputError(at + ": the file starts with a UTF-8 byte-order mark: remove it (sed -i '1s/^\\xEF\\xBB\\xBF//' " +
                     path + ")");
  std::vector<std::string_view> fields;
  split_fields(line, fields);
  ActionKind kind;
  int rank = -1;
  if (fields.size() >= 2 && action_from_name(fields[1], kind) && !parse_rank_field(fields[0], rank))
    throw InputError(at + ": field 'rank' is not a rank (0 to 2147483647): '" + std::string(fields[0]) +
                     "' (expected: <rank> " + std::string(fields[1]) + " ...)\n    " + line.substr(0, 200));
}

/// First line that is neither blank nor a comment, with its number; empty if none.
std::string first_line(const std::string& path, uint64_t& number)
{
  TextLines in(path);
  std::string line;
  number = 0;
  while (in.next(line)) {
    number++;
    auto t = trim_line(line);
    if (!t.empty() && t.front() != '#')
      return std::string(t);
  }
  return "";
}

uint64_t file_size(const std::string& path)
{
  std::error_code ec;
  auto size = fs::file_size(path, ec);
  return ec ? 0 : size;
}

void check_rank_count(const std::string& path, int found, int np)
{
  if (np > 0 && found > np)
    throw InputError(path + ": the trace has " + std::to_string(found) + " ranks, more than --np " +
                     std::to_string(np));
}

bool path_exists(const fs::path& path);
std::string resolve_entry(const std::string& index, const std::string& entry);
bool is_text(std::string_view line);

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

/// SimGrid's and otf2ti's trace in `dir`: trace.txt (an index, or a shared trace), plain or compressed.
std::vector<std::string> named_traces(const std::string& dir)
{
  std::vector<std::string> found;
  for (const char* suffix : {"", ".gz", ".zst", ".xz", ".bz2"}) {
    std::error_code ec;
    fs::path file = fs::path(dir) / (std::string("trace.txt") + suffix);
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
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (std::error_code type_ec; it->is_regular_file(type_ec))
      files.push_back(it->path());
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

std::string rank_copy(const std::string& dir, int rank) { return dir + "/rank" + std::to_string(rank) + ".txt"; }

/// Splits a shared trace into one file per rank in a temporary directory, in one streaming pass.
/// Each copied line keeps its original line number so that messages point into the user's file.
TraceInputs demultiplex(const std::string& path, int np)
{
  TraceInputs inputs;
  std::string pattern = (fs::temp_directory_path() / "tireplay-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr)
    throw InputError(path + ": cannot create a temporary directory to split the shared trace");
  inputs.temp_dir = pattern;
  set_interruption_cleanup(pattern.c_str());

  TextLines in(path);
  // A file per rank that has lines, made at its first line; ranks without lines share one empty file (a line for
  // rank 999999 must not make a million files). At most a quarter of the open-file limit (20,000 here), and 2048,
  // are open at once: past that, all are closed and reopened for appending as lines come.
  rlimit limit{};
  size_t max_open = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
                     ? std::clamp<size_t>(limit.rlim_cur / 4, 1, 2048)
                     : 2048;
  std::map<int, std::unique_ptr<FILE, int (*)(FILE*)>> outputs;
  std::set<int> made;  // ranks whose copy exists
  int largest = -1;
  std::string line;
  uint64_t number = 0;
  std::vector<std::string_view> fields;
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
    if (rank > 1000000)
      throw InputError(input_error_text(path, number, "rank " + std::to_string(rank) + " is out of range", t));
    auto out = outputs.find(rank);
    if (out == outputs.end()) {
      if (outputs.size() >= max_open)
        outputs.clear();  // closes them
      std::string name = rank_copy(inputs.temp_dir, rank);
      out = outputs.emplace(rank, std::unique_ptr<FILE, int (*)(FILE*)>(std::fopen(name.c_str(), "ab"), &std::fclose))
                .first;
      if (!out->second)
        throw InputError(path + ": cannot write " + name + ": " + std::strerror(errno));
      made.insert(rank);
    }
    largest     = std::max(largest, rank);
    int written = std::fprintf(out->second.get(), "%llu\t%.*s\n", static_cast<unsigned long long>(number),
                               static_cast<int>(t.size()), t.data());
    if (written < 0)
      throw InputError(path + ": cannot write the split copy of the trace in " + inputs.temp_dir);
    inputs.total_bytes += static_cast<uint64_t>(written);  // the readers consume these copies
  }
  outputs.clear();  // flushed and closed before the readers open the copies
  if (made.empty())
    throw InputError(path + ": the trace holds no action");
  if (np > 0 && largest + 1 < np)
    throw InputError(path + ": no line for rank " + std::to_string(largest + 1) + " (--np " + std::to_string(np) + ")");
  bool gaps = static_cast<int>(made.size()) < largest + 1;
  std::string empty = inputs.temp_dir + "/empty.txt";
  if (gaps && !std::ofstream(empty))
    throw InputError(path + ": cannot write " + empty);
  for (int rank = 0; rank <= largest; rank++) {
    std::string name = rank_copy(inputs.temp_dir, rank);
    inputs.ranks.push_back({made.count(rank) != 0 ? name : empty, path, true, made.count(rank) == 0});
  }
  return inputs;
}

bool path_exists(const fs::path& path)
{
  std::error_code ec;
  return fs::exists(path, ec);
}

/// SimGrid opens an index entry relative to the working directory; we also accept it relative to the index.
std::string resolve_entry(const std::string& index, const std::string& entry)
{
  if (fs::path(entry).is_absolute() || path_exists(entry))
    return entry;
  fs::path beside = fs::path(index).parent_path() / entry;
  return path_exists(beside) ? beside.string() : entry;
}

/// `where: what` unless `path` is a regular file that can be read (a FIFO would block, a device never ends).
void check_readable_file(const std::string& path, const std::string& where)
{
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st))
    throw InputError(where + ": cannot open '" + path + "'" + (ec ? ": " + ec.message() : ""));
  if (!fs::is_regular_file(st))
    throw InputError(where + ": '" + path + "' is not a regular file (a FIFO, device or socket cannot be a trace)");
  if (!std::ifstream(path))
    throw InputError(where + ": cannot read '" + path + "'");
}

/// A line of text has no control character but tabs: anything else is binary data, not an action or a file name.
bool is_text(std::string_view line)
{
  return std::none_of(line.begin(), line.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 32 && c != '\t' && c != '\r'; });
}

} // namespace

TraceInputs::TraceInputs(TraceInputs&& other) noexcept
    : ranks(std::move(other.ranks)), temp_dir(std::move(other.temp_dir)), total_bytes(other.total_bytes)
{
  other.temp_dir.clear();
}

TraceInputs::~TraceInputs()
{
  remove_copies();
}

void TraceInputs::remove_copies()
{
  if (!temp_dir.empty()) {
    std::error_code ec;
    fs::remove_all(temp_dir, ec);
    set_interruption_cleanup("");
    temp_dir.clear();
  }
}

TraceInputs open_trace(const std::string& path, int np)
{
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
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
  if (!fs::exists(path, ec))
    throw InputError(path + ": no such trace file or directory" + (ec ? " (" + ec.message() + ")" : ""));
  check_readable_file(path, path);
  if (fs::path(path).extension() == ".otf2")
    throw InputError(path + ": an OTF2 archive, not a time-independent trace: convert it with `otf2ti " + path +
                     " -o DIR`, then replay DIR/trace.txt");

  uint64_t number  = 0;
  std::string head = first_line(path, number);
  int rank         = -1;
  if (head.empty())
    throw InputError(path + ": the trace is empty");
  if (!is_text(head))
    throw InputError(path + ":" + std::to_string(number) +
                     ": binary data: neither an action nor the name of a rank's trace file (not a trace)");
  if (head.find('\r') != std::string::npos)
    throw InputError(path + ":" + std::to_string(number) + ": lines end with a lone carriage return (old Mac line "
                     "endings): convert them with tr '\\r' '\\n'");
  if (looks_like_action(head, rank))
    return demultiplex(path, np);
  check_first_line(path, number, head);

  // An index: one trace file per line, rank order. A single entry names a shared trace (as in SimGrid).
  TextLines in(path);
  std::vector<std::pair<std::string, uint64_t>> entries;
  std::string line;
  number = 0;
  while (in.next(line)) {
    number++;
    auto t = trim_line(line);
    if (t.empty() || t.front() == '#')
      continue;
    if (!is_text(t))
      throw InputError(path + ":" + std::to_string(number) +
                       ": binary data: neither an action nor the name of a rank's trace file (not a trace)");
    entries.emplace_back(resolve_entry(path, std::string(t)), number);
  }
  for (const auto& [file, at] : entries) {
    if (!path_exists(file))
      throw InputError(path + ":" + std::to_string(at) + ": missing rank file '" + file + "'");
    check_readable_file(file, path + ":" + std::to_string(at));
  }
  if (entries.size() == 1)
    return demultiplex(entries[0].first, np);

  check_rank_count(path, static_cast<int>(entries.size()), np);
  if (np > static_cast<int>(entries.size()))
    throw InputError(path + ": the index lists " + std::to_string(entries.size()) + " rank files, fewer than --np " +
                     std::to_string(np));
  TraceInputs inputs;
  for (const auto& [file, at] : entries) {
    inputs.ranks.push_back({file, file, false});
    inputs.total_bytes += file_size(file);
  }
  return inputs;
}

} // namespace tireplay
