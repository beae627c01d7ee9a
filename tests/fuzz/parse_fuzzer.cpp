// libFuzzer target for the trace line parser (format/line_parser.cpp), docs/trace-format.md.
//
// Input: the first byte picks the world size (byte % 64 + 1, so a seed starting with 'C' has 4 ranks);
// the rest is a trace, split in lines and read as RankReader reads one rank's file: trimmed, blank and
// `#` lines skipped, split_fields, parse_rank_field, parse_action with one RankParseState and one
// Action reused from line to line. A ParseError is the parser rejecting bad input, which is fine;
// any other exception, a sanitizer report or a broken invariant of a parsed Action is a bug.
#include "format/action.hpp"
#include "format/line_parser.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace {

using tireplay::Action;
using tireplay::ActionKind;
using tireplay::RankParseState;
using tireplay::trim_line;


[[noreturn]] void broken(const char* what, std::string_view line)
{
  std::fprintf(stderr, "parse_fuzzer: invariant broken: %s\n    %.*s\n", what, static_cast<int>(line.size()),
               line.data());
  std::abort();
}

bool is_rank(int r, int size)
{
  return r >= 0 && r < size;
}

/// What every accepted line guarantees to the engine (docs/trace-format.md).
void check(const Action& a, const RankParseState& st, std::string_view line)
{
  if (a.kind >= ActionKind::Count_)
    broken("kind out of range", line);
  if (a.comm < 0 || a.comm >= static_cast<int>(st.comm_sizes.size()) || st.comm_sizes[a.comm] <= 0)
    broken("comm is not a defined communicator", line);
  const int size = st.comm_sizes[a.comm];
  const auto n   = static_cast<size_t>(size);
  if (!(a.flops >= 0 && std::isfinite(a.flops)) || !(a.seconds >= 0 && std::isfinite(a.seconds)))
    broken("negative or non-finite volume", line);

  switch (a.kind) {
    case ActionKind::Send:
    case ActionKind::Isend:
    case ActionKind::Ssend:
    case ActionKind::Issend:
    case ActionKind::Bsend:
    case ActionKind::Ibsend:
      if (!is_rank(a.peer, size))
        broken("send partner out of range", line);
      break;
    case ActionKind::Recv:
    case ActionKind::Irecv:
      if (!is_rank(a.peer, size) && a.peer != tireplay::kAnySource)
        broken("recv partner out of range", line);
      break;
    case ActionKind::SendRecv:
      if ((!is_rank(a.peer, size) && a.peer != tireplay::kProcNull) ||
          (!is_rank(a.peer2, size) && a.peer2 != tireplay::kProcNull))
        broken("sendrecv partner out of range", line);
      if (a.tag < 0 || (a.tag2 < 0 && a.tag2 != tireplay::kAnyTag))
        broken("sendrecv tag out of range", line);
      break;
    case ActionKind::Test:
      if (!a.has_request_key)
        broken("test without (src, dst, tag)", line);
      [[fallthrough]];
    case ActionKind::Wait:  // src may be any source: SimGrid writes -333 for the wait of such a receive
      if (a.has_request_key &&
          ((!is_rank(a.peer, size) && a.peer != tireplay::kAnySource) || !is_rank(a.peer2, size)))
        broken("wait/test src or dst out of range", line);
      break;
    case ActionKind::Bcast:
    case ActionKind::Reduce:
    case ActionKind::Gather:
    case ActionKind::Scatter:
      if (!is_rank(a.root, size))
        broken("root out of range", line);
      break;
    case ActionKind::GatherV:
      if (!is_rank(a.root, size) || a.recv_counts.size() != n)
        broken("gatherv root or recv_counts", line);
      break;
    case ActionKind::AllGatherV:
    case ActionKind::ReduceScatter:
      if (a.recv_counts.size() != n)
        broken("recv_counts size is not the communicator size", line);
      break;
    case ActionKind::ScatterV:
      if (!is_rank(a.root, size) || a.send_counts.size() != n)
        broken("scatterv root or send_counts", line);
      break;
    case ActionKind::AllToAllV:
      if (a.send_counts.size() != n || a.recv_counts.size() != n)
        broken("alltoallv counts size is not the communicator size", line);
      break;
    case ActionKind::CommSplit:
      if (a.new_comm > 0) {
        if (a.members.empty() || a.members.size() > static_cast<size_t>(st.world_size))
          broken("comm_split member count", line);
        for (int m : a.members)
          if (!is_rank(m, st.world_size))
            broken("comm_split member is not a world rank", line);
      }
      [[fallthrough]];
    case ActionKind::CommDup:
      if (a.new_comm != -1 && a.new_comm <= 0)
        broken("new_comm is neither a new id nor -1 (no-op)", line);
      if (a.new_comm > 0 &&
          (a.new_comm >= static_cast<int>(st.comm_sizes.size()) || st.comm_sizes[a.new_comm] <= 0))
        broken("new communicator not registered in the parse state", line);
      break;
    default:
      if (tireplay::is_rma(a.kind)) {  // the window's communicator, a target and a group inside it
        if (a.win < 1 || a.win > 1000000)
          broken("window id out of range", line);
        bool targeted = (a.kind >= ActionKind::Put && a.kind <= ActionKind::WaitRma) || a.kind == ActionKind::WinLock ||
                        a.kind == ActionKind::WinUnlock || a.kind == ActionKind::WinFlush ||
                        a.kind == ActionKind::WinFlushLocal;
        if (targeted && !is_rank(a.peer, size))
          broken("one-sided target out of range", line);
        if (a.kind == ActionKind::WinPost || a.kind == ActionKind::WinStart) {
          if (a.members.empty() || a.members.size() > n)
            broken("win_post/win_start group size", line);
          for (int m : a.members)
            if (!is_rank(m, size))
              broken("win_post/win_start member out of range", line);
        }
        if (a.kind != ActionKind::WinFree && st.windows.count(a.win) == 0)
          broken("a window in use is not in the parse state", line);
      }
      break;
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  if (size == 0)
    return 0;
  RankParseState state;
  state.world_size = data[0] % 64 + 1;
  std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);

  std::vector<std::string_view> fields;
  Action action;  // reused, as RankReader::next fills the caller's Action in place
  while (!input.empty()) {
    size_t nl             = input.find('\n');
    std::string_view raw  = input.substr(0, nl);
    input.remove_prefix(nl == std::string_view::npos ? input.size() : nl + 1);

    std::string_view line = trim_line(raw);
    if (line.empty() || line.front() == '#')
      continue;
    tireplay::split_fields(line, fields);
    if (fields.empty())
      broken("split_fields found no field in a non-blank line", line);
    for (auto f : fields)
      if (f.empty() || f.find_first_of(" \t") != std::string_view::npos)
        broken("split_fields returned an empty field or one with a blank", line);

    int rank = -1;
    if (!tireplay::parse_rank_field(fields[0], rank))
      continue;  // RankReader rejects the line before the parser sees it
    if (rank < 0)
      broken("parse_rank_field accepted a negative rank", line);
    // RankReader also checks that the rank is its own; the parser never looks at it, so every rank goes on.
    state.rank = rank;
    state.paper_format = fields[0][0] == 'p' || fields[0][0] == 'P';
    try {
      tireplay::parse_action(fields, state, action);
    } catch (const tireplay::ParseError&) {
      continue;
    }
    check(action, state, line);
    (void)tireplay::action_usage(action.kind);
    (void)tireplay::action_name(action.kind);
  }
  return 0;
}
