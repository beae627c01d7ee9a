#include "format/trace_source.hpp"

#include "format/input_file.hpp"
#include "format/interruption.hpp"

#include "format/line_parser.hpp"
#include "format/packed_layout.hpp"
#include "format/packed_trace.hpp"
#include "format/shared_trace.hpp"
#include "format/text_source.hpp"
#include "format/trace_directory.hpp"
#include "format/trace_files.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sys/stat.h>

namespace fs = std::filesystem;

namespace tireplay {
namespace {

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
