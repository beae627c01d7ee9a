// Unit tests of format/collective_fields: collective lines and the communicator extension.
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

TEST_CASE("rooted and reducing collectives", "[parser]")
{
  Parser p;
  const Action& a = p("0 barrier");
  CHECK(a.kind == ActionKind::Barrier);
  p("0 bcast 100");
  CHECK((a.kind == ActionKind::Bcast && a.bytes == 100 && a.root == 0));
  p("0 bcast 100 2 1");
  CHECK((a.root == 2 && a.bytes == 400));
  p("0 reduce 10 1e3");
  CHECK((a.kind == ActionKind::Reduce && a.bytes == 10 && a.flops == 1000 && a.root == 0));
  p("0 reduce 10 1e3 3 0");
  CHECK((a.root == 3 && a.bytes == 80));
  p("0 allReduce 10 500 3");  // allreduce has no root: 3 is MPI_SHORT
  CHECK((a.kind == ActionKind::AllReduce && a.bytes == 20 && a.flops == 500 && a.root == 0));
  p("0 scan 10 100 1");
  CHECK((a.kind == ActionKind::Scan && a.bytes == 40 && a.flops == 100));
  p("0 exscan 10 100");
  CHECK((a.kind == ActionKind::ExScan && a.bytes == 10 && a.flops == 100));
}

TEST_CASE("alltoall, gather, scatter, allgather: send and recv counts", "[parser]")
{
  Parser p;
  const Action& a = p("0 alltoall 10 20 0 1");
  CHECK((a.kind == ActionKind::AllToAll && a.bytes == 80 && a.bytes2 == 80));
  p("0 alltoall 10 20 0");
  CHECK((a.bytes == 80 && a.bytes2 == 20));
  p("0 gather 68 68 0 0 0");
  CHECK((a.kind == ActionKind::Gather && a.root == 0 && a.bytes == 544 && a.bytes2 == 544));
  p("0 gather 68 34 2");
  CHECK((a.root == 2 && a.bytes == 68 && a.bytes2 == 34));
  p("0 scatter 10 10 3 1 1");
  CHECK((a.kind == ActionKind::Scatter && a.root == 3 && a.bytes == 40 && a.bytes2 == 40));
  p("0 allgather 5 5 0 1");  // no root: the fields are datatypes
  CHECK((a.kind == ActionKind::AllGather && a.root == 0 && a.bytes == 40 && a.bytes2 == 20));
}

TEST_CASE("gatherv and scatterv: one count per rank of the communicator", "[parser]")
{
  Parser p;
  const Action& a = p("0 gatherv 68 68 10 10 10 1 0 0");
  CHECK((a.kind == ActionKind::GatherV && a.root == 1 && a.bytes == 544));
  CHECK(a.recv_counts == U64s{544, 80, 80, 80});
  p("0 gatherv 68 68 10 10 10");
  CHECK((a.root == 0 && a.bytes == 68));
  CHECK(a.recv_counts == U64s{68, 10, 10, 10});
  p("0 scatterv 68 10 10 10 68 2 0 0");
  CHECK((a.kind == ActionKind::ScatterV && a.root == 2 && a.bytes2 == 544));
  CHECK(a.send_counts == U64s{544, 80, 80, 80});
  p("0 scatterv 1 2 3 4 5");
  CHECK((a.root == 0 && a.bytes2 == 5));
  CHECK(a.send_counts == U64s{1, 2, 3, 4});
}

TEST_CASE("allgatherv: datatypes only, displacements only, or both", "[parser]")
{
  Parser p;
  const Action& a = p("0 allgatherv 5 1 2 3 4");
  CHECK((a.kind == ActionKind::AllGatherV && a.bytes == 5));
  CHECK(a.recv_counts == U64s{1, 2, 3, 4});
  p("0 allgatherv 5 1 2 3 4 0 1");  // R = 2: datatypes
  CHECK(a.bytes == 40);
  CHECK(a.recv_counts == U64s{4, 8, 12, 16});
  p("0 allgatherv 5 1 2 3 4 0");  // R = 1: send datatype only
  CHECK(a.bytes == 40);
  CHECK(a.recv_counts == U64s{1, 2, 3, 4});
  p("0 allgatherv 5 1 2 3 4 0 1 3 6");  // R = N = 4: displacements, default datatype
  CHECK(a.bytes == 5);
  CHECK(a.recv_counts == U64s{1, 2, 3, 4});
  p("0 allgatherv 5 1 2 3 4 0 1 0 1 3 6");  // R = N + 2: datatypes then displacements
  CHECK(a.bytes == 40);
  CHECK(a.recv_counts == U64s{4, 8, 12, 16});
  p("0 init 1");
  p("0 allgatherv 5 1 2 3 4 0 1 3 6");
  CHECK(a.bytes == 40);
  CHECK(a.recv_counts == U64s{8, 16, 24, 32});
  Parser two(2);  // with N <= 2, displacements alone read as datatypes, as in SimGrid
  two("0 allgatherv 5 1 2 0 1");
  CHECK(two.action.bytes == 40);
  CHECK(two.action.recv_counts == U64s{4, 8});
}

TEST_CASE("alltoallv and reducescatter", "[parser]")
{
  Parser p;
  const Action& a = p("0 alltoallv 100 1 7 10 12 100 1 70 10 5");
  CHECK(a.kind == ActionKind::AllToAllV);
  CHECK(a.send_counts == U64s{1, 7, 10, 12});
  CHECK(a.recv_counts == U64s{1, 70, 10, 5});
  p("0 alltoallv 100 1 7 10 12 100 1 70 10 5 0 1");
  CHECK(a.send_counts == U64s{8, 56, 80, 96});
  CHECK(a.recv_counts == U64s{4, 280, 40, 20});
  p("0 reducescatter 275427 275427 275427 204020 11346849 0");
  CHECK(a.kind == ActionKind::ReduceScatter);
  CHECK(a.recv_counts == U64s{2203416, 2203416, 2203416, 1632160});
  CHECK(a.flops == 11346849);
  CHECK(a.datatype_size == 8);
  p("0 reduce_scatter 1 2 3 4 100");
  CHECK(a.kind == ActionKind::ReduceScatter);
  CHECK(a.recv_counts == U64s{1, 2, 3, 4});
  CHECK(a.datatype_size == 1);
}

TEST_CASE("reducescatter ignores the fields after the datatype", "[parser]")
{
  // SimGrid traces MPI_Reduce_scatter_block as `reducescatter` + recvcount zeros + datatype; its replay reads
  // comm-size counts, the flops, the datatype, and ignores the rest.
  Parser p;
  const Action& a = p("0 reducescatter 0 0 0 0 0 0 0 0 1");
  CHECK(a.kind == ActionKind::ReduceScatter);
  CHECK(a.recv_counts == U64s{0, 0, 0, 0});  // fields 1-4
  CHECK(a.flops == 0);                       // field 5
  CHECK(a.datatype_size == 8);               // field 6: id 0, MPI_DOUBLE; "0 0 1" is ignored
  p("0 reducescatter 1 2 3 4 5 1 7 junk -3");
  CHECK(a.recv_counts == U64s{4, 8, 12, 16});
  CHECK(a.flops == 5);
  CHECK(a.datatype_size == 4);
  p("0 comm_split 1 2 0 1");
  p("0 reducescatter 3 4 10 0 9 9 comm=1");  // comm= is still read
  CHECK(a.comm == 1);
  CHECK(a.recv_counts == U64s{24, 32});
  CHECK(a.flops == 10);
}

TEST_CASE("SimGrid's argument-less comm_split and comm_dup are no-ops", "[parser][comm]")
{
  Parser p;
  CHECK(p("0 comm_split").kind == ActionKind::CommSplit);
  CHECK(p.action.new_comm == -1);
  CHECK(p("0 comm_dup").kind == ActionKind::CommDup);
  CHECK(p.action.new_comm == -1);
  CHECK(p.state.comm_sizes == std::vector<int>{4});
}

TEST_CASE("comm_split and comm_dup define communicators that comm= uses", "[parser][comm]")
{
  Parser p;
  const Action& a = p("0 comm_split 1 2 0 2");
  CHECK((a.kind == ActionKind::CommSplit && a.new_comm == 1 && a.comm == 0));
  CHECK(a.members == std::vector<int>{0, 2});
  CHECK(p.state.comm_sizes == std::vector<int>{4, 2});
  p("0 gatherv 5 1 2 1 comm=1");  // two counts: communicator 1 has two ranks
  CHECK((a.comm == 1 && a.root == 1 && a.bytes == 5));
  CHECK(a.recv_counts == U64s{1, 2});
  p("0 send 1 0 10 comm=1");
  CHECK((a.comm == 1 && a.peer == 1 && a.bytes == 10));
  CHECK_THROWS_WITH(p("0 send 2 0 10 comm=1"),
                    "send: field 'partner' is not a rank of a communicator of size 2: '2' "
                    "(expected: send <partner> <tag> <count> [datatype])");
  p("0 comm_dup 2 comm=1");
  CHECK((a.kind == ActionKind::CommDup && a.new_comm == 2 && a.comm == 1));
  CHECK(p.state.comm_sizes == std::vector<int>{4, 2, 2});
  p("0 alltoallv 10 1 2 10 3 4 comm=2");
  CHECK((a.comm == 2 && a.send_counts == U64s{1, 2} && a.recv_counts == U64s{3, 4}));
  p("0 comm_dup 5");  // a copy of the world; ids need not be consecutive
  CHECK(p.state.comm_sizes == std::vector<int>{4, 2, 2, 0, 0, 4});
  p("0 allgatherv 5 1 2 3 4 comm=5");
  CHECK((a.comm == 5 && a.recv_counts.size() == 4));
  p("0 barrier comm=0");
  CHECK(a.comm == 0);
  p("0 comm_split 3 1 3 comm=2");  // members are world ranks whatever the parent
  CHECK(a.members == std::vector<int>{3});
  CHECK(p.state.comm_sizes[3] == 1);
}
