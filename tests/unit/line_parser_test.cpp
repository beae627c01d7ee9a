// Unit tests of format/line_parser: one trace line -> one Action, and every error message.
#include "format/action.hpp"
#include "format/datatypes.hpp"
#include "format/line_parser.hpp"

#include "tests/unit/test_support.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace tireplay;
using namespace tireplay::testing;
using U64s = std::vector<uint64_t>;

TEST_CASE("split_fields splits on runs of blanks and tabs", "[parser]")
{
  std::vector<std::string_view> f;
  split_fields("  0\tsend  1 \t 2 3  ", f);
  CHECK(f == std::vector<std::string_view>{"0", "send", "1", "2", "3"});
  split_fields(" \t ", f);
  CHECK(f.empty());
}

TEST_CASE("parse_rank_field reads N, pN and PN", "[parser]")
{
  int r = -7;
  CHECK((parse_rank_field("3", r) && r == 3));
  CHECK((parse_rank_field("p12", r) && r == 12));
  CHECK((parse_rank_field("P0", r) && r == 0));
  for (const char* bad : {"", "p", "-1", "x3", "3x", "1.0", "pp1"}) {
    INFO(bad);
    CHECK_FALSE(parse_rank_field(bad, r));
  }
}

TEST_CASE("action names are case-insensitive, with canonical names", "[parser]")
{
  ActionKind k{};
  const std::vector<std::pair<const char*, ActionKind>> names{
      {"Isend", ActionKind::Isend},           {"allReduce", ActionKind::AllReduce},
      {"sendRecv", ActionKind::SendRecv},     {"waitAny", ActionKind::WaitAny},
      {"Ssend", ActionKind::Ssend},           {"ISsend", ActionKind::Issend},
      {"reduce_scatter", ActionKind::ReduceScatter}, {"REDUCESCATTER", ActionKind::ReduceScatter},
      {"comm_size", ActionKind::CommSize},    {"exscan", ActionKind::ExScan}};
  for (const auto& [name, kind] : names) {
    INFO(name);
    REQUIRE(action_from_name(name, k));
    CHECK(k == kind);
  }
  CHECK_FALSE(action_from_name("", k));
  CHECK_FALSE(action_from_name("sendrecvx", k));
  CHECK_FALSE(action_from_name("reduce-scatter", k));
  CHECK_FALSE(action_from_name("allreduceallreduceallreduce", k));  // longer than any name
  CHECK(action_name(ActionKind::ReduceScatter) == "reducescatter");
  CHECK(action_name(ActionKind::WaitAny) == "waitany");
  CHECK(known_action_names() == kKnownActions);
  CHECK(is_collective(ActionKind::Barrier));
  CHECK(is_collective(ActionKind::ExScan));
  CHECK_FALSE(is_collective(ActionKind::SendRecv));
  CHECK_FALSE(is_collective(ActionKind::WaitAll));
  for (int i = 0; i < static_cast<int>(ActionKind::Count_); i++)
    CHECK_FALSE(action_usage(static_cast<ActionKind>(i)).empty());
}

TEST_CASE("datatype sizes follow SimGrid 3.32's ids", "[parser]")
{
  CHECK(datatype_size(0) == 8);   // MPI_DOUBLE
  CHECK(datatype_size(1) == 4);   // MPI_INT
  CHECK(datatype_size(6) == 1);   // MPI_BYTE
  CHECK(datatype_size(14) == 16); // MPI_LONG_DOUBLE
  CHECK(datatype_size(45) == 4);  // MPI_INTEGER1 is an int in SimGrid
  CHECK(datatype_size(55) == 0);  // MPI_UB
  CHECK(datatype_size(59) == 8);  // MPI_COUNT
  CHECK(datatype_size(60) == -1);
  CHECK(datatype_size(-1) == 0);  // MPI_DATATYPE_NULL
  CHECK(datatype_size(-2) == -1);
  CHECK(max_datatype_id() == 59);
}

TEST_CASE("datatype -1 (MPI_DATATYPE_NULL) is accepted with size 0", "[parser]")
{
  // SMPI's tracer writes -1 for an argument a rank ignores, such as gather's receive type on a non-root rank.
  Parser p;
  CHECK(p("0 send 1 0 10 -1").bytes == 0);
  CHECK(p("0 gather 68 68 1 0 -1").kind == ActionKind::Gather);
  CHECK((p.action.root == 1 && p.action.bytes == 544 && p.action.bytes2 == 0));
  CHECK(p("0 scatter 10 10 2 -1 1").bytes == 0);
  CHECK(p.action.bytes2 == 40);
  CHECK(p("0 gatherv 5 1 2 3 4 1 1 -1").bytes == 20);
  CHECK(p.action.recv_counts == U64s{0, 0, 0, 0});
  CHECK(p("0 reducescatter 1 2 3 4 5 -1").datatype_size == 0);
  CHECK(p.action.recv_counts == U64s{0, 0, 0, 0});
}

TEST_CASE("control actions: init, finalize, comm_size, location, compute, sleep, poll", "[parser]")
{
  Parser p;
  CHECK(p("0 init").kind == ActionKind::Init);
  CHECK(p.state.default_datatype_size == 1);
  CHECK(p("0 finalize").kind == ActionKind::Finalize);
  CHECK(p("0 comm_size 4").kind == ActionKind::CommSize);
  CHECK(p("0 location file.c 12").kind == ActionKind::Location);
  CHECK(p("0 compute 5e8").flops == 5e8);
  CHECK(p("0 compute 5.7").flops == 5.7);  // flops are not truncated
  CHECK(p.action.kind == ActionKind::Compute);
  CHECK(p("0 sleep 0.25").seconds == 0.25);
  CHECK(p.action.kind == ActionKind::Sleep);
  CHECK(p("0 poll 17").polls == 17);
  CHECK(p.action.kind == ActionKind::Poll);
}

TEST_CASE("init with an argument switches the default datatype to MPI_DOUBLE", "[parser]")
{
  Parser p;
  CHECK(p("0 send 1 0 10").bytes == 10);  // MPI_BYTE before init
  p("0 init 1");
  CHECK(p.state.default_datatype_size == 8);
  CHECK(p("0 send 1 0 10").bytes == 80);
  CHECK(p("0 bcast 10").bytes == 80);
  CHECK(p("0 send 1 0 10 1").bytes == 40);  // an explicit datatype wins
  p("0 init");
  CHECK(p("0 send 1 0 10").bytes == 10);
}

TEST_CASE("point-to-point actions: partner, tag, count x datatype", "[parser]")
{
  Parser p;
  const std::vector<std::pair<const char*, ActionKind>> lines{
      {"0 send 1 7 100 0", ActionKind::Send},   {"0 Isend 1 7 100 0", ActionKind::Isend},
      {"0 Ssend 1 7 100 0", ActionKind::Ssend}, {"0 issend 1 7 100 0", ActionKind::Issend},
      {"0 recv 1 7 100 0", ActionKind::Recv},   {"0 irecv 1 7 100 0", ActionKind::Irecv}};
  for (const auto& [line, kind] : lines) {
    INFO(line);
    const Action& a = p(line);
    CHECK(a.kind == kind);
    CHECK(a.peer == 1);
    CHECK(a.tag == 7);
    CHECK(a.bytes == 800);
    CHECK(a.comm == 0);
  }
  CHECK(p("0 recv 3 -444 100").tag == kAnyTag);
  CHECK(p.action.bytes == 100);
  CHECK(p("0 irecv -1 3 10").peer == kAnySource);
  CHECK(p("0 recv -333 3 10").peer == kAnySource);
  CHECK(p("0 recv -555 3 10 1").peer == kAnySource);
  CHECK(p.action.bytes == 40);
}

TEST_CASE("MPI_ANY_TAG (-444) is read as is", "[parser]")
{
  Parser p;
  CHECK(kAnyTag == -444);
  CHECK(p("0 irecv 1 -444 10").tag == kAnyTag);
  CHECK((p.action.kind == ActionKind::Irecv && p.action.peer == 1 && p.action.bytes == 10));
  CHECK(p("0 recv -333 -444 10 1").tag == kAnyTag);
  CHECK((p.action.peer == kAnySource && p.action.bytes == 40));
  CHECK(p("0 wait -333 0 -444").tag == kAnyTag);
  CHECK(p.action.peer == kAnySource);
}

TEST_CASE("counts are truncated, flops and seconds are not", "[parser]")
{
  Parser p;
  CHECK(p("0 send 1 0 5.7").bytes == 5);
  CHECK(p("0 send 1 0 2.9 1").bytes == 8);
  CHECK(p("0 bcast 5e4").bytes == 50000);
  CHECK(p("0 bcast 5e4 0 0").bytes == 400000);
  CHECK(p("0 gatherv 1 1.9 2e1 .5 3. 0").recv_counts == U64s{1, 20, 0, 3});
  CHECK(p("0 sleep 1e-3").seconds == 1e-3);
}

TEST_CASE("pre-3.20 point-to-point lines have no tag", "[parser]")
{
  Parser p;
  const Action& a = p("0 send 1 1000");
  CHECK(a.kind == ActionKind::Send);
  CHECK(a.peer == 1);
  CHECK(a.tag == 0);
  CHECK(a.bytes == 1000);
  CHECK(p("0 Irecv 3 5e2").bytes == 500);
  CHECK(p.action.peer == 3);
  CHECK(p.action.tag == 0);
}

TEST_CASE("paper format: pN ranks and partners, no tags", "[parser]")
{
  Parser p;
  const Action& a = p("p0 send p1 1000");
  CHECK(a.kind == ActionKind::Send);
  CHECK(a.peer == 1);
  CHECK(a.tag == 0);
  CHECK(a.bytes == 1000);
  CHECK(p("p0 Irecv p3 1e6").peer == 3);
  CHECK(p.action.bytes == 1000000);
  CHECK(p("p0 send p2 100 1").bytes == 400);  // a third field is a datatype, never a tag
  CHECK(p.action.tag == 0);
  CHECK(p("p0 allReduce 1e6 1e6").kind == ActionKind::AllReduce);
  CHECK(p.action.bytes == 1000000);
  CHECK(p.action.flops == 1e6);
  CHECK(p("p0 comm_size 4").kind == ActionKind::CommSize);
  CHECK_FALSE(p("p0 wait").has_request_key);
}

TEST_CASE("wait and test name a request by src dst tag", "[parser]")
{
  Parser p;
  const Action& a = p("0 wait 1 0 3");
  CHECK(a.kind == ActionKind::Wait);
  CHECK(a.has_request_key);
  CHECK(a.peer == 1);
  CHECK(a.peer2 == 0);
  CHECK(a.tag == 3);
  CHECK(p("0 wait -333 0 3").peer == kAnySource);
  CHECK(p.action.peer2 == 0);
  CHECK(p.action.tag == 3);
  CHECK_FALSE(p("0 wait").has_request_key);  // pre-3.20
  CHECK(p("0 test 2 0 7").kind == ActionKind::Test);
  CHECK(p.action.has_request_key);
  CHECK(p.action.peer == 2);
  CHECK(p.action.tag == 7);
}

TEST_CASE("waitall and waitany take an optional count", "[parser]")
{
  Parser p;
  CHECK(p("0 waitall 4").kind == ActionKind::WaitAll);
  CHECK(p("0 waitall").kind == ActionKind::WaitAll);
  CHECK(p("0 waitAny 3").kind == ActionKind::WaitAny);
  CHECK(p("0 waitany").kind == ActionKind::WaitAny);
}

TEST_CASE("sendRecv: send count, dst, recv count, src, datatypes", "[parser]")
{
  Parser p;
  const Action& a = p("0 sendRecv 10 1 20 2");
  CHECK(a.kind == ActionKind::SendRecv);
  CHECK(a.bytes == 10);
  CHECK(a.peer == 1);
  CHECK(a.bytes2 == 20);
  CHECK(a.peer2 == 2);
  p("0 sendrecv 10 1 20 2 0 1");
  CHECK(a.bytes == 80);
  CHECK(a.bytes2 == 80);
  p("0 sendrecv 10 1 20 2 0");
  CHECK(a.bytes == 80);
  CHECK(a.bytes2 == 20);
}

TEST_CASE("sendrecv: the tireplay extension's tags and null halves", "[parser]")
{
  Parser p;
  const Action& a = p("0 sendrecv 10 1 20 2 sendtag=7 recvtag=9");
  CHECK((a.tag == 7 && a.tag2 == 9 && a.peer == 1 && a.peer2 == 2 && a.bytes == 10 && a.bytes2 == 20));
  p("0 sendrecv 10 1 20 2");  // SMPI's form: tag 0 both ways
  CHECK((a.tag == 0 && a.tag2 == 0));
  p("0 sendrecv 10 1 20 2 0 1 recvtag=3");  // datatypes first; a tag alone
  CHECK((a.bytes == 80 && a.bytes2 == 80 && a.tag == 0 && a.tag2 == 3));
  p("0 sendrecv 10 1 20 2 recvtag=-444");  // any tag
  CHECK(a.tag2 == kAnyTag);
  p("0 comm_split 1 2 0 1");
  p("0 sendrecv 16384 1 0 null comm=1 sendtag=1");  // named fields in any order
  CHECK((a.comm == 1 && a.peer == 1 && a.peer2 == kProcNull && a.tag == 1 && a.bytes2 == 0));
  p("0 sendrecv 0 null 8 3 recvtag=2");
  CHECK((a.peer == kProcNull && a.peer2 == 3 && a.tag2 == 2 && a.comm == 0));
  p("0 sendrecv 0 null 0 null");
  CHECK((a.peer == kProcNull && a.peer2 == kProcNull));
}

TEST_CASE("each line resets the fields a previous line set", "[parser]")
{
  Parser p;
  const Action& a = p("0 compute 5e8");
  p("0 bcast 100");
  CHECK((a.flops == 0 && a.bytes == 100));
  p("0 sendRecv 10 1 20 2");
  p("0 barrier");
  CHECK((a.peer == 0 && a.peer2 == 0 && a.bytes == 0 && a.bytes2 == 0));
  p("0 wait 1 0 3");
  p("0 wait");
  CHECK((!a.has_request_key && a.peer == 0 && a.peer2 == 0 && a.tag == 0));
  p("0 sendrecv 1 1 1 1 sendtag=3 recvtag=4 comm=0");
  p("0 barrier");
  CHECK((a.tag == 0 && a.tag2 == 0));
  p("0 sleep 2");
  p("0 compute 1");
  CHECK(a.seconds == 0);
  p("0 gather 1 1 3");
  p("0 allgather 1 1");
  CHECK(a.root == 0);
  p("0 comm_split 1 2 0 1");
  p("0 barrier comm=1");
  CHECK((a.new_comm == 0 && a.comm == 1));
  p("0 barrier");
  CHECK(a.comm == 0);
}

TEST_CASE("datatype_size is reset by the next line", "[parser]")
{
  // datatype_size is a scalar that only reducescatter sets: parse_action resets it to 1 for every line.
  Parser p;
  p("0 reducescatter 1 1 1 1 5 0");
  REQUIRE(p.action.datatype_size == 8);
  p("0 barrier");
  CHECK(p.action.datatype_size == 1);
  p("0 reducescatter 1 1 1 1 5 0");
  p("0 send 1 0 10 0");  // a datatype on another action does not set it
  CHECK(p.action.datatype_size == 1);
}
