// Typed reading of the fields of one trace line, shared by the parsers of line_parser.cpp and
// collective_fields.cpp. Every reader throws ParseError naming the action and the field.
#pragma once

#include "format/datatypes.hpp"
#include "format/line_parser.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tireplay {

/// Cursor over the argument fields of one action (fields[2..nfields)).
inline std::string quoted(std::string_view s)
{
  constexpr size_t kShown = 200;
  if (s.size() > kShown)
    return "'" + std::string(s.substr(0, kShown)) + "...' (" + std::to_string(s.size()) + " characters)";
  return "'" + std::string(s) + "'";
}

class FieldReader {
public:
  FieldReader(const std::vector<std::string_view>& fields, size_t nfields, ActionKind kind, const RankParseState& state)
      : fields_(fields), nfields_(nfields), kind_(kind), state_(state)
  {
  }

  size_t count() const { return nfields_ - 2; }
  std::string_view action() const { return action_name(kind_); }
  size_t remaining() const { return nfields_ - pos_; }
  bool more() const { return pos_ < nfields_; }

  [[noreturn]] void fail(const std::string& what) const
  {
    throw ParseError(std::string(action_name(kind_)) + ": " + what + " (expected: " +
                     std::string(action_usage(kind_)) + ")");
  }

  std::string_view next(const char* field)
  {
    if (pos_ >= nfields_)
      fail(std::string("missing field '") + field + "'");
    return fields_[pos_++];
  }

  /// A volume (count, bytes, flops): a non-negative decimal number; counts are truncated as SimGrid does.
  double volume(const char* field)
  {
    std::string_view s = next(field);
    double value       = 0;
    auto [end, ec]     = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec == std::errc::result_out_of_range)
      fail(std::string("field '") + field + "' is out of range: " + quoted(s));
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(value))
      fail(std::string("field '") + field + "' is not a number: " + quoted(s));
    if (value < 0)
      fail(std::string("field '") + field + "' is negative: " + quoted(s));
    return value;
  }

  uint64_t count_field(const char* field)
  {
    double v = volume(field);
    if (v >= 1.8e19)
      fail(std::string("field '") + field + "' is too large");
    return static_cast<uint64_t>(std::trunc(v));
  }

  int integer(const char* field)
  {
    std::string_view s = next(field);
    return to_int(s, field);
  }

  int to_int(std::string_view s, const char* field) const
  {
    std::string_view digits = s;
    if (state_.paper_format && !digits.empty() && (digits[0] == 'p' || digits[0] == 'P'))
      digits.remove_prefix(1);
    int value      = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec == std::errc::result_out_of_range)
      fail(std::string("field '") + field + "' is out of range: " + quoted(s));
    if (ec != std::errc() || end != digits.data() + digits.size())
      fail(std::string("field '") + field + "' is not an integer: " + quoted(s));
    return value;
  }

  /// A rank of the action's communicator; `allow_any` accepts a negative value as "any source".
  int rank(const char* field, int comm_size, bool allow_any = false)
  {
    std::string_view s = next(field);
    int r              = to_int(s, field);
    if (allow_any && r < 0)
      return kAnySource;
    if (r < 0 || r >= comm_size)
      fail(std::string("field '") + field + "' is not a rank of a communicator of size " + std::to_string(comm_size) +
           ": " + quoted(s));
    return r;
  }

  /// Optional datatype id; returns its size in bytes, or the default if the field is absent.
  int datatype(const char* field)
  {
    if (!more())
      return state_.default_datatype_size;
    std::string_view s = next(field);
    int id             = to_int(s, field);
    int size           = datatype_size(id);
    if (size < 0)
      fail(std::string("unknown datatype id ") + quoted(s) + " (known ids: -1.." + std::to_string(max_datatype_id()) +
           ")");
    return size;
  }

  void counts(const char* field, int n, std::vector<uint64_t>& out)
  {
    out.resize(n);
    for (int i = 0; i < n; i++)
      out[i] = count_field(field);
  }

  void skip(size_t n) { pos_ += n; }
  /// The next field, not consumed (more() must be true).
  std::string_view peek() const { return fields_[pos_]; }

  void done()
  {
    if (pos_ < nfields_)
      fail("too many fields: " + quoted(fields_[pos_]) + " is extra");
  }

private:
  const std::vector<std::string_view>& fields_;
  size_t nfields_;
  ActionKind kind_;
  const RankParseState& state_;
  size_t pos_ = 2;
};

/// count × datatype size, refusing a product that does not fit in 64 bits.
inline uint64_t bytes_of(FieldReader& a, uint64_t count, int size)
{
  if (size > 0 && count > UINT64_MAX / static_cast<uint64_t>(size))
    a.fail("count " + std::to_string(count) + " times the datatype size " + std::to_string(size) +
           " overflows 64 bits");
  return count * static_cast<uint64_t>(size);
}

inline void scale(FieldReader& a, std::vector<uint64_t>& counts, int size)
{
  for (auto& c : counts)
    c = bytes_of(a, c, size);
}

/// Parses the fields of a collective action (barrier ... exscan) for a communicator of `comm_size` ranks.
void parse_collective(FieldReader& a, int comm_size, int default_datatype_size, Action& out);

/// The fields of a one-sided action (rma_fields.cpp), checked against the windows and epochs of `state`.
void parse_rma(FieldReader& a, RankParseState& state, Action& out);

} // namespace tireplay
