#include "format/trace_source.hpp"

#include "format/input_file.hpp"
#include "format/interruption.hpp"

#include "format/line_parser.hpp"
#include "format/packed_layout.hpp"
#include "format/packed_trace.hpp"
#include "format/text_source.hpp"
#include "format/trace_directory.hpp"
#include "format/trace_files.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/statvfs.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <stdlib.h>
#include <sys/stat.h>

namespace fs = std::filesystem;

namespace tireplay {
namespace {

constexpr size_t kMaxRanks = 1000000;  // ranks 0 to 999,999, as a jobs file's np

/// Whether `text` starts as gzip, zstd, bzip2 or xz data does.
bool looks_compressed(std::string_view text)
{
  return compression_from_magic(text) != Compression::None;
}

/// A first line that cannot be an index entry nor an action: an error saying what is wrong with it, rather than
/// "missing rank file" (a byte-order mark, CR line endings, an action whose rank is not one).
void check_first_line(const std::string& path, uint64_t number, const std::string& line)
{
  std::string at = path + ":" + std::to_string(number);
  check_byte_order_mark(path, number, line);
  std::vector<std::string_view> fields;
  split_fields(line, fields);
  ActionKind kind;
  int rank = -1;
  if (fields.size() >= 2 && action_from_name(fields[1], kind) && !parse_rank_field(fields[0], rank))
    throw InputError(at + ": field 'rank' is not a rank (0 to 999999): '" + std::string(fields[0]) +
                     "' (expected: <rank> " + std::string(fields[1]) + " ...)\n    " + line.substr(0, 200));
}

std::string rank_copy(const std::string& dir, int rank) { return dir + "/rank" + std::to_string(rank) + ".txt"; }

/// Splits a shared trace into one file per rank in a temporary directory, in one streaming pass.
/// Each copied line keeps its original line number so that messages point into the user's file.
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

bool path_exists(const fs::path& path)
{
  std::error_code ec;
  return fs::exists(path, ec);
}

/// `where: what` unless `path` is a regular file that can be read (a FIFO would block, a device never ends).
void check_readable_file(const std::string& path, const std::string& where)
{
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st))
    throw InputError(where + ": cannot open '" + path + "'" + (ec ? ": " + ec.message() : ""));
  if (fs::is_directory(st))
    throw InputError(where + ": '" + path + "' is a directory, not a rank's trace file");
  if (!fs::is_regular_file(st))
    throw InputError(where + ": '" + path + "' is not a regular file (a FIFO, device or socket cannot be a trace)");
  if (!std::ifstream(path))
    throw InputError(where + ": cannot read '" + path + "'");
}

} // namespace

TraceInputs::TraceInputs(TraceInputs&& other) noexcept
    : ranks(std::move(other.ranks)), temp_dir(std::move(other.temp_dir)), total_bytes(other.total_bytes),
      index(std::move(other.index))
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

std::string temporary_directory(const std::string& what)
{
  if (const char* env = std::getenv("TMPDIR"); env != nullptr && *env == '\0')
    return "/tmp";  // set but empty: unset, as mktemp takes it
  std::error_code error;
  fs::path dir = fs::temp_directory_path(error);
  if (error) {
    const char* env = std::getenv("TMPDIR");
    throw InputError("TMPDIR='" + std::string(env != nullptr ? env : "") + "': " + error.message() +
                     " (set TMPDIR to a directory where " + what + " can go)");
  }
  return dir.string();
}

namespace {

/// An index's entries (the rank files, resolved as SimGrid does) and their line numbers.
std::vector<std::pair<std::string, uint64_t>> index_entries(const std::string& path)
{
  TextLines in(path);
  std::vector<std::pair<std::string, uint64_t>> entries;
  std::string line;
  uint64_t number = 0;
  while (in.next(line)) {
    number++;
    auto t = trim_line(line);
    if (t.empty() || t.front() == '#')
      continue;
    if (!is_text(t))
      throw InputError(path + ":" + std::to_string(number) +
                       ": binary data: neither an action nor the name of a rank's trace file (not a trace)");
    if (entries.size() == kMaxRanks)  // as a shared trace's ranks: a 50 M-line index must not take GBs first
      throw InputError(path + ":" + std::to_string(number) + ": more than " + std::to_string(kMaxRanks) +
                       " rank files (tireplay replays at most that many ranks)");
    entries.emplace_back(resolve_entry(path, std::string(t)), number);
  }
  return entries;
}

} // namespace

std::vector<std::string> trace_files(const std::string& path)
{
  std::error_code ec;
  std::vector<std::string> files{path};
  if (fs::is_directory(path, ec)) {
    // Its files (not a study made inside it by a sweep before), and the rank files its indexes name, wherever
    // they are (otf2ti's trace.txt lists trace.txt_files/...: a sweep's --emit-jobs there replaced a rank's trace).
    for (const auto& entry : fs::directory_iterator(path, ec)) {
      if (!entry.is_regular_file(ec))
        continue;
      std::string file = entry.path().string();
      files.push_back(file);
      try {  // a file that cannot be read as text is no index: the replay says what is wrong with it
        uint64_t number  = 0;
        std::string head = first_line(file, number);
        if (!head.empty() && is_text(head) && fs::is_regular_file(resolve_entry(file, head), ec))
          for (auto& [named, at] : index_entries(file))
            files.push_back(std::move(named));
      } catch (const InputError&) {
      }
    }
    return files;
  }
  uint64_t number = 0;
  int rank        = -1;
  std::string head = fs::is_regular_file(path, ec) ? first_line(path, number) : "";
  if (head.empty() || !is_text(head) || looks_like_action(head, rank))
    return files;
  for (auto& [file, at] : index_entries(path))
    files.push_back(std::move(file));
  return files;
}

namespace {

/// A packed trace compressed (`head`: its first line, decompressed) cannot be read in place: says so.
void check_not_compressed_packed(const std::string& path, const std::string& head)
{
  if (head.compare(0, sizeof packed::kMagic, packed::kMagic, sizeof packed::kMagic) == 0)
    throw InputError(path + ": a packed trace compressed with " + std::string(compression_name(compression_of(path))) +
                     ": decompress it (a packed trace is read in place, by blocks)");
}

/// A packed trace: one input per rank of its index, all reading the one file.
TraceInputs open_packed(const std::string& path, int np)
{
  auto trace = std::make_shared<const PackedTrace>(path);
  check_rank_count(path, trace->ranks(), np);
  if (np > trace->ranks())
    throw InputError(path + ": the packed trace has " + std::to_string(trace->ranks()) + " ranks, fewer than --np " +
                     std::to_string(np));
  TraceInputs inputs;
  for (int r = 0; r < trace->ranks(); r++) {
    inputs.ranks.push_back({path, path + "[rank " + std::to_string(r) + "]", false, trace->rank(r).records == 0,
                            trace});
    inputs.total_bytes += trace->rank(r).bytes;
  }
  return inputs;
}

} // namespace

TraceInputs open_trace(const std::string& path, int np)
{
  std::error_code ec;
  if (fs::is_directory(path, ec))
    return open_directory(path, np);
  if (!fs::exists(path, ec))
    throw InputError(path + ": no such trace file or directory" + (ec ? " (" + ec.message() + ")" : ""));
  check_readable_file(path, path);
  if (is_packed_trace(path))
    return open_packed(path, np);
  if (fs::path(path).extension() == ".otf2")
    throw InputError(path + ": an OTF2 archive, not a time-independent trace: convert it with `otf2ti " + path +
                     " -o DIR`, then replay DIR/trace.txt");

  uint64_t number  = 0;
  std::string head = first_line(path, number);
  int rank         = -1;
  if (head.empty())
    throw InputError(path + ": the trace is empty");
  check_not_compressed_packed(path, head);
  if (!is_text(head))
    throw InputError(path + ":" + std::to_string(number) + ": binary data: " +
                     (looks_compressed(head) ? "compressed again inside (a file compressed twice, or a compressed "
                                               "file renamed?)"
                                             : "neither an action nor the name of a rank's trace file (not a trace)"));
  if (head.find('\r') != std::string::npos)
    throw InputError(path + ":" + std::to_string(number) + ": lines end with a lone carriage return (old Mac line "
                     "endings): convert them with tr '\\r' '\\n'");
  if (looks_like_action(head, rank))
    return demultiplex(path, np);
  check_first_line(path, number, head);

  // An index: one trace file per line, rank order. A single entry names a shared trace (as in SimGrid).
  auto entries = index_entries(path);
  struct stat index {};
  bool index_known = ::stat(path.c_str(), &index) == 0;
  for (const auto& [file, at] : entries) {
    if (!path_exists(file))
      throw InputError(path + ":" + std::to_string(at) + ": missing rank file '" + file + "'");
    check_readable_file(file, path + ":" + std::to_string(at));
    struct stat entry {};  // the index itself would be read as a trace: "not a rank" at its line 1
    if (index_known && ::stat(file.c_str(), &entry) == 0 && entry.st_dev == index.st_dev && entry.st_ino == index.st_ino)
      throw InputError(path + ":" + std::to_string(at) + ": the index names itself ('" + file + "'): an index lists "
                       "the ranks' trace files");
  }
  if (entries.size() > 1)
    for (const auto& [file, at] : entries)
      if (is_packed_trace(file))
        throw InputError(path + ":" + std::to_string(at) + ": '" + file + "' is a packed trace, which holds every " +
                         "rank: an index names it alone, or give it as the trace");
  if (entries.size() == 1 && compression_of(entries[0].first) != Compression::None) {
    uint64_t line = 0;
    check_not_compressed_packed(entries[0].first, first_line(entries[0].first, line));
  }
  if (entries.size() == 1 && is_packed_trace(entries[0].first)) {
    TraceInputs packed = open_packed(entries[0].first, np);
    packed.index       = path;
    return packed;
  }
  if (entries.size() == 1) {
    TraceInputs shared = demultiplex(entries[0].first, np);
    shared.index       = path;
    return shared;
  }

  check_rank_count(path, static_cast<int>(entries.size()), np);
  if (np > static_cast<int>(entries.size()))
    throw InputError(path + ": the index lists " + std::to_string(entries.size()) + " rank files, fewer than --np " +
                     std::to_string(np));
  TraceInputs inputs;
  inputs.index = path;
  for (const auto& [file, at] : entries) {
    inputs.ranks.push_back({file, file, false});
    inputs.total_bytes += file_size(file);
  }
  return inputs;
}

} // namespace tireplay
