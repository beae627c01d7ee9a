// Turns the fields of one trace line into a typed Action, checking every argument rule of
// docs/trace-format.md. Errors are thrown as ParseError with a message that names the field;
// the reader adds FILE:LINE and the quoted line.
#pragma once

#include "format/action.hpp"

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tireplay {

/// `text` as a message may show it: its first `limit` bytes, control and binary bytes as \xNN (a NUL as \0), then
/// "... (N characters)" if it is longer.
std::string shown_text(std::string_view text, size_t limit = 60);

struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A window this rank's trace created, and the epochs open on it (docs/trace-format.md section 12).
struct WindowEpochs {
  int comm = 0;              // its communicator's id, as the trace numbers it
  int size = 0;              // ... and size
  bool fence = false;        // a win_fence was read: an access epoch on every target until win_free
  bool lock_all = false;
  std::vector<int> locked;   // targets under win_lock
  bool started = false;      // between win_start and win_complete, on start_group
  std::vector<int> start_group;
  bool posted = false;       // between win_post and win_wait
  std::map<int, int> requests;  // by target: its rput ... not waited by a wait_rma yet
};

/// The epoch a window still has open, as "win_lock_all without win_unlock_all" ..., or "" (rma_fields.cpp).
std::string open_epoch(const WindowEpochs& w);

/// What the parser of one rank's trace remembers from line to line.
struct RankParseState {
  int rank       = 0;  // the rank whose trace this is
  int world_size = 1;
  int default_datatype_size = 1;  // MPI_BYTE until `init <x>` switches to MPI_DOUBLE
  bool paper_format = false;      // `p0 compute 1e6`: peers are written pN, no tags (trace-replay paper, Table 1)
  /// The form of the last line parsed if it was a point-to-point one: with a tag, or pre-3.20's `partner count`.
  enum class P2PForm { None, Tagged, Tagless } p2p_form = P2PForm::None;
  std::vector<int> comm_sizes;    // size of each communicator this rank knows, by id (0 = world)
  std::map<int, WindowEpochs> windows;  // by window id: those created and not freed
  /// Windows freed with requests not waited yet (a request may be waited after its window's free), by id: their
  /// communicator, size and requests left by target.
  struct FreedWindow {
    int comm = 0, size = 0;
    std::map<int, int> requests;
  };
  std::map<int, FreedWindow> freed_windows;
};

/// The line without leading and trailing blanks, tabs and carriage returns.
std::string_view trim_line(std::string_view line);

/// Splits a line on blanks and tabs into `fields` (views into `line`).
void split_fields(std::string_view line, std::vector<std::string_view>& fields);

/// Reads the rank field (`3` or `p3`). Returns false if it is not a rank.
bool parse_rank_field(std::string_view field, int& rank);

/// Parses fields[1..] of a line whose rank field was already checked. Fills `out`, throws ParseError.
void parse_action(const std::vector<std::string_view>& fields, RankParseState& state, Action& out);

/// A waitall: it completes the one-sided requests too (rput ...), which no wait_rma needs to wait then.
void complete_rma_requests(RankParseState& st);

/// The syntax of an action, for error messages and docs (e.g. "send <partner> <tag> <count> [datatype]").
std::string_view action_usage(ActionKind kind);

} // namespace tireplay
