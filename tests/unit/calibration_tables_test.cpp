// Unit tests of src/calibrate/tables: the calibration's input tables, and one test per kind of bad line, each with
// its exact message (file:line: what, then the line).
#include "src/calibrate/tables.hpp"
#include "format/rank_reader.hpp"

#include "tests/unit/test_support.hpp"

#include <catch2/catch.hpp>

using namespace tireplay;
using namespace tireplay::calibrate;
using tireplay::testing::TempDir;

TEST_CASE("ping-pong table: plain, CSV with a header, units, comments, SKaMPI lines", "[calibration]")
{
  TempDir dir;
  auto table = read_pingpong_table(dir.file("pp.csv", "# a comment\nbytes,seconds\n1,100us\n\n1024, 0.00015 # ok\n"
                                                      "2048\t2e-4s\r\n"));
  REQUIRE(table.size() == 3);
  CHECK(table[0].bytes == 1);
  CHECK(table[0].round_trip_seconds == Approx(100e-6));
  CHECK(table[1].round_trip_seconds == Approx(1.5e-4));
  CHECK(table[2].bytes == 2048);
  CHECK(table[2].round_trip_seconds == Approx(2e-4));
  // SKaMPI's Pingpong_Send_Recv output: count= SIZE SIZE TIME_US STDDEV ITERATIONS MIN MAX
  auto skampi = read_pingpong_table(dir.file("pp.ski", "# begin result \"Pingpong_Send_Recv\"\n"
                                                       "count= 1      1   109.2   0.2   32   106.7   107.7\n"
                                                       "count= 8192 8192  389.1   0.6   32   389.1   373.8\n"));
  REQUIRE(skampi.size() == 2);
  CHECK(skampi[1].bytes == 8192);
  CHECK(skampi[1].round_trip_seconds == Approx(389.1e-6));
}

TEST_CASE("ping-pong table: every bad line named", "[calibration]")
{
  TempDir dir;
  auto error = [&](const std::string& content) {
    std::string path = dir.file("t.txt", content);
    try {
      read_pingpong_table(path);
    } catch (const InputError& e) {
      return std::string(e.what()).substr(path.size() - 5);  // from "t.txt"
    }
    return std::string("no error");
  };
  CHECK(error("1 1e-4\n2 fast\n") ==
        "t.txt:2: field 2 (time) 'fast' is not a time (seconds, or a number with ns, us, ms or s)\n    2 fast");
  CHECK(error("1 1e-4\n1.5 1e-4\n") == "t.txt:2: field 1 (size) '1.5' is not a whole number of bytes\n    1.5 1e-4");
  CHECK(error("-4 1e-4\n") == "t.txt:1: field 1 (size) '-4' is not a whole number of bytes\n    -4 1e-4");
  CHECK(error("1 1e-4 7\n") == "t.txt:1: expected 'SIZE TIME' (2 fields), got 3 fields\n    1 1e-4 7");
  CHECK(error("size time\n1\n") == "t.txt:2: expected 'SIZE TIME' (2 fields), got 1 field\n    1");
  CHECK(error("1 0\n") == "t.txt:1: a ping-pong takes time: the time must be positive\n    1 0");
  CHECK(error("1 3 furlongs\n") == "t.txt:1: expected 'SIZE TIME' (2 fields), got 3 fields\n    1 3 furlongs");
  CHECK(error("1 3h\n") ==
        "t.txt:1: field 2 (time) '3h' is not a time (seconds, or a number with ns, us, ms or s)\n    1 3h");
  CHECK(error("count= 1 1\n") == "t.txt:1: a SKaMPI line holds 'count= SIZE SIZE TIME_US ...', got 3 fields\n"
                                 "    count= 1 1");
  CHECK(error("# begin result \"Pingpong_Send_Recv\"\ncount= 1 1 109.2 0.2 32 106.7 107.7\n"
              "# end result \"Pingpong_Send_Recv\"\n# begin result \"Pingpong_Send_Irecv\"\n"
              "count= 1 1 110.5 0.2 32 106.7 107.7\n") ==
        "t.txt:5: SKaMPI result \"Pingpong_Send_Irecv\" after \"Pingpong_Send_Recv\": a table holds one measurement "
        "(keep the Pingpong_Send_Recv lines)\n    count= 1 1 110.5 0.2 32 106.7 107.7");
  CHECK(error("# nothing\n\n") == "t.txt: no measurement in the ping-pong table (expected lines 'SIZE TIME')");
  CHECK(error("size time\n") == "t.txt: no measurement in the ping-pong table (expected lines 'SIZE TIME')");
  CHECK_THROWS_WITH(read_pingpong_table(dir.str() + "/missing.txt"),
                    dir.str() + "/missing.txt: no such file (the ping-pong table)");
}

TEST_CASE("all-to-all and bursts tables", "[calibration]")
{
  TempDir dir;
  auto a2a = read_alltoall_table(dir.file("a.txt", "processes size time\n40 8192 0.2ms\n"));
  REQUIRE(a2a.size() == 1);
  CHECK(a2a[0].processes == 40);
  CHECK(a2a[0].bytes == 8192);
  CHECK(a2a[0].seconds == Approx(2e-4));
  std::string bad = dir.file("b.txt", "40 8192 1e-3\n1 8192 1e-3\n");
  CHECK_THROWS_WITH(read_alltoall_table(bad),
                    bad + ":2: field 1 (processes) '1' is not a number of processes (2 or more)\n    1 8192 1e-3");
  bad = dir.file("c.txt", "40 8192\n");
  CHECK_THROWS_WITH(read_alltoall_table(bad),
                    bad + ":1: expected 'PROCESSES SIZE TIME' (3 fields), got 2 fields\n    40 8192");

  auto exchanges = read_exchange_table(dir.file("x.txt", "# exchange table\n65536 10ms\n1024,8.9e-5\n"), "# exchange");
  REQUIRE(exchanges.size() == 2);
  CHECK(exchanges[0].bytes == 65536);
  CHECK(exchanges[0].round_trip_seconds == Approx(1e-2));
  bad = dir.file("x2.txt", "65536 0\n");
  CHECK_THROWS_WITH(read_exchange_table(bad, "# exchange"),
                    bad + ":1: an exchange takes time: the time must be positive\n    65536 0");
  // tools/accuracy/pingpong.c's whole output (its ping-pongs would be read as exchanges) is refused
  std::string whole = dir.file("pp.txt", "1 2e-5\n# exchange 1 2.5e-5\n");
  CHECK_THROWS_WITH(read_exchange_table(whole, "# exchange"),
                    whole + ":2: this is tools/accuracy/pingpong.c's whole output, whose other lines would be read as "
                            "this table: give the table of its '# exchange SIZE TIME' lines "
                            "(sed -n 's/^# exchange //p' " + whole + ")\n    # exchange 1 2.5e-5");
  bad = dir.file("x3.txt", "65536\n");
  CHECK_THROWS_WITH(read_exchange_table(bad, "# exchange"),
                    bad + ":1: expected 'SIZE TIME' (2 fields), got 1 field\n    65536");

  auto bursts = read_bursts_table(dir.file("r.txt", "# tireplay bursts 1\n0 1e6 0.001\n3 2500000 2ms\n"));
  REQUIRE(bursts.size() == 2);
  CHECK(bursts[1].rank == 3);
  CHECK(bursts[1].flops == 2.5e6);
  CHECK(bursts[1].seconds == Approx(2e-3));
  bad = dir.file("d.txt", "0 1e6 0.001\nrank0 1e6 0.001\n");
  CHECK_THROWS_WITH(read_bursts_table(bad),
                    bad + ":2: field 1 (rank) 'rank0' is not a rank (a whole number below 1000000)\n"
                          "    rank0 1e6 0.001");
  bad = dir.file("e.txt", "0 -1e6 0.001\n");
  CHECK_THROWS_WITH(read_bursts_table(bad), bad + ":1: field 2 (flops) '-1e6' is not a number of flops (>= 0)\n"
                                                  "    0 -1e6 0.001");
}
