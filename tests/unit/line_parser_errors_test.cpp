// Unit tests of format/line_parser: the exact ParseError message of every malformed line.
#include "format/action.hpp"
#include "format/datatypes.hpp"
#include "format/line_parser.hpp"

#include "tests/unit/test_support.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace tireplay;
using namespace tireplay::testing;

namespace {

// (line, exact ParseError message)
void check_errors(const std::vector<std::pair<std::string, std::string>>& cases)
{
  for (const auto& [line, message] : cases) {
    Parser p;
    INFO("line: " << line);
    CHECK_THROWS_WITH(p(line), message);
  }
}
} // namespace

TEST_CASE("parse errors: unknown action, missing action", "[parser][errors]")
{
  check_errors({{"0 foo 1", "unknown action 'foo' (known: " + kKnownActions + ")"},
                {"0 Send_", "unknown action 'Send_' (known: " + kKnownActions + ")"},
                {"0", "missing action name after the rank"}});
}

TEST_CASE("parse errors: missing fields name the field and the syntax", "[parser][errors]")
{
  const std::string send = " (expected: send <partner> <tag> <count> [datatype])";
  check_errors({
      {"0 send", "send: missing field 'partner'" + send},
      {"0 send 1", "send: missing field 'count'" + send},
      {"0 compute", "compute: missing field 'flops' (expected: compute <flops>)"},
      {"0 sleep", "sleep: missing field 'seconds' (expected: sleep <seconds>)"},
      {"0 location file.c", "location: missing field 'line' (expected: location <file> <line>)"},
      {"0 wait 1 0", "wait: missing field 'tag' (expected: wait <src> <dst> <tag> [<index>])"},
      {"0 test", "test: missing field 'src' (expected: test <src> <dst> <tag>)"},
      {"0 sendrecv 10 1 20", "sendrecv: missing field 'src' (expected: sendrecv <send_count> <dst|null> <recv_count> "
                             "<src|null> [send_datatype [recv_datatype]] [sendtag=<tag>] [recvtag=<tag>])"},
      {"0 bcast", "bcast: missing field 'count' (expected: bcast <count> [root [datatype]])"},
      {"0 reduce 10", "reduce: missing field 'flops' (expected: reduce <count> <flops> [root [datatype]])"},
      {"0 allreduce 10", "allreduce: missing field 'flops' (expected: allreduce <count> <flops> [datatype])"},
      {"0 alltoall 10", "alltoall: missing field 'recv_count' (expected: alltoall <send_count> <recv_count> "
                        "[send_datatype [recv_datatype]])"},
      {"0 gatherv 5 1 2 3", "gatherv: missing field 'recv_counts' (expected: gatherv <send_count> "
                            "<recv_counts...> [root [send_datatype [recv_datatype]]])"},
      {"0 scatterv 1 2 3 4", "scatterv: missing field 'recv_count' (expected: scatterv <send_counts...> "
                             "<recv_count> [root [send_datatype [recv_datatype]]])"},
      {"0 alltoallv 100 1 2 3 4 100 1 2 3",
       "alltoallv: missing field 'recv_counts' (expected: alltoallv <send_buffer_size> <send_counts...> "
       "<recv_buffer_size> <recv_counts...> [send_datatype [recv_datatype]])"},
      {"0 reducescatter 1 2 3 4",
       "reducescatter: missing field 'flops' (expected: reducescatter <recv_counts...> <flops> [datatype])"},
      {"0 comm_split 1", "comm_split: missing field 'size' (expected: comm_split [<new_comm> <size> <world rank>...])"},
      {"0 comm_split 1 3 0 1",
       "comm_split: missing field 'world rank' (expected: comm_split [<new_comm> <size> <world rank>...])"},
  });
}

TEST_CASE("parse errors: too many fields", "[parser][errors]")
{
  check_errors({
      {"0 barrier 1", "barrier: too many fields: '1' is extra (expected: barrier)"},
      {"0 finalize now", "finalize: too many fields: 'now' is extra (expected: finalize)"},
      {"0 init 1 2", "init: too many fields: '2' is extra (expected: init [set-default-datatype-to-double])"},
      {"0 send 1 0 10 0 9", "send: too many fields: '9' is extra (expected: send <partner> <tag> <count> [datatype])"},
      {"0 compute 1 2", "compute: too many fields: '2' is extra (expected: compute <flops>)"},
      {"0 compute 1e6 # note", "compute: too many fields: '#' is extra (expected: compute <flops>)"},
      {"0 bcast 10 0 0 7", "bcast: too many fields: '7' is extra (expected: bcast <count> [root [datatype]])"},
      {"0 allreduce 10 5 0 8",
       "allreduce: too many fields: '8' is extra (expected: allreduce <count> <flops> [datatype])"},
      {"0 wait 1 0 3 4 5", "wait: too many fields: '5' is extra (expected: wait <src> <dst> <tag> [<index>])"},
      {"0 test 1 0 3 4", "test: too many fields: '4' is extra (expected: test <src> <dst> <tag>)"},
      {"0 waitall 4 5", "waitall: too many fields: '5' is extra (expected: waitall [count])"},
      {"0 location f.c 1 2", "location: too many fields: '2' is extra (expected: location <file> <line>)"},
      {"0 comm_dup 2 3", "comm_dup: too many fields: '3' is extra (expected: comm_dup [<new_comm>])"},
      {"0 comm_split 1 1 0 3",
       "comm_split: too many fields: '3' is extra (expected: comm_split [<new_comm> <size> <world rank>...])"},
      {"0 allgatherv 5 1 2 3 4 0 1 0 1 3 6 9",
       "allgatherv: expected 4 displacements after the datatypes (expected: allgatherv <send_count> "
       "<recv_counts...> [send_datatype recv_datatype] [displacements...])"},
      {"0 allgatherv 5 1 2 3 4 0 1 3",
       "allgatherv: expected 4 displacements (expected: allgatherv <send_count> <recv_counts...> "
       "[send_datatype recv_datatype] [displacements...])"},
  });
}

TEST_CASE("parse errors: numbers", "[parser][errors]")
{
  const std::string send = " (expected: send <partner> <tag> <count> [datatype])";
  const std::string compute = " (expected: compute <flops>)";
  check_errors({
      {"0 compute abc", "compute: field 'flops' is not a number: 'abc'" + compute},
      {"0 compute inf", "compute: field 'flops' is not a number: 'inf'" + compute},
      {"0 compute nan", "compute: field 'flops' is not a number: 'nan'" + compute},
      {"0 compute +5", "compute: field 'flops' is not a number: '+5'" + compute},
      {"0 compute 0x10", "compute: field 'flops' is not a number: '0x10'" + compute},
      {"0 compute 1e400", "compute: field 'flops' is out of range: '1e400'" + compute},
      {"0 send x 0 10", "send: field 'partner' is not an integer: 'x'" + send},
      {"0 send 1 t 10", "send: field 'tag' is not an integer: 't'" + send},
      {"0 send 1 1.5 10", "send: field 'tag' is not an integer: '1.5'" + send},
      {"0 send 1 0 10x", "send: field 'count' is not a number: '10x'" + send},
      {"0 send 1 0 10 d", "send: field 'datatype' is not an integer: 'd'" + send},
      {"0 send 1 0 2e19", "send: field 'count' is too large" + send},
      {"0 location f.c twelve",
       "location: field 'line' is not an integer: 'twelve' (expected: location <file> <line>)"},
      {"0 waitall x", "waitall: field 'count' is not a number: 'x' (expected: waitall [count])"},
      {"0 send 1 0 -5", "send: field 'count' is negative: '-5'" + send},
      {"0 compute -1", "compute: field 'flops' is negative: '-1'" + compute},
      {"0 sleep -0.5", "sleep: field 'seconds' is negative: '-0.5' (expected: sleep <seconds>)"},
      {"0 reduce 10 -3", "reduce: field 'flops' is negative: '-3' (expected: reduce <count> <flops> [root [datatype]])"},
      {"0 gatherv 5 1 -2 3 4", "gatherv: field 'recv_counts' is negative: '-2' (expected: gatherv <send_count> "
                               "<recv_counts...> [root [send_datatype [recv_datatype]]])"},
  });
}

TEST_CASE("parse errors: ranks outside the communicator, datatypes", "[parser][errors]")
{
  const std::string send = " (expected: send <partner> <tag> <count> [datatype])";
  const std::string size4 = " is not a rank of a communicator of size 4: ";
  check_errors({
      {"0 send 4 0 10", "send: field 'partner'" + size4 + "'4'" + send},
      {"0 send -1 0 10", "send: field 'partner'" + size4 + "'-1'" + send},
      {"0 recv 4 0 10", "recv: field 'partner'" + size4 + "'4' (expected: recv <partner> <tag> <count> [datatype])"},
      {"0 bcast 10 4", "bcast: field 'root'" + size4 + "'4' (expected: bcast <count> [root [datatype]])"},
      {"0 gather 1 1 -2", "gather: field 'root'" + size4 +
                              "'-2' (expected: gather <send_count> <recv_count> [root [send_datatype [recv_datatype]]])"},
      {"0 wait 4 0 1", "wait: field 'src'" + size4 + "'4' (expected: wait <src> <dst> <tag> [<index>])"},
      {"0 wait 0 4 1", "wait: field 'dst'" + size4 + "'4' (expected: wait <src> <dst> <tag> [<index>])"},
      {"0 sendrecv 1 5 1 0", "sendrecv: field 'dst'" + size4 +
                                 "'5' (expected: sendrecv <send_count> <dst|null> <recv_count> <src|null> "
                                 "[send_datatype [recv_datatype]] [sendtag=<tag>] [recvtag=<tag>])"},
      {"0 send 1 0 10 99", "send: unknown datatype id '99' (known ids: -1..59)" + send},
      {"0 send 1 0 10 60", "send: unknown datatype id '60' (known ids: -1..59)" + send},
      {"0 send 1 0 10 -2", "send: unknown datatype id '-2' (known ids: -1..59)" + send},
      {"0 bcast 10 0 99", "bcast: unknown datatype id '99' (known ids: -1..59) (expected: bcast <count> [root "
                          "[datatype]])"},
      {"0 reducescatter 1 2 3 4 5 60 0", "reducescatter: unknown datatype id '60' (known ids: -1..59) (expected: "
                                         "reducescatter <recv_counts...> <flops> [datatype])"},
  });
}

TEST_CASE("parse errors: communicators", "[parser][errors][comm]")
{
  const std::string split = " (expected: comm_split [<new_comm> <size> <world rank>...])";
  check_errors({
      {"0 barrier comm=5", "communicator 5 is not defined by an earlier comm_split or comm_dup"},
      {"0 send 1 0 10 comm=1", "communicator 1 is not defined by an earlier comm_split or comm_dup"},
      {"0 barrier comm=x", "field 'comm' is not a communicator id: 'comm=x'"},
      {"0 barrier comm=-1", "field 'comm' is not a communicator id: 'comm=-1'"},
      {"0 barrier comm=", "field 'comm' is not a communicator id: 'comm='"},
      {"0 comm=1", "unknown action 'comm=1' (known: " + kKnownActions + ")"},
      {"0 barrier comm=0 comm=0", "field 'comm' is given twice"},
      {"0 barrier x=1", "unknown named field 'x=1' (known: comm=, sendtag=, recvtag=)"},
      {"0 send 1 0 10 sendtag=3", "field 'sendtag' belongs to sendrecv only"},
      {"0 sendrecv 1 1 1 1 sendtag=-1", "field 'sendtag' is not a tag (an integer >= 0): 'sendtag=-1'"},
      {"0 send 3 -4 100", "send: field 'tag' is not a tag (an integer >= 0; a negative one is MPI_ERR_TAG): '-4' "
                          "(expected: send <partner> <tag> <count> [datatype])"},
      {"0 irecv 3 -3334 100", "irecv: field 'tag' is not a tag (an integer >= 0, or -444 for any tag; a negative one "
                              "is MPI_ERR_TAG): '-3334' (expected: irecv <partner> <tag> <count> [datatype])"},
      {"0 sendrecv 1 1 1 1 sendtag=-444", "field 'sendtag' is not a tag (an integer >= 0): 'sendtag=-444'"},
      {"0 sendrecv 1 1 1 1 recvtag=x", "field 'recvtag' is not a tag (an integer >= 0, or -444 for any tag): "
                                       "'recvtag=x'"},
      {"0 sendrecv 1 1 1 1 recvtag=1 recvtag=1", "field 'recvtag' is given twice"},
      {"0 sendrecv 1 nul 1 1", "sendrecv: field 'dst' is not an integer: 'nul' (expected: sendrecv <send_count> "
                               "<dst|null> <recv_count> <src|null> [send_datatype [recv_datatype]] "
                               "[sendtag=<tag>] [recvtag=<tag>])"},
      {"0 sendrecv 1 1 1 null sendtag=1 5", "sendrecv: field 'send_datatype' is not an integer: 'sendtag=1' "
                                            "(expected: sendrecv <send_count> <dst|null> <recv_count> <src|null> "
                                            "[send_datatype [recv_datatype]] [sendtag=<tag>] [recvtag=<tag>])"},
      {"0 comm_split 1 0", "comm_split: field 'size' must be between 1 and 4" + split},
      {"0 comm_split 1 5 0 1 2 3 0", "comm_split: field 'size' must be between 1 and 4" + split},
      {"0 comm_split 1 2 0 4", "comm_split: field 'world rank' is not a rank of a communicator of size 4: '4'" + split},
      {"0 comm_split 0 2 0 1", "comm_split: field 'new_comm' must be between 1 and 1000000"},
      {"0 comm_dup 0", "comm_dup: field 'new_comm' must be between 1 and 1000000"},
      {"0 comm_dup -5", "comm_dup: field 'new_comm' must be between 1 and 1000000"},
      {"0 comm_dup 1000001", "comm_dup: field 'new_comm' must be between 1 and 1000000"},
  });
  Parser p;  // a rejected comm_split defines nothing
  CHECK_THROWS(p("0 comm_split 1 2 0 4"));
  CHECK(p.state.comm_sizes == std::vector<int>{4});
}

TEST_CASE("a byte count that overflows 64 bits is rejected", "[parser][errors]")
{
  check_errors({
      {"0 bcast 1e19 0 0", "bcast: count 10000000000000000000 times the datatype size 8 overflows 64 bits "
                           "(expected: bcast <count> [root [datatype]])"},
      {"0 gatherv 1 1e19 1 1 1 0 0 0",
       "gatherv: count 10000000000000000000 times the datatype size 8 overflows 64 bits (expected: gatherv "
       "<send_count> <recv_counts...> [root [send_datatype [recv_datatype]]])"},
      {"0 sendrecv 1 1 5e18 2 0 1",
       "sendrecv: count 5000000000000000000 times the datatype size 4 overflows 64 bits (expected: sendrecv "
       "<send_count> <dst|null> <recv_count> <src|null> [send_datatype [recv_datatype]] [sendtag=<tag>] "
       "[recvtag=<tag>])"},
  });
  Parser p;
  CHECK(p("0 bcast 1.7e19").bytes == 17000000000000000000ull);  // fits with MPI_BYTE
  CHECK(p("0 send 1 0 1e19 55").bytes == 0);                      // MPI_UB has size 0
}

TEST_CASE("comm_dup -1 and comm_split -1 are rejected", "[parser][comm]")
{
  // Only the argument-less forms are no-ops; an explicit -1 is an id out of range.
  Parser p;
  CHECK_THROWS_AS(p("0 comm_dup -1"), ParseError);
  CHECK_THROWS_WITH(p("0 comm_dup -1"), "comm_dup: field 'new_comm' must be between 1 and 1000000");
  CHECK_THROWS_WITH(p("0 comm_split -1 2 0 1"), "comm_split: field 'new_comm' must be between 1 and 1000000");
  CHECK_THROWS_WITH(p("0 comm_split -1"), "comm_split: field 'new_comm' must be between 1 and 1000000");
  CHECK(p.state.comm_sizes == std::vector<int>{4});  // nothing defined
}
