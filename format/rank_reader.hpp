// Streams one rank's actions from its trace file (plain or compressed, format/text_source): a fixed read
// buffer, lines parsed in place, so memory does not grow with the trace's length.
#pragma once

#include "format/action.hpp"
#include "format/line_parser.hpp"
#include "format/text_source.hpp"

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace tireplay {

class PackedTrace;
class ActionFeed;

/// A user's input is wrong: the message is complete (`FILE:LINE: what` and the quoted line). Exit status 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Builds the message of an InputError that points at one line.
std::string input_error_text(const std::string& file, uint64_t line, const std::string& what, std::string_view text);

/// Calls a converter could not turn into actions (MPI-IO, neighbourhood collectives): `# unreplayed RANK NAME CALLS
/// SECONDS` lines
/// of the trace (docs/trace-format.md section 8), reported by the replay.
struct UnreplayedCalls {
  uint64_t calls = 0;
  double seconds = 0;
};

/// Where a trace's point-to-point lines of each form were first read (docs/trace-format.md section 6): with a tag
/// (SimGrid >= 3.20) or tag-less (pre-3.20 `partner count`). A trace uses one form; its ranks' readers share this.
struct P2PForms {
  struct Where {
    std::string file;  // empty until a line of the form is read
    uint64_t line = 0;
  };
  Where tagged, tagless;  // the first line of each form read (in a file read before, its earliest)
};

/// Where a trace's communicator ids go when several traces share one simulation (jobs): id * stride + offset,
/// so that each job's MPI_COMM_WORLD and the communicators it creates are its own.
struct CommIds {
  int stride = 1, offset = 0;
};

/// What the readers of one replay share (all optional): the trace's point-to-point forms, where its communicator
/// ids go, and how many readers the replay holds (0: the world size), which decides whether files stay open.
struct ReaderContext {
  P2PForms* forms = nullptr;
  CommIds ids;
  int readers = 0;
  bool check_forms   = true;     // false: a parser ahead of the replay (format/read_ahead.hpp), whose reader checks
  ActionFeed* feed   = nullptr;  // the actions come parsed ahead from there: this reader opens nothing
};

struct RankInput {
  std::string path;          // file to read
  std::string display_path;  // file to name in messages (the user's file when `path` is a demultiplexed copy)
  bool numbered = false;     // each line starts with its line number in display_path and a tab
  bool empty    = false;     // a rank without lines in a shared trace: nothing to open (800,000 of them were slow)
  std::shared_ptr<const PackedTrace> packed = nullptr;  // a packed trace's: read its rank's stream (packed_reader.cpp)
};

class RankReader {
public:
  /// Beyond this many ranks, a reader opens its file at each refill of its buffer and closes it after (the
  /// open-file limit, 20,000 here, must not bound the rank count), and its buffer starts smaller.
  static constexpr int kKeepOpenRanks = 1024;

  /// Without `context.forms`, this reader checks the point-to-point form of its own file only.
  RankReader(const RankInput& input, int rank, int world_size, ReaderContext context = {});
  ~RankReader();
  RankReader(const RankReader&)            = delete;
  RankReader& operator=(const RankReader&) = delete;

  /// Reads the next action into `out`. Returns false at the end of the trace. Throws InputError.
  bool next(Action& out);

  const std::string& file() const { return input_.display_path; }
  uint64_t line() const { return line_number_; }
  /// The text of the line of the last action read (valid until the next call of next()); a packed trace's binary
  /// record written as its line.
  std::string_view text() const;
  uint64_t bytes_consumed() const;
  /// The point-to-point form of the last line read (None: not a point-to-point line).
  RankParseState::P2PForm last_form() const { return state_.p2p_form; }
  /// The `# unreplayed` lines read so far, by MPI function.
  const std::map<std::string, UnreplayedCalls>& unreplayed() const { return unreplayed_; }

private:
  bool next_line(std::string_view& line);
  /// An action's line, trimmed (not blank nor a comment), into `out`.
  void parse_line(std::string_view line, Action& out);
  /// The communicator and window ids of `out` moved to where its job's go.
  void place_ids(Action& out) const;
  /// At the end of the rank's actions: throws if a window still has an epoch open. Returns false.
  bool end_of_trace();
  // A packed trace's rank (packed_reader.cpp).
  bool next_packed(Action& out);
  /// The next block of the rank's stream into buffer_; false after its last.
  bool read_block();
  /// Throws "FILE:RECORD: a corrupt record: WHAT" (RECORD 0: the last record read).
  [[noreturn]] void corrupt(const std::string& what, uint64_t record = 0) const;
  /// The last record read, a binary one, as its text line.
  std::string packed_text() const;
  /// Throws if the point-to-point line just read is of the other form than the trace's first one.
  void check_form();
  /// next() with the actions parsed ahead (feed_).
  bool next_fed(Action& out);
  void read_comment(std::string_view line);

  /// Reads more of the file after the buffer's end; false at its end.
  bool refill();

  RankInput input_;
  std::unique_ptr<TextSource> source_;  // kept open up to kKeepOpenRanks ranks; none for an empty input
  size_t buffer_size_;        // its first size
  std::vector<char> buffer_;  // empty before the first read and after the last
  size_t begin_ = 0, end_ = 0;
  size_t scanned_ = 0;  // bytes after begin_ known to hold no '\n' (a long line is searched once, not per refill)
  bool eof_     = false;
  uint64_t line_number_ = 0;
  BlankRun blanks_;
  std::string_view text_;
  uint64_t consumed_    = 0;
  RankParseState state_;
  std::vector<std::string_view> fields_;
  std::map<std::string, UnreplayedCalls> unreplayed_;
  P2PForms own_forms_;
  P2PForms* forms_;
  CommIds ids_;
  bool check_forms_ = true;
  ActionFeed* feed_ = nullptr;
  const PackedTrace* packed_ = nullptr;
  uint64_t packed_at_ = 0, packed_end_ = 0;  // the part of the rank's stream not read yet
  uint64_t block_     = 0;                   // blocks read
  uint32_t block_records_ = 0;               // records of the block not read yet
  size_t record_ = 0;                        // where the last record read starts in buffer_
  bool binary_   = false;                    // it has a binary form: text() writes it as its line
  mutable std::string shown_;
};

} // namespace tireplay
