#include "format/line_parser.hpp"

#include "format/field_reader.hpp"

#include <charconv>
#include <cstdio>

namespace tireplay {

std::string shown_text(std::string_view text, size_t limit)
{
  std::string shown;  // a 10 MB line must not make a 10 MB message
  for (unsigned char c : text.substr(0, limit)) {  // binary bytes as \xNN: a terminal must not get them raw
    if (c == '\t' || (c >= 0x20 && c < 0x7f)) {
      shown += static_cast<char>(c);
    } else if (c == 0) {
      shown += "\\0";  // a NUL would end the message there
    } else {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      shown += escaped;
    }
  }
  return text.size() > limit ? shown + "... (" + std::to_string(text.size()) + " characters)" : shown;
}

namespace {

void parse_p2p(FieldReader& a, RankParseState& st, int comm_size, Action& out)
{
  bool is_recv   = out.kind == ActionKind::Recv || out.kind == ActionKind::Irecv;
  out.peer       = a.rank("partner", comm_size, is_recv);
  // Since SimGrid 3.20 the tag is mandatory; older traces and the paper's have `partner size [datatype]`.
  bool has_tag   = !st.paper_format && a.count() >= 3;
  if (!st.paper_format)
    st.p2p_form = has_tag ? RankParseState::P2PForm::Tagged : RankParseState::P2PForm::Tagless;
  out.tag        = has_tag ? a.integer("tag") : 0;
  // Negative tags are the collectives' own (SMPI's, replay/collectives/coll.hpp): a user's would match their messages.
  if (out.tag < 0 && !(is_recv && out.tag == kAnyTag))
    a.fail("field 'tag' is not a tag (an integer >= 0" + std::string(is_recv ? ", or -444 for any tag" : "") +
           "; a negative one is MPI_ERR_TAG): '" + std::to_string(out.tag) + "'");
  uint64_t count = a.count_field("count");
  out.bytes      = bytes_of(a, count, a.datatype("datatype"));
}

constexpr int kMaxCommId = 1000000;

int new_comm_id(FieldReader& a)
{
  int id = a.integer("new_comm");
  if (id < 1 || id > kMaxCommId)
    throw ParseError(std::string(a.action()) + ": field 'new_comm' must be between 1 and " +
                     std::to_string(kMaxCommId));
  return id;
}

/// The named fields that may end a line (tireplay extensions), in any order: `comm=<id>` on any action,
/// `sendtag=<tag>` and `recvtag=<tag>` on a sendrecv. Reads them into `out` and returns the number of fields before
/// them.
size_t named_fields(const std::vector<std::string_view>& fields, const RankParseState& st, Action& out)
{
  size_t n  = fields.size();
  int given = 0;  // a bit per name
  while (n > 2) {
    std::string_view field = fields[n - 1];
    size_t equals          = field.find('=');
    if (equals == std::string_view::npos)
      break;
    std::string_view name = field.substr(0, equals), text = field.substr(equals + 1);
    int which = name == "comm" ? 1 : name == "sendtag" ? 2 : name == "recvtag" ? 4 : 0;
    if (which == 0)
      throw ParseError("unknown named field " + quoted(field) + " (known: comm=, sendtag=, recvtag=)");
    if (given & which)
      throw ParseError("field '" + std::string(name) + "' is given twice");
    given |= which;
    if (which != 1 && out.kind != ActionKind::SendRecv)
      throw ParseError("field '" + std::string(name) + "' belongs to sendrecv only");
    int value      = -1;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    bool number    = ec == std::errc() && end == text.data() + text.size();
    if (which == 1) {
      if (!number || value < 0)
        throw ParseError("field 'comm' is not a communicator id: " + quoted(field));
      if (value >= static_cast<int>(st.comm_sizes.size()) || st.comm_sizes[value] <= 0)
        throw ParseError("communicator " + std::to_string(value) + " is not defined by an earlier comm_split or comm_dup");
      out.comm = value;
    } else if (!number || (value < 0 && !(which == 4 && value == kAnyTag))) {
      throw ParseError("field '" + std::string(name) + "' is not a tag (an integer >= 0" +
                       (which == 4 ? ", or -444 for any tag" : "") + "): " + quoted(field));
    } else {
      (which == 2 ? out.tag : out.tag2) = value;
    }
    n--;
  }
  return n;
}

/// A peer of a sendrecv: a rank of its communicator, or `null` (MPI_PROC_NULL: that half does nothing).
int sendrecv_peer(FieldReader& a, const char* field, int comm_size)
{
  if (a.more() && a.peek() == "null") {
    a.skip(1);
    return kProcNull;
  }
  return a.rank(field, comm_size);
}

} // namespace

void complete_rma_requests(RankParseState& st)
{
  for (auto& [id, w] : st.windows)
    w.requests.clear();
  st.freed_windows.clear();
}

std::string_view trim_line(std::string_view s)
{
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

void split_fields(std::string_view line, std::vector<std::string_view>& fields)
{
  fields.clear();
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
      i++;
    size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t')
      i++;
    if (i > start)
      fields.push_back(line.substr(start, i - start));
  }
}

bool parse_rank_field(std::string_view field, int& rank)
{
  if (!field.empty() && (field[0] == 'p' || field[0] == 'P'))
    field.remove_prefix(1);
  auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), rank);
  return ec == std::errc() && end == field.data() + field.size() && rank >= 0;
}

void parse_action(const std::vector<std::string_view>& fields, RankParseState& st, Action& out)
{
  if (fields.size() < 2)
    throw ParseError("missing action name after the rank");
  ActionKind kind;
  if (!action_from_name(fields[1], kind)) {
    // What SimGrid's tracer (smpirun -trace-ti) writes and neither replay reads: say where to go instead
    static const std::string_view kTracerOnly[] = {
        "testall", "testany", "testsome", "Start", "Startall", "bsend", "ibsend", "ibarrier", "ibcast", "igather",
        "igatherv", "iscatter", "iscatterv", "iallgather", "iallgatherv", "ialltoall", "ialltoallv", "ialltoallw",
        "alltoallw", "ireduce", "iallreduce", "iscan", "iexscan", "ireduce_scatter", "ireduce_scatter_block"};
    for (std::string_view name : kTracerOnly)
      if (fields[1] == name)
        throw ParseError("'" + std::string(name) + "' is written by SimGrid's tracer (smpirun -trace-ti) but replayed "
                         "by neither SimGrid nor tireplay: record the program with tireplay's tracer and otf2ti "
                         "(README, \"Acquire a trace of a real MPI run\")");
    throw ParseError("unknown action '" + shown_text(fields[1]) + "' (known: " + known_action_names() + ")");
  }
  if (st.comm_sizes.empty())
    st.comm_sizes.push_back(st.world_size);
  st.p2p_form = RankParseState::P2PForm::None;

  // The reader reuses one Action: reset every scalar (vectors keep their capacity).
  out.kind            = kind;
  out.peer = out.peer2 = out.tag = out.tag2 = out.root = out.new_comm = 0;
  out.has_request_key = false;
  out.bytes = out.bytes2 = 0;
  out.flops = out.seconds = 0;
  out.datatype_size = out.recv_datatype_size = 1;
  out.comm            = kWorldComm;
  out.win             = 0;
  out.request_index   = 0;  // a wait without its index after one with: the oldest, not the last one's
  out.polls           = 0;
  size_t positional   = named_fields(fields, st, out);
  int comm_size       = st.comm_sizes[out.comm];
  FieldReader a(fields, positional, kind, st);

  switch (kind) {
    case ActionKind::Init:
      // SimGrid: `init` with an argument means an MPE trace whose default datatype is MPI_DOUBLE.
      st.default_datatype_size = a.count() > 0 ? kDatatypeDouble : kDatatypeByte;
      a.skip(a.count() > 0 ? 1 : 0);
      break;
    case ActionKind::Finalize:
      break;
    case ActionKind::CommSize:
      a.skip(a.count());  // informative only: collectives use the communicator's size
      break;
    case ActionKind::CommSplit:
      if (a.count() > 0) {
        out.new_comm = new_comm_id(a);
        int size     = a.integer("size");
        if (size <= 0 || size > st.world_size)
          a.fail("field 'size' must be between 1 and " + std::to_string(st.world_size));
        out.members.resize(size);
        for (int i = 0; i < size; i++)
          out.members[i] = a.rank("world rank", st.world_size);
      } else {
        out.new_comm = -1;  // SimGrid's form carries nothing: a no-op
      }
      break;
    case ActionKind::CommDup:
      out.new_comm = a.count() > 0 ? new_comm_id(a) : -1;
      break;
    case ActionKind::Compute:
      out.flops = a.volume("flops");
      break;
    case ActionKind::Sleep:
      out.seconds = a.volume("seconds");
      break;
    case ActionKind::Poll:
      out.polls = a.count_field("count");
      break;
    case ActionKind::Location:
      a.next("file");
      a.integer("line");
      break;
    case ActionKind::Send:
    case ActionKind::Isend:
    case ActionKind::Ssend:
    case ActionKind::Issend:
    case ActionKind::Bsend:
    case ActionKind::Ibsend:
    case ActionKind::Recv:
    case ActionKind::Irecv:
      parse_p2p(a, st, comm_size, out);
      break;
    case ActionKind::Wait:
    case ActionKind::Test:
      out.has_request_key = a.count() > 0 || kind == ActionKind::Test;
      if (out.has_request_key) {
        out.peer  = a.rank("src", comm_size, true);  // a receive from any source is stored under src -333
        out.peer2 = a.rank("dst", comm_size);
        out.tag   = a.integer("tag");
        if (kind == ActionKind::Wait && a.more()) {  // which of the key's requests (otf2ti's, when not the oldest)
          out.request_index = a.integer("index");
          if (out.request_index < 0)
            a.fail("field 'index' is negative");
        }
      }
      break;
    case ActionKind::WaitAll:
    case ActionKind::WaitAny:
      if (a.more())
        a.count_field("count");
      if (out.kind == ActionKind::WaitAll)
        complete_rma_requests(st);
      break;
    case ActionKind::SendRecv: {
      uint64_t send = a.count_field("send_count");
      out.peer      = sendrecv_peer(a, "dst", comm_size);
      uint64_t recv = a.count_field("recv_count");
      out.peer2     = sendrecv_peer(a, "src", comm_size);
      out.bytes     = bytes_of(a, send, a.datatype("send_datatype"));
      out.bytes2    = bytes_of(a, recv, a.datatype("recv_datatype"));
      break;
    }
    default:
      if (is_rma(kind) && kind != ActionKind::WinCreate && positional < fields.size())  // a named field: comm=
        throw ParseError(std::string(action_name(kind)) +
                         ": field 'comm' belongs to win_create (a window keeps the communicator it was created on)");
      if (is_rma(kind))
        parse_rma(a, st, out);
      else
        parse_collective(a, comm_size, st.default_datatype_size, out);
      break;
  }
  a.done();
  if (kind == ActionKind::CommSplit || kind == ActionKind::CommDup) {
    if (out.new_comm > 0) {
      if (static_cast<int>(st.comm_sizes.size()) <= out.new_comm)
        st.comm_sizes.resize(out.new_comm + 1, 0);
      st.comm_sizes[out.new_comm] = kind == ActionKind::CommSplit ? static_cast<int>(out.members.size()) : comm_size;
    }
  }
}

} // namespace tireplay
