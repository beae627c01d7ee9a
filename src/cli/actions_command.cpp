// `tireplay actions`: prints each rank's actions as the replay reads them, one per line, sizes in bytes, so that
// traces written by different tracers (smpirun -trace-ti, otf2ti) can be compared whatever their syntax.
#include "src/cli/commands.hpp"
#include "format/rank_reader.hpp"
#include "format/trace_source.hpp"

#include <cstdio>
#include <string>

namespace po = boost::program_options;

namespace tireplay {
namespace {

std::string counts(const std::vector<uint64_t>& values)
{
  std::string out;
  for (uint64_t v : values)
    out += (out.empty() ? "" : ",") + std::to_string(v);
  return out;
}

bool has_counts(ActionKind k)
{
  return k == ActionKind::GatherV || k == ActionKind::ScatterV || k == ActionKind::AllGatherV ||
         k == ActionKind::AllToAllV || k == ActionKind::ReduceScatter;
}

std::string number(double v)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

/// `rank name key=value...`: the fields that matter for the action's kind (docs/trace-format.md §4).
std::string describe(int rank, const Action& a)
{
  std::string line = std::to_string(rank) + " " + std::string(action_name(a.kind));
  auto field       = [&](const char* key, const std::string& value) { line += std::string(" ") + key + "=" + value; };
  auto peer        = [](int p) { return p == kAnySource ? std::string("any") : std::to_string(p); };
  switch (a.kind) {
    case ActionKind::Compute: field("flops", number(a.flops)); break;
    case ActionKind::Sleep: field("seconds", number(a.seconds)); break;
    case ActionKind::Poll: field("count", std::to_string(a.polls)); break;
    case ActionKind::Send:
    case ActionKind::Isend:
    case ActionKind::Ssend:
    case ActionKind::Issend:
    case ActionKind::Bsend:
    case ActionKind::Ibsend:
    case ActionKind::Recv:
    case ActionKind::Irecv:
      field("peer", peer(a.peer)), field("tag", std::to_string(a.tag)), field("bytes", std::to_string(a.bytes));
      break;
    case ActionKind::Wait:
    case ActionKind::Test:
      if (a.has_request_key)
        field("src", peer(a.peer)), field("dst", std::to_string(a.peer2)), field("tag", std::to_string(a.tag));
      if (a.request_index > 0)  // which of its key's requests a wait takes, when not the oldest
        field("index", std::to_string(a.request_index));
      break;
    case ActionKind::SendRecv: {
      auto half = [](int p) { return p == kProcNull ? std::string("null") : std::to_string(p); };
      field("dst", half(a.peer)), field("sent", std::to_string(a.bytes));
      field("src", half(a.peer2)), field("received", std::to_string(a.bytes2));
      if (a.tag != 0 || a.tag2 != 0)
        field("sendtag", std::to_string(a.tag)), field("recvtag", std::to_string(a.tag2));
      break;
    }
    case ActionKind::CommSplit:
    case ActionKind::CommDup:
      field("new_comm", std::to_string(a.new_comm));
      if (!a.members.empty())
        field("members", counts(std::vector<uint64_t>(a.members.begin(), a.members.end())));
      break;
    default: {
      if (is_rma(a.kind)) {
        field("win", std::to_string(a.win));
        if (a.kind == ActionKind::WinPost || a.kind == ActionKind::WinStart)
          field("group", counts(std::vector<uint64_t>(a.members.begin(), a.members.end())));
        bool targeted = (a.kind >= ActionKind::Put && a.kind <= ActionKind::WaitRma) || a.kind == ActionKind::WinLock ||
                        a.kind == ActionKind::WinUnlock || a.kind == ActionKind::WinFlush ||
                        a.kind == ActionKind::WinFlushLocal;
        if (targeted)
          field("target", std::to_string(a.peer));
        // win_create's bytes: the rank's memory in the window, which its cost grows with (0 when not given)
        if ((a.kind >= ActionKind::Put && a.kind <= ActionKind::RgetAccumulate) || a.kind == ActionKind::WinCreate)
          field("bytes", std::to_string(a.bytes));
        if (a.kind == ActionKind::GetAccumulate || a.kind == ActionKind::RgetAccumulate)
          field("result_bytes", std::to_string(a.bytes2));
        if (a.kind == ActionKind::WinLock)
          field("type", std::string(a.exclusive ? "exclusive" : "shared") + (a.nocheck ? ",nocheck" : ""));
        if (a.kind == ActionKind::WaitRma && a.request_index > 0)  // which request it waits: the replay's differs
          field("index", std::to_string(a.request_index));
        break;
      }
      if (!is_collective(a.kind))
        break;
      // What each operation's fields mean (docs/trace-format.md §4): a root only where MPI has one, a vector's
      // size where every rank has it, bytes to and from each peer where they differ, counts where given
      const ActionKind k = a.kind;
      if (k == ActionKind::Bcast || k == ActionKind::Reduce || k == ActionKind::Gather || k == ActionKind::GatherV ||
          k == ActionKind::Scatter || k == ActionKind::ScatterV)
        field("root", std::to_string(a.root));
      if (k == ActionKind::Bcast || k == ActionKind::Reduce || k == ActionKind::AllReduce || k == ActionKind::Scan ||
          k == ActionKind::ExScan)
        field("bytes", std::to_string(a.bytes));
      else if (k != ActionKind::Barrier && !has_counts(k))
        field("sent_per_peer", std::to_string(a.bytes)), field("received_per_peer", std::to_string(a.bytes2));
      if (has_counts(k)) {
        if (a.bytes > 0)
          field("sent", std::to_string(a.bytes));
        if (a.bytes2 > 0)
          field("received", std::to_string(a.bytes2));
        if (!a.send_counts.empty())
          field("send_counts", counts(a.send_counts));
        if (!a.recv_counts.empty())
          field("recv_counts", counts(a.recv_counts));
      }
      if (a.flops > 0)
        field("flops", number(a.flops));
    }
  }
  if (a.comm != kWorldComm)
    field("comm", std::to_string(a.comm));
  return line;
}

} // namespace

int actions_command(int argc, char** argv)
{
  std::string trace;
  int np   = 0;
  int only  = 0;
  bool some = false;  // --rank given
  bool count = false;
  po::options_description desc(
      "usage: tireplay actions TRACE   (or --trace TRACE) [--np N] [--rank R] [--count]\n\n"
      "Prints every rank's actions as the replay reads them: one line each, `rank name key=value...`, sizes in\n"
      "bytes, whatever the trace's syntax.\n\noptions");
  desc.add_options()("help,h", "this help")
      ("trace", file_option(&trace, "trace"), "trace: index file, shared trace file or directory (plain or "
                                              "compressed), as replay's --trace")
      ("np", po::value(&np)->default_value(0), "number of ranks, checked against the trace as replay's --np "
                                               "(default: as many as the trace has)")
      ("rank", po::value(&only)->notifier([&some](int) { some = true; }),
       "only this rank's actions (read from its own file where the trace has one; one rank's file alone is not a "
       "trace: give the trace's index or directory)")
      ("count", po::bool_switch(&count), "only the number of actions of each rank, and their sum (the trace read as a "
                                         "replay reads it)");
  po::positional_options_description positional;
  positional.add("trace", 1);
  return guarded("actions", [&]() -> int {
    if (!parse_options(argc, argv, desc, &positional))
      return kExitOk;
    if (trace.empty())
      throw po::error("give the trace: tireplay actions TRACE, or --trace TRACE");
    if (np < 0)
      throw po::error("--np must be positive");
    TraceInputs inputs = open_trace(trace, np);
    int size           = static_cast<int>(inputs.ranks.size());
    if (some && (only < 0 || only >= size))
      throw po::error("--rank " + std::to_string(only) + " is not a rank of the trace (0 to " +
                      std::to_string(size - 1) + ")");
    P2PForms forms;
    int first = some ? only : 0;
    int last  = some ? only + 1 : size;
    uint64_t total = 0;
    for (int r = first; r < last; r++) {
      ReaderContext context;
      context.forms = &forms;
      RankReader reader(inputs.ranks[static_cast<size_t>(r)], r, size, context);
      Action a;
      uint64_t n = 0;
      while (reader.next(a)) {
        n++;
        if (count)
          continue;
        std::printf("%s\n", describe(r, a).c_str());
        a = Action{};  // the reader fills only the fields of the kind it reads
      }
      if (count)
        std::printf("rank %d: %llu actions\n", r, static_cast<unsigned long long>(n));
      total += n;
    }
    if (count)
      std::printf("%d ranks: %llu actions\n", last - first, static_cast<unsigned long long>(total));
    return kExitOk;
  });
}

} // namespace tireplay
