#include "format/trace_files.hpp"

#include "format/action.hpp"
#include "format/line_parser.hpp"
#include "format/rank_reader.hpp"
#include "format/text_source.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <vector>

namespace fs = std::filesystem;

namespace tireplay {

bool looks_like_action(std::string_view line, int& rank)
{
  std::vector<std::string_view> fields;
  split_fields(line, fields);
  return fields.size() >= 2 && parse_rank_field(fields[0], rank) && std::isalpha(static_cast<unsigned char>(fields[1][0]));
}

bool starts_with_action(std::string_view line, int& rank)
{
  std::vector<std::string_view> fields;
  split_fields(line, fields);
  ActionKind kind;
  return fields.size() >= 2 && parse_rank_field(fields[0], rank) && action_from_name(fields[1], kind);
}

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

std::string resolve_entry(const std::string& index, const std::string& entry)
{
  std::error_code ec;
  if (fs::path(entry).is_absolute() || fs::exists(entry, ec))
    return entry;
  fs::path beside = fs::path(index).parent_path() / entry;
  return fs::exists(beside, ec) ? beside.string() : entry;
}

bool is_text(std::string_view line)
{
  size_t continuations = 0;  // bytes still owed to a multi-byte UTF-8 character
  for (char ch : line) {
    auto c = static_cast<unsigned char>(ch);
    if (continuations > 0) {
      if ((c & 0xc0) != 0x80)
        return false;
      continuations--;
    } else if (c >= 0xc2 && c <= 0xf4) {
      continuations = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
    } else if (c >= 0x80 || (c < 32 && c != '\t' && c != '\r') || c == 0x7f) {
      return false;  // a stray continuation byte, a byte no UTF-8 character starts with, a control character
    }
  }
  return continuations == 0;
}

} // namespace tireplay
