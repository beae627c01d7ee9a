#include "src/trace/line_parser.hpp"

#include "src/trace/datatypes.hpp"

#include <charconv>
#include <cmath>

namespace tireplay {
namespace {

std::string quoted(std::string_view s)
{
  return "'" + std::string(s) + "'";
}

// Cursor over the argument fields of one action (fields[2..]), with typed readers that throw ParseError
// naming the action and the field.
class Args {
public:
  Args(const std::vector<std::string_view>& fields, size_t nfields, ActionKind kind, const RankParseState& state)
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
uint64_t bytes_of(Args& a, uint64_t count, int size)
{
  if (size > 0 && count > UINT64_MAX / static_cast<uint64_t>(size))
    a.fail("count " + std::to_string(count) + " times the datatype size " + std::to_string(size) +
           " overflows 64 bits");
  return count * static_cast<uint64_t>(size);
}

void scale(Args& a, std::vector<uint64_t>& counts, int size)
{
  for (auto& c : counts)
    c = bytes_of(a, c, size);
}

void parse_p2p(Args& a, const RankParseState& st, int comm_size, Action& out)
{
  bool is_recv   = out.kind == ActionKind::Recv || out.kind == ActionKind::Irecv;
  out.peer       = a.rank("partner", comm_size, is_recv);
  // Since SimGrid 3.20 the tag is mandatory; older traces and the paper's have `partner size [datatype]`.
  bool has_tag   = !st.paper_format && a.count() >= 3;
  out.tag        = has_tag ? a.integer("tag") : 0;
  uint64_t count = a.count_field("count");
  out.bytes      = bytes_of(a, count, a.datatype("datatype"));
}

void parse_collective(Args& a, int comm_size, int state_default_size, Action& out)
{
  switch (out.kind) {
    case ActionKind::Barrier:
      break;
    case ActionKind::Bcast: {
      uint64_t count = a.count_field("count");
      out.root       = a.more() ? a.rank("root", comm_size) : 0;
      out.bytes      = bytes_of(a, count, a.datatype("datatype"));
      break;
    }
    case ActionKind::Reduce:
    case ActionKind::AllReduce:
    case ActionKind::Scan:
    case ActionKind::ExScan: {
      uint64_t count = a.count_field("count");
      out.flops      = a.volume("flops");
      if (out.kind == ActionKind::Reduce)
        out.root = a.more() ? a.rank("root", comm_size) : 0;
      out.bytes = bytes_of(a, count, a.datatype("datatype"));
      break;
    }
    case ActionKind::AllToAll:
    case ActionKind::Gather:
    case ActionKind::AllGather:
    case ActionKind::Scatter: {
      uint64_t send = a.count_field("send_count");
      uint64_t recv = a.count_field("recv_count");
      if (out.kind == ActionKind::Gather || out.kind == ActionKind::Scatter)
        out.root = a.more() ? a.rank("root", comm_size) : 0;
      out.bytes  = bytes_of(a, send, a.datatype("send_datatype"));
      out.bytes2 = bytes_of(a, recv, a.datatype("recv_datatype"));
      break;
    }
    case ActionKind::GatherV:
    case ActionKind::AllGatherV: {
      uint64_t send = a.count_field("send_count");
      a.counts("recv_counts", comm_size, out.recv_counts);
      int send_size = 0, recv_size = 0;
      if (out.kind == ActionKind::GatherV) {
        out.root  = a.more() ? a.rank("root", comm_size) : 0;
        send_size = a.datatype("send_datatype");
        recv_size = a.datatype("recv_datatype");
      } else if (a.remaining() > static_cast<size_t>(comm_size)) {
        // SimGrid's allgatherv: datatypes then displacements, or displacements only, or datatypes only
        send_size = a.datatype("send_datatype");
        recv_size = a.datatype("recv_datatype");
        if (a.remaining() != static_cast<size_t>(comm_size))
          a.fail("expected " + std::to_string(comm_size) + " displacements after the datatypes");
        a.skip(comm_size);
      } else if (a.remaining() > 2) {
        send_size = recv_size = state_default_size;
        if (a.remaining() != static_cast<size_t>(comm_size))
          a.fail("expected " + std::to_string(comm_size) + " displacements");
        a.skip(comm_size);
      } else {
        send_size = a.datatype("send_datatype");
        recv_size = a.datatype("recv_datatype");
      }
      out.bytes = bytes_of(a, send, send_size);
      scale(a, out.recv_counts, recv_size);
      break;
    }
    case ActionKind::ScatterV: {
      a.counts("send_counts", comm_size, out.send_counts);
      uint64_t recv = a.count_field("recv_count");
      out.root      = a.more() ? a.rank("root", comm_size) : 0;
      scale(a, out.send_counts, a.datatype("send_datatype"));
      out.bytes2 = bytes_of(a, recv, a.datatype("recv_datatype"));
      break;
    }
    case ActionKind::ReduceScatter: {
      a.counts("recv_counts", comm_size, out.recv_counts);
      out.flops         = a.volume("flops");
      out.datatype_size = a.datatype("datatype");
      scale(a, out.recv_counts, out.datatype_size);
      // SimGrid 3.32 traces MPI_Reduce_scatter_block as `reducescatter` + recvcount zeros + datatype, and its
      // replay reads the first fields as above and ignores the rest: do the same to give the same answer.
      a.skip(a.remaining());
      break;
    }
    case ActionKind::AllToAllV: {
      a.count_field("send_buffer_size");
      a.counts("send_counts", comm_size, out.send_counts);
      a.count_field("recv_buffer_size");
      a.counts("recv_counts", comm_size, out.recv_counts);
      scale(a, out.send_counts, a.datatype("send_datatype"));
      scale(a, out.recv_counts, a.datatype("recv_datatype"));
      break;
    }
    default:
      break;
  }
}

constexpr int kMaxCommId = 1000000;

int new_comm_id(Args& a)
{
  int id = a.integer("new_comm");
  if (id < 1 || id > kMaxCommId)
    throw ParseError(std::string(a.action()) + ": field 'new_comm' must be between 1 and " +
                     std::to_string(kMaxCommId));
  return id;
}

/// Reads a trailing `comm=<id>` field (tireplay extension) and returns the id, 0 if absent.
int comm_field(const std::vector<std::string_view>& fields, const RankParseState& st)
{
  if (fields.size() < 3 || fields.back().substr(0, 5) != "comm=")
    return kWorldComm;
  std::string_view s = fields.back().substr(5);
  int id             = -1;
  auto [end, ec]     = std::from_chars(s.data(), s.data() + s.size(), id);
  if (ec != std::errc() || end != s.data() + s.size() || id < 0)
    throw ParseError("field 'comm' is not a communicator id: '" + std::string(fields.back()) + "'");
  if (id >= static_cast<int>(st.comm_sizes.size()) || st.comm_sizes[id] <= 0)
    throw ParseError("communicator " + std::to_string(id) + " is not defined by an earlier comm_split or comm_dup");
  return id;
}

} // namespace

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

std::string_view action_usage(ActionKind kind)
{
  switch (kind) {
    case ActionKind::Init: return "init [set-default-datatype-to-double]";
    case ActionKind::Finalize: return "finalize";
    case ActionKind::CommSize: return "comm_size [size]";
    case ActionKind::CommSplit: return "comm_split [<new_comm> <size> <world rank>...]";
    case ActionKind::CommDup: return "comm_dup [<new_comm>]";
    case ActionKind::Compute: return "compute <flops>";
    case ActionKind::Sleep: return "sleep <seconds>";
    case ActionKind::Location: return "location <file> <line>";
    case ActionKind::Send: return "send <partner> <tag> <count> [datatype]";
    case ActionKind::Isend: return "isend <partner> <tag> <count> [datatype]";
    case ActionKind::Ssend: return "ssend <partner> <tag> <count> [datatype]";
    case ActionKind::Issend: return "issend <partner> <tag> <count> [datatype]";
    case ActionKind::Recv: return "recv <partner> <tag> <count> [datatype]";
    case ActionKind::Irecv: return "irecv <partner> <tag> <count> [datatype]";
    case ActionKind::Wait: return "wait <src> <dst> <tag>";
    case ActionKind::Test: return "test <src> <dst> <tag>";
    case ActionKind::WaitAll: return "waitall [count]";
    case ActionKind::WaitAny: return "waitany [count]";
    case ActionKind::SendRecv: return "sendrecv <send_count> <dst> <recv_count> <src> [send_datatype recv_datatype]";
    case ActionKind::Barrier: return "barrier";
    case ActionKind::Bcast: return "bcast <count> [root [datatype]]";
    case ActionKind::Reduce: return "reduce <count> <flops> [root [datatype]]";
    case ActionKind::AllReduce: return "allreduce <count> <flops> [datatype]";
    case ActionKind::AllToAll: return "alltoall <send_count> <recv_count> [send_datatype [recv_datatype]]";
    case ActionKind::AllToAllV:
      return "alltoallv <send_buffer_size> <send_counts...> <recv_buffer_size> <recv_counts...> [send_datatype "
             "[recv_datatype]]";
    case ActionKind::Gather: return "gather <send_count> <recv_count> [root [send_datatype [recv_datatype]]]";
    case ActionKind::GatherV: return "gatherv <send_count> <recv_counts...> [root [send_datatype [recv_datatype]]]";
    case ActionKind::Scatter: return "scatter <send_count> <recv_count> [root [send_datatype [recv_datatype]]]";
    case ActionKind::ScatterV: return "scatterv <send_counts...> <recv_count> [root [send_datatype [recv_datatype]]]";
    case ActionKind::AllGather: return "allgather <send_count> <recv_count> [send_datatype [recv_datatype]]";
    case ActionKind::AllGatherV:
      return "allgatherv <send_count> <recv_counts...> [send_datatype recv_datatype] [displacements...]";
    case ActionKind::ReduceScatter: return "reducescatter <recv_counts...> <flops> [datatype]";
    case ActionKind::Scan: return "scan <count> <flops> [datatype]";
    case ActionKind::ExScan: return "exscan <count> <flops> [datatype]";
    case ActionKind::Count_: break;
  }
  return "";
}

void parse_action(const std::vector<std::string_view>& fields, RankParseState& st, Action& out)
{
  if (fields.size() < 2)
    throw ParseError("missing action name after the rank");
  ActionKind kind;
  if (!action_from_name(fields[1], kind))
    throw ParseError("unknown action '" + std::string(fields[1]) + "' (known: " + known_action_names() + ")");
  if (st.comm_sizes.empty())
    st.comm_sizes.push_back(st.world_size);

  // The reader reuses one Action: reset every scalar (vectors keep their capacity).
  out.kind            = kind;
  out.peer = out.peer2 = out.tag = out.root = out.new_comm = 0;
  out.has_request_key = false;
  out.bytes = out.bytes2 = 0;
  out.flops = out.seconds = 0;
  out.datatype_size   = 1;
  out.comm            = comm_field(fields, st);
  int comm_size = st.comm_sizes[out.comm];
  Args a(fields, fields.size() - (fields.size() >= 3 && fields.back().substr(0, 5) == "comm=" ? 1 : 0), kind, st);

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
    case ActionKind::Location:
      a.next("file");
      a.integer("line");
      break;
    case ActionKind::Send:
    case ActionKind::Isend:
    case ActionKind::Ssend:
    case ActionKind::Issend:
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
      }
      break;
    case ActionKind::WaitAll:
    case ActionKind::WaitAny:
      if (a.more())
        a.count_field("count");
      break;
    case ActionKind::SendRecv: {
      uint64_t send = a.count_field("send_count");
      out.peer      = a.rank("dst", comm_size);
      uint64_t recv = a.count_field("recv_count");
      out.peer2     = a.rank("src", comm_size);
      out.bytes     = bytes_of(a, send, a.datatype("send_datatype"));
      out.bytes2    = bytes_of(a, recv, a.datatype("recv_datatype"));
      break;
    }
    default:
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
