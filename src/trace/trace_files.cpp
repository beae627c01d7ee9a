#include "src/trace/trace_files.hpp"

#include "src/trace/action.hpp"
#include "src/trace/line_parser.hpp"
#include "src/trace/rank_reader.hpp"
#include "src/trace/text_source.hpp"

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
  return std::none_of(line.begin(), line.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 32 && c != '\t' && c != '\r'; });
}

} // namespace tireplay
