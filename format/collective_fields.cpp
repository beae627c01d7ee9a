// The fields of collective actions (docs/trace-format.md §5): counts, roots, datatypes, per-rank counts.
#include "format/field_reader.hpp"

#include <algorithm>

namespace tireplay {

namespace {

/// allgatherv's displacements: not used by the replay, but each a non-negative integer (`abc` and `nan` were
/// skipped unread).
void displacements(FieldReader& a, int comm_size)
{
  for (int i = 0; i < comm_size; i++)
    if (a.integer("displacement") < 0)
      a.fail("a displacement is negative");
}

} // namespace

void parse_collective(FieldReader& a, int comm_size, int state_default_size, Action& out)
{
  switch (out.kind) {
    case ActionKind::Barrier:
      break;
    case ActionKind::Bcast: {
      uint64_t count = a.count_field("count");
      out.root          = a.more() ? a.rank("root", comm_size) : 0;
      out.datatype_size = a.datatype("datatype");
      out.bytes         = bytes_of(a, count, out.datatype_size);
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
      out.datatype_size = a.datatype("datatype");
      out.bytes         = bytes_of(a, count, out.datatype_size);
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
      out.datatype_size      = a.datatype("send_datatype");
      out.recv_datatype_size = a.datatype("recv_datatype");
      out.bytes              = bytes_of(a, send, out.datatype_size);
      out.bytes2             = bytes_of(a, recv, out.recv_datatype_size);
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
        displacements(a, comm_size);
      } else if (a.remaining() > 2) {
        send_size = recv_size = state_default_size;
        if (a.remaining() != static_cast<size_t>(comm_size))
          a.fail("expected " + std::to_string(comm_size) + " displacements");
        displacements(a, comm_size);
      } else {
        send_size = a.datatype("send_datatype");
        recv_size = a.datatype("recv_datatype");
      }
      out.datatype_size      = send_size;
      out.recv_datatype_size = recv_size;
      out.bytes              = bytes_of(a, send, send_size);
      scale(a, out.recv_counts, recv_size);
      break;
    }
    case ActionKind::ScatterV: {
      a.counts("send_counts", comm_size, out.send_counts);
      uint64_t recv = a.count_field("recv_count");
      out.root      = a.more() ? a.rank("root", comm_size) : 0;
      out.datatype_size      = a.datatype("send_datatype");
      out.recv_datatype_size = a.datatype("recv_datatype");
      scale(a, out.send_counts, out.datatype_size);
      out.bytes2 = bytes_of(a, recv, out.recv_datatype_size);
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
      out.datatype_size      = a.datatype("send_datatype");
      out.recv_datatype_size = a.datatype("recv_datatype");
      scale(a, out.send_counts, out.datatype_size);
      scale(a, out.recv_counts, out.recv_datatype_size);
      break;
    }
    default:
      break;
  }
  // The algorithms add a rank's bytes over the communicator in 64 bits: a total beyond 2^64 wrapped and gave a wrong
  // time silently (the eleventh trial: 2 x 1.7e19 bytes of a reduce_scatter).
  auto sum = [](const std::vector<uint64_t>& v) {
    long double s = 0;
    for (uint64_t c : v)
      s += static_cast<long double>(c);
    return s;
  };
  bool per_peer = out.kind == ActionKind::AllToAll || out.kind == ActionKind::Gather ||
                  out.kind == ActionKind::AllGather || out.kind == ActionKind::Scatter;  // bytes to or from each rank
  long double n     = per_peer ? static_cast<long double>(comm_size) : 1;
  long double total = std::max({static_cast<long double>(out.bytes) * n, static_cast<long double>(out.bytes2) * n,
                                sum(out.send_counts), sum(out.recv_counts)});
  if (total >= 18446744073709551616.0L)
    throw ParseError(std::string(a.action()) + ": its bytes add up to more than 2^64 over the communicator's " +
                     std::to_string(comm_size) + " ranks: no run moves that much");
}

} // namespace tireplay
