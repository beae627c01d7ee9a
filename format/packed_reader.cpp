// RankReader on a packed trace (docs/trace-format.md section 13): the rank's stream read a block at a time, each
// block checked against its checksum, binary records decoded and checked as the text parser checks their lines,
// and the other records' lines given to the text parser.
#include "format/rank_reader.hpp"

#include "format/packed_layout.hpp"
#include "format/packed_trace.hpp"

#include <charconv>
#include <cmath>

namespace tireplay {
namespace {

using namespace packed;

/// Past this, a block's size is corrupt (a record as long as the longest line, and its block's others).
constexpr uint64_t kMaxBlock = kMaxLineBytes + 2 * kBlockBytes;

/// A record's fields, read in order; a field beyond the block is a record cut short.
struct Cursor {
  const char* at;
  const char* end;
  bool short_ = false;
  template <class T> T take()
  {
    if (static_cast<size_t>(end - at) < sizeof(T)) {
      short_ = true;
      at     = end;
      return T{};
    }
    T value = get<T>(at);
    at += sizeof(T);
    return value;
  }
};

/// The fields of a binary record after its code into `out`, unchecked. Returns its flags.
uint8_t decode(Cursor& c, uint8_t code, Action& out)
{
  out.kind  = kind_of(code);
  out.comm  = kWorldComm;
  out.peer = out.peer2 = out.tag = out.tag2 = out.root = out.new_comm = out.request_index = 0;
  out.has_request_key = false;
  out.bytes = out.bytes2 = out.polls = 0;
  out.flops = out.seconds = 0;
  out.datatype_size = out.recv_datatype_size = 1;
  out.win = 0;
  uint8_t flags = 0;
  if (code == kCompute) {
    out.flops = c.take<double>();
    return flags;
  }
  if (code == kSleep) {
    out.seconds = c.take<double>();
    return flags;
  }
  flags = c.take<uint8_t>();
  if (code <= kIrecv) {
    out.peer  = c.take<int32_t>();
    out.tag   = c.take<int32_t>();
    out.bytes = c.take<uint64_t>();
  } else if (code <= kTest) {
    out.has_request_key = (flags & kHasKey) != 0;
    if (out.has_request_key) {
      out.peer  = c.take<int32_t>();
      out.peer2 = c.take<int32_t>();
      out.tag   = c.take<int32_t>();
    }
    if (flags & kHasIndex)
      out.request_index = c.take<int32_t>();
  }
  if (flags & kHasComm)
    out.comm = c.take<int32_t>();
  return flags;
}

/// What the text parser would refuse in the line of a binary record (line_parser.cpp's rules), or "".
std::string refused(uint8_t code, uint8_t flags, const Action& a, const RankParseState& st)
{
  uint8_t allowed = code <= kSleep ? 0 : code == kWait ? kHasComm | kHasKey | kHasIndex
                                       : code == kTest ? kHasComm | kHasKey : kHasComm;
  if ((flags & ~allowed) != 0 || (code == kTest && !(flags & kHasKey)) || ((flags & kHasIndex) && !(flags & kHasKey)))
    return "flags " + std::to_string(flags) + " are not those of a " + std::string(action_name(a.kind));
  if (a.comm < 0 || a.comm >= static_cast<int>(st.comm_sizes.size()) || st.comm_sizes[a.comm] <= 0)
    return "communicator " + std::to_string(a.comm) + " is not defined by an earlier comm_split or comm_dup";
  const int size = st.comm_sizes[a.comm];
  auto rank      = [size](int r) { return r >= 0 && r < size; };
  const bool receive = code == kRecv || code == kIrecv;
  if (!(a.flops >= 0 && std::isfinite(a.flops)) || !(a.seconds >= 0 && std::isfinite(a.seconds)))
    return "a negative or non-finite volume";
  if (code >= kSend && code <= kIrecv) {
    // A text count is read as a double: bytes that no count (times a datatype's size, a power of two) reads as
    const double bytes = static_cast<double>(a.bytes);
    if (!(bytes < 18446744073709551616.0) || static_cast<uint64_t>(bytes) != a.bytes)
      return "field 'count': " + std::to_string(a.bytes) + " bytes are no count a trace can hold";
    if (!rank(a.peer) && !(receive && a.peer == kAnySource))
      return "partner " + std::to_string(a.peer) + " is not a rank of a communicator of size " + std::to_string(size);
    if (a.tag < 0 && !(receive && a.tag == kAnyTag))
      return "tag " + std::to_string(a.tag) + " is not a tag";
  }
  if (a.has_request_key && ((!rank(a.peer) && a.peer != kAnySource) || !rank(a.peer2)))
    return "request key (" + std::to_string(a.peer) + ", " + std::to_string(a.peer2) + ") is not of ranks of a "
           "communicator of size " + std::to_string(size);
  if (a.request_index < 0)
    return "field 'index' is negative";
  return "";
}

} // namespace

void RankReader::corrupt(const std::string& what, uint64_t record) const
{
  throw InputError(input_error_text(input_.display_path, record > 0 ? record : line_number_,
                                    "a corrupt record: " + what, ""));
}

bool RankReader::read_block()
{
  if (packed_at_ == packed_end_)
    return false;
  auto fail = [this](const std::string& what) {
    throw InputError(input_.display_path + ": not a readable packed trace: block " + std::to_string(block_) + " " +
                     what);
  };
  if (packed_end_ - packed_at_ < kBlockHead)
    fail("is cut short");
  char head[kBlockHead];
  packed_->read(packed_at_, head, kBlockHead);
  const auto size = get<uint32_t>(head);
  block_records_  = get<uint32_t>(head + 4);
  if (size > packed_end_ - packed_at_ - kBlockHead || size > kMaxBlock || block_records_ == 0 ||
      block_records_ > size)
    fail("has a size or a record count that does not fit the rank's stream");
  if (buffer_.size() < size)
    buffer_.resize(size);
  packed_->read(packed_at_ + kBlockHead, buffer_.data(), size);
  if (get<uint64_t>(head + 8) != checksum(buffer_.data(), size, block_seed(state_.rank, block_)))
    fail("is corrupt (checksum)");
  packed_at_ += kBlockHead + size;
  consumed_ += kBlockHead + size;
  block_++;
  begin_ = 0;
  end_   = size;
  return true;
}

bool RankReader::next_packed(Action& out)
{
  while (true) {
    if (begin_ == end_) {
      if (block_records_ != 0)
        corrupt("its block ends " + std::to_string(block_records_) + " records early", line_number_ + 1);
      if (!read_block()) {
        std::vector<char>().swap(buffer_);  // a finished rank holds no buffer
        if (line_number_ != packed_->rank(state_.rank).records)
          corrupt("the stream ends after " + std::to_string(line_number_) + " of its " +
                  std::to_string(packed_->rank(state_.rank).records) + " records", line_number_ + 1);
        binary_ = false;
        text_   = {};
        return end_of_trace();
      }
    }
    if (block_records_ == 0)
      corrupt("its block holds more records than it says", line_number_ + 1);
    if (line_number_ == packed_->rank(state_.rank).records)
      corrupt("the stream holds more records than its index's " + std::to_string(line_number_), line_number_ + 1);
    block_records_--;
    record_      = begin_;
    Cursor c{buffer_.data() + begin_ + 1, buffer_.data() + end_};
    const auto code = static_cast<uint8_t>(buffer_[begin_]);
    line_number_++;
    if (code == kLine || code == kUnreplayed) {
      binary_ = false;
      if (code == kUnreplayed) {
        const auto name    = c.take<uint32_t>();
        const auto calls   = c.take<uint64_t>();
        const auto seconds = c.take<double>();
        if (c.short_ || name >= packed_->strings().size() || !(seconds >= 0 && std::isfinite(seconds)))
          corrupt("an unreplayed-calls record that does not read");
        UnreplayedCalls& u = unreplayed_[packed_->strings()[name]];
        u.calls += calls;
        u.seconds += seconds;
        begin_ = static_cast<size_t>(c.at - buffer_.data());
        continue;
      }
      const auto length = c.take<uint32_t>();
      if (c.short_ || length > static_cast<size_t>(c.end - c.at))
        corrupt("a line record longer than its block");
      if (length == 0)
        corrupt("an empty line record");
      begin_ = static_cast<size_t>(c.at - buffer_.data()) + length;
      std::string_view line(c.at, length);
      if (trim_line(line) != line || line.front() == '#' || line.find_first_of("\n\0", 0, 2) != line.npos)
        corrupt("a line record that is not one action's line");
      parse_line(line, out);
      place_ids(out);
      return true;
    }
    if (code == 0 || code > kWaitAny)
      corrupt("unknown record code " + std::to_string(code));
    const uint8_t flags = decode(c, code, out);
    if (c.short_)
      corrupt("a " + std::string(action_name(out.kind)) + " record longer than its block");
    begin_ = static_cast<size_t>(c.at - buffer_.data());
    if (std::string why = refused(code, flags, out, state_); !why.empty())
      corrupt(std::string(action_name(out.kind)) + ": " + why);
    if (out.kind == ActionKind::WaitAll)
      complete_rma_requests(state_);
    binary_ = true;
    place_ids(out);
    return true;
  }
}

std::string RankReader::packed_text() const
{
  Action a;
  Cursor c{buffer_.data() + record_ + 1, buffer_.data() + end_};
  const auto code = static_cast<uint8_t>(buffer_[record_]);
  decode(c, code, a);
  std::string line = std::to_string(state_.rank) + " " + std::string(action_name(a.kind));
  auto add         = [&line](const std::string& field) { line += " " + field; };
  if (code == kCompute)
    add(shortest(a.flops));
  else if (code == kSleep)
    add(shortest(a.seconds));
  else if (code <= kIrecv && static_cast<double>(a.bytes) < 1.8e19)  // MPI_BYTE (6), not `init 1`'s MPI_DOUBLE
    add(std::to_string(a.peer)), add(std::to_string(a.tag)), add(std::to_string(a.bytes)), add("6");
  else if (code <= kIrecv)  // a count from 1.8e19 is too large: half as many MPI_SHORTs (3), exactly (refused())
    add(std::to_string(a.peer)), add(std::to_string(a.tag)), add(std::to_string(a.bytes / 2)), add("3");
  else if (a.has_request_key)
    add(std::to_string(a.peer)), add(std::to_string(a.peer2)), add(std::to_string(a.tag));
  if (a.request_index > 0)
    add(std::to_string(a.request_index));
  if (a.comm != kWorldComm)
    add("comm=" + std::to_string(a.comm));
  return line;
}

} // namespace tireplay
