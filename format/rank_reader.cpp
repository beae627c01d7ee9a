#include "format/rank_reader.hpp"

#include "format/packed_trace.hpp"
#include "format/read_ahead.hpp"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tireplay {
namespace {
constexpr size_t kBufferSize      = 64 * 1024;
constexpr size_t kSmallBufferSize = 4 * 1024;  // past kKeepOpenRanks ranks: 100,000 ranks in 400 MB

} // namespace

std::string input_error_text(const std::string& file, uint64_t line, const std::string& what, std::string_view text)
{
  std::string msg = file + ":" + std::to_string(line) + ": " + what;
  if (compression_from_magic(text) != Compression::None)
    msg += " (compressed data: a file compressed twice, or a compressed file renamed?)";
  if (!text.empty())
    msg += "\n    " + shown_text(text, 200);
  return msg;
}

RankReader::RankReader(const RankInput& input, int rank, int world_size, ReaderContext context)
    : input_(input),
      buffer_size_((context.readers > 0 ? context.readers : world_size) <= kKeepOpenRanks ? kBufferSize
                                                                                           : kSmallBufferSize),
      forms_(context.forms != nullptr ? context.forms : &own_forms_), ids_(context.ids),
      check_forms_(context.check_forms), feed_(context.feed)
{
  state_.rank       = rank;
  state_.world_size = world_size;
  state_.comm_sizes.push_back(world_size);
  if (feed_ != nullptr)
    return;
  if (input.packed != nullptr) {
    packed_     = input.packed.get();
    packed_at_  = packed_->rank(rank).offset;
    packed_end_ = packed_at_ + packed_->rank(rank).bytes;
    return;
  }
  if (input.empty) {
    eof_ = true;
    return;
  }
  source_ = std::make_unique<TextSource>(input.path, input.display_path, buffer_size_ == kBufferSize,
                                         "the trace of rank " + std::to_string(rank));
}

RankReader::~RankReader() = default;

bool RankReader::refill()
{
  size_t got = source_->read(buffer_.data() + end_, buffer_.size() - end_);
  end_ += got;
  return got > 0;
}

void RankReader::check_form()
{
  bool tagless       = state_.p2p_form == RankParseState::P2PForm::Tagless;
  P2PForms::Where& mine  = tagless ? forms_->tagless : forms_->tagged;
  const P2PForms::Where& other = tagless ? forms_->tagged : forms_->tagless;
  if (!other.file.empty()) {
    std::string first = other.file + ":" + std::to_string(other.line);
    throw InputError(input_error_text(
        input_.display_path, line_number_,
        tagless ? "a tag-less point-to-point line (`partner count`, SimGrid's pre-3.20 form) in a trace whose "
                  "point-to-point lines have a tag (the first at " + first + "): a trace uses one form; give "
                  "this line its tag (`partner tag count`)"
                : "a point-to-point line with a tag in a trace of SimGrid's pre-3.20 tag-less form "
                  "(`partner count`, the first at " + first + "): a trace uses one form",
        text()));
  }
  // Ranks read their lines in simulated order: in a shared file, keep the earliest line of the form.
  if (mine.file.empty() || (line_number_ < mine.line && mine.file == input_.display_path))
    mine = {input_.display_path, line_number_};
}

bool RankReader::next_line(std::string_view& line)
{
  if (buffer_.empty()) {  // allocated at the first read, released at the end: a finished rank holds no buffer
    if (eof_)
      return false;
    buffer_.resize(buffer_size_);
  }
  while (true) {
    char* start = buffer_.data() + begin_;
    auto* nl    = static_cast<char*>(std::memchr(start + scanned_, '\n', end_ - begin_ - scanned_));
    if (nl != nullptr || (eof_ && begin_ < end_)) {
      size_t len = nl != nullptr ? static_cast<size_t>(nl - start) : end_ - begin_;
      line       = std::string_view(start, len);
      begin_ += len + (nl != nullptr ? 1 : 0);
      consumed_ += len + (nl != nullptr ? 1 : 0);
      scanned_ = 0;
      return true;
    }
    if (eof_) {
      std::vector<char>().swap(buffer_);
      begin_ = end_ = 0;
      text_         = {};
      return false;
    }
    // Keep the partial line, then refill; grow only for a line longer than the buffer.
    std::memmove(buffer_.data(), start, end_ - begin_);
    end_ -= begin_;
    begin_   = 0;
    scanned_ = end_;
    if (end_ > kMaxLineBytes)
      throw InputError(input_.display_path + ": a line longer than 64 MiB after line " +
                       std::to_string(line_number_) + " (no action needs that much: is this a trace?)");
    if (end_ == buffer_.size())
      buffer_.resize(buffer_.size() * 2);
    if (!refill())
      eof_ = true;
  }
}

/// `# unreplayed RANK NAME CALLS SECONDS` for this rank adds to unreplayed(); any other comment is skipped.
void RankReader::read_comment(std::string_view line)
{
  constexpr std::string_view kTag = "# unreplayed ";
  if (line.substr(0, kTag.size()) != kTag)
    return;
  split_fields(line.substr(kTag.size()), fields_);
  int rank          = -1;
  uint64_t calls    = 0;
  double seconds    = 0;
  if (fields_.size() != 4 || !parse_rank_field(fields_[0], rank) || rank != state_.rank)
    return;
  auto [p, ec] = std::from_chars(fields_[2].data(), fields_[2].data() + fields_[2].size(), calls);
  std::string text(fields_[3]);
  char* end = nullptr;
  seconds   = std::strtod(text.c_str(), &end);
  if (ec != std::errc() || p != fields_[2].data() + fields_[2].size() || *end != '\0' || !(seconds >= 0))
    return;
  UnreplayedCalls& u = unreplayed_[std::string(fields_[1])];
  u.calls += calls;
  u.seconds += seconds;
}

void RankReader::parse_line(std::string_view line, Action& out)
{
  text_ = line;
  split_fields(line, fields_);
  int rank = -1;
  if (!parse_rank_field(fields_[0], rank))
    throw InputError(input_error_text(input_.display_path, line_number_,
                                      "the first field is not a rank: '" + std::string(fields_[0]) + "'", line));
  if (rank != state_.rank)
    throw InputError(input_error_text(input_.display_path, line_number_,
                                      "line for rank " + std::to_string(rank) + " in the trace of rank " +
                                          std::to_string(state_.rank),
                                      line));
  state_.paper_format = fields_[0][0] == 'p' || fields_[0][0] == 'P';
  try {
    parse_action(fields_, state_, out);
  } catch (const ParseError& e) {
    throw InputError(input_error_text(input_.display_path, line_number_, e.what(), line));
  }
  if (state_.p2p_form != RankParseState::P2PForm::None && check_forms_)
    check_form();
}

void RankReader::place_ids(Action& out) const
{
  if (ids_.stride != 1 || ids_.offset != 0) {
    out.comm = out.comm * ids_.stride + ids_.offset;
    if (out.new_comm > 0)
      out.new_comm = out.new_comm * ids_.stride + ids_.offset;
    if (is_rma(out.kind))  // windows too are each job's own
      out.win = out.win * ids_.stride + ids_.offset;
  }
}

bool RankReader::end_of_trace()
{
  for (const auto& [win, w] : state_.windows)  // MPI_Finalize needs every epoch closed
    if (std::string open = open_epoch(w); !open.empty())
      throw InputError(input_.display_path + ": at the end of the trace of rank " + std::to_string(state_.rank) +
                       ": window " + std::to_string(win) + " still has an epoch open (" + open + ")");
  return false;
}

uint64_t RankReader::bytes_consumed() const
{
  return feed_ != nullptr ? feed_->bytes_consumed() : consumed_;
}

namespace {

/// Line `number` of `path`, trimmed (a reader fed by another thread does not keep its lines).
std::string line_of(const std::string& path, uint64_t number)
{
  try {
    TextLines lines(path);
    std::string line;
    for (uint64_t n = 1; lines.next(line); n++)
      if (n == number)
        return std::string(trim_line(line));
  } catch (const InputError&) {  // the line is shown where it can be read
  }
  return "";
}

} // namespace

std::string_view RankReader::text() const
{
  if (feed_ != nullptr) {
    shown_ = line_number_ > 0 ? line_of(input_.display_path, line_number_) : "";
    return shown_;
  }
  if (!binary_)
    return text_;
  shown_ = packed_text();
  return shown_;
}

bool RankReader::next_fed(Action& out)
{
  FedAction* fed = feed_->next();
  if (fed == nullptr) {
    unreplayed_ = feed_->unreplayed();
    return false;
  }
  std::swap(out, fed->action);  // (each keeps its vectors' capacity)
  line_number_    = fed->line;
  state_.p2p_form = fed->form;
  if (state_.p2p_form != RankParseState::P2PForm::None)
    check_form();
  return true;
}

bool RankReader::next(Action& out)
{
  if (feed_ != nullptr)
    return next_fed(out);
  if (packed_ != nullptr)
    return next_packed(out);
  std::string_view raw;
  while (next_line(raw)) {
    std::string_view line = raw;
    if (input_.numbered) {
      size_t tab = line.find('\t');
      std::from_chars(line.data(), line.data() + tab, line_number_);
      line.remove_prefix(tab + 1);
    } else {
      line_number_++;
    }
    line = trim_line(line);
    if (std::memchr(line.data(), '\0', line.size()) != nullptr)
      throw InputError(input_error_text(input_.display_path, line_number_, "a NUL byte in the line (binary data?)",
                                        line));
    if (!line.empty() && line.front() == '#')
      read_comment(line);
    blanks_.note(line.empty() || line.front() == '#', input_.display_path, line_number_);
    if (line.empty() || line.front() == '#')
      continue;
    parse_line(line, out);
    place_ids(out);
    return true;
  }
  return end_of_trace();
}

} // namespace tireplay
