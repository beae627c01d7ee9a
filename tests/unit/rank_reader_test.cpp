// Unit tests of format/rank_reader: streaming one rank's file, line numbers, and InputError texts.
#include "format/rank_reader.hpp"

#include "tests/unit/test_support.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace tireplay;
using namespace tireplay::testing;
namespace fs = std::filesystem;

namespace {
struct Read {
  ActionKind kind;
  uint64_t line;
  uint64_t bytes;
  double flops;
};

std::vector<Read> read_all(RankReader& reader)
{
  std::vector<Read> out;
  Action a;
  while (reader.next(a))
    out.push_back({a.kind, reader.line(), a.bytes, a.flops});
  return out;
}

RankInput plain(const std::string& path)
{
  return RankInput{path, path, false};
}

} // namespace

TEST_CASE("comments and blank lines are skipped and still counted", "[reader]")
{
  TempDir dir;
  auto path = dir.file("r0.txt", "# a comment\n\n0 init\n   # indented comment\n0 compute 5e8\n \t \n0 finalize\n");
  RankReader reader(plain(path), 0, 2);
  CHECK(reader.file() == path);
  auto actions = read_all(reader);
  REQUIRE(actions.size() == 3);
  CHECK((actions[0].kind == ActionKind::Init && actions[0].line == 3));
  CHECK((actions[1].kind == ActionKind::Compute && actions[1].line == 5 && actions[1].flops == 5e8));
  CHECK((actions[2].kind == ActionKind::Finalize && actions[2].line == 7));
  Action a;
  CHECK_FALSE(reader.next(a));  // stays at the end
  CHECK(reader.line() == 7);
}

TEST_CASE("CRLF line endings", "[reader]")
{
  TempDir dir;
  auto path = dir.file("r0.txt", "0 init\r\n0 send 1 0 10\r\n\r\n# c\r\n0 finalize\r\n");
  RankReader reader(plain(path), 0, 2);
  auto actions = read_all(reader);
  REQUIRE(actions.size() == 3);
  CHECK((actions[1].kind == ActionKind::Send && actions[1].bytes == 10 && actions[1].line == 2));
  CHECK(actions[2].line == 5);
}

TEST_CASE("tabs separate fields", "[reader]")
{
  TempDir dir;
  auto path = dir.file("r0.txt", "0\tsend\t1\t0\t10\n\t0 compute\t7\t\n");
  RankReader reader(plain(path), 0, 2);
  auto actions = read_all(reader);
  REQUIRE(actions.size() == 2);
  CHECK((actions[0].kind == ActionKind::Send && actions[0].bytes == 10));
  CHECK((actions[1].kind == ActionKind::Compute && actions[1].flops == 7));
}

TEST_CASE("the last line needs no newline", "[reader]")
{
  TempDir dir;
  auto path = dir.file("r0.txt", "0 init\n0 compute 3");
  RankReader reader(plain(path), 0, 1);
  auto actions = read_all(reader);
  REQUIRE(actions.size() == 2);
  CHECK((actions[1].kind == ActionKind::Compute && actions[1].flops == 3 && actions[1].line == 2));
}

TEST_CASE("lines longer than the 64 KiB buffer", "[reader]")
{
  TempDir dir;
  std::string pad1(200000, ' '), pad2(100000, '\t');
  auto path = dir.file("r0.txt", "0 compute 5" + pad1 + "\n0 send 1 0" + pad2 + "10\n" + pad1 + "0 finalize");
  RankReader reader(plain(path), 0, 2);
  auto actions = read_all(reader);
  REQUIRE(actions.size() == 3);
  CHECK((actions[0].kind == ActionKind::Compute && actions[0].flops == 5 && actions[0].line == 1));
  CHECK((actions[1].kind == ActionKind::Send && actions[1].bytes == 10 && actions[1].line == 2));
  CHECK((actions[2].kind == ActionKind::Finalize && actions[2].line == 3));
}

TEST_CASE("many short lines across buffer refills", "[reader]")
{
  TempDir dir;
  std::string text;
  for (int i = 1; i <= 30000; i++)
    text += "0 compute " + std::to_string(i) + "\n";
  auto path = dir.file("r0.txt", text);
  RankReader reader(plain(path), 0, 1);
  auto actions = read_all(reader);
  REQUIRE(actions.size() == 30000);
  double sum = 0;
  bool lines_ok = true;
  for (size_t i = 0; i < actions.size(); i++) {
    sum += actions[i].flops;
    lines_ok = lines_ok && actions[i].line == i + 1 && actions[i].flops == static_cast<double>(i + 1);
  }
  CHECK(lines_ok);
  CHECK(sum == 30000.0 * 30001.0 / 2);
  CHECK(reader.bytes_consumed() == text.size());
}

TEST_CASE("state carries from line to line: init, paper format, communicators", "[reader]")
{
  TempDir dir;
  auto path = dir.file("r0.txt", "0 init 1\n0 send 1 0 10\n0 comm_split 1 2 0 3\n0 gatherv 5 1 2 0 comm=1\n"
                                 "p0 send p1 1000\n");
  RankReader reader(plain(path), 0, 4);
  Action a;
  REQUIRE(reader.next(a));
  REQUIRE(reader.next(a));
  CHECK(a.bytes == 80);
  REQUIRE(reader.next(a));
  REQUIRE(reader.next(a));
  CHECK((a.comm == 1 && a.recv_counts == std::vector<uint64_t>{8, 16}));
  REQUIRE(reader.next(a));
  CHECK((a.peer == 1 && a.tag == 0 && a.bytes == 8000));  // paper line, default datatype still MPI_DOUBLE
}

TEST_CASE("a line for another rank", "[reader][errors]")
{
  TempDir dir;
  auto path = dir.file("r0.txt", "0 init\n# c\n  1 compute 5  \n");
  RankReader reader(plain(path), 0, 2);
  Action a;
  REQUIRE(reader.next(a));
  CHECK_THROWS_AS(reader.next(a), InputError);
  RankReader again(plain(path), 0, 2);
  again.next(a);
  CHECK_THROWS_WITH(again.next(a), path + ":3: line for rank 1 in the trace of rank 0\n    1 compute 5");
}

TEST_CASE("a parse error gives FILE:LINE, the message and the trimmed line", "[reader][errors]")
{
  TempDir dir;
  auto path = dir.file("r0.txt", "0 init\n\n\t0 send 1 0 -5   \r\n");
  RankReader reader(plain(path), 0, 2);
  Action a;
  REQUIRE(reader.next(a));
  CHECK_THROWS_WITH(reader.next(a), path + ":3: send: field 'count' is negative: '-5' (expected: send <partner> "
                                           "<tag> <count> [datatype])\n    0 send 1 0 -5");
}

TEST_CASE("reader errors, one file per corruption", "[reader][errors]")
{
  TempDir dir;
  struct Case {
    const char* content;
    std::string message;  // after "FILE:"
  };
  const std::vector<Case> cases{
      {"x compute 5\n", "1: the first field is not a rank: 'x'\n    x compute 5"},
      {"\n-1 compute 5\n", "2: the first field is not a rank: '-1'\n    -1 compute 5"},
      {"0\n", "1: missing action name after the rank\n    0"},
      {"0 init\n0 bogus 1 2\n", "2: unknown action 'bogus' (known: " + kKnownActions + ")\n    0 bogus 1 2"},
      {"0 send 2 0 10\n", "1: send: field 'partner' is not a rank of a communicator of size 2: '2' (expected: send "
                          "<partner> <tag> <count> [datatype])\n    0 send 2 0 10"},
      {"0 barrier comm=3", "1: communicator 3 is not defined by an earlier comm_split or comm_dup\n    0 barrier comm=3"},
      {"p1 init\n", "1: line for rank 1 in the trace of rank 0\n    p1 init"},
  };
  int i = 0;
  for (const auto& c : cases) {
    auto path = dir.file("case" + std::to_string(i++) + ".txt", c.content);
    INFO(c.content);
    RankReader reader(plain(path), 0, 2);
    Action a;
    auto drain = [&] {
      while (reader.next(a)) {
      }
    };
    CHECK_THROWS_WITH(drain(), path + ":" + c.message);
  }
}

TEST_CASE("a missing file", "[reader][errors]")
{
  TempDir dir;
  std::string path = (dir.path / "nope.txt").string();
  CHECK_THROWS_WITH(RankReader(plain(path), 3, 4), path + ": cannot open the trace of rank 3: No such file or directory");
  CHECK_THROWS_AS(RankReader(plain(path), 3, 4), InputError);
  CHECK_THROWS_WITH(RankReader(RankInput{path, "shown.txt", false}, 0, 1),
                    "shown.txt: cannot open the trace of rank 0: No such file or directory");
}

TEST_CASE("numbered mode: each line carries its number in the user's file", "[reader]")
{
  TempDir dir;
  auto path = dir.file("copy.txt", "3\t0 init\n7\t0 compute 5\n12\t0 bogus\n");
  RankReader reader(RankInput{path, "orig.txt", true}, 0, 1);
  CHECK(reader.file() == "orig.txt");
  Action a;
  REQUIRE(reader.next(a));
  CHECK(reader.line() == 3);
  REQUIRE(reader.next(a));
  CHECK((reader.line() == 7 && a.flops == 5));
  CHECK_THROWS_WITH(reader.next(a), "orig.txt:12: unknown action 'bogus' (known: " + kKnownActions + ")\n    0 bogus");
}

TEST_CASE("empty and comment-only files hold no action", "[reader]")
{
  TempDir dir;
  Action a;
  RankReader empty(plain(dir.file("e.txt", "")), 0, 1);
  CHECK_FALSE(empty.next(a));
  CHECK(empty.line() == 0);
  RankReader comments(plain(dir.file("c.txt", "# a\n\n# b\n")), 0, 1);
  CHECK_FALSE(comments.next(a));
  CHECK(comments.line() == 3);
}

TEST_CASE("bytes_consumed counts the bytes read", "[reader]")
{
  TempDir dir;
  std::string text = "0 init\n# c\n0 compute 3\n";
  RankReader reader(plain(dir.file("r0.txt", text)), 0, 1);
  Action a;
  REQUIRE(reader.next(a));
  CHECK(reader.bytes_consumed() == 7);
  REQUIRE(reader.next(a));
  CHECK(reader.bytes_consumed() == text.size());
}

TEST_CASE("bytes_consumed equals the file size without a final newline", "[reader]")
{
  TempDir dir;
  std::string text = "0 init\n0 compute 3";
  RankReader reader(plain(dir.file("r0.txt", text)), 0, 1);
  Action a;
  while (reader.next(a)) {
  }
  CHECK(reader.bytes_consumed() == text.size());
  std::string comment = "0 init\n# no newline";  // a last line that is a comment
  RankReader again(plain(dir.file("r1.txt", comment)), 0, 1);
  while (again.next(a)) {
  }
  CHECK(again.bytes_consumed() == comment.size());
}

TEST_CASE("bytes_consumed in numbered mode counts the copy's bytes", "[reader]")
{
  TempDir dir;
  std::string copy = "3\t0 init\n7\t0 compute 5\n";
  RankReader reader(RankInput{dir.file("copy.txt", copy), "orig.txt", true}, 0, 1);
  Action a;
  REQUIRE(reader.next(a));
  CHECK(reader.bytes_consumed() == 9);
  while (reader.next(a)) {
  }
  CHECK(reader.bytes_consumed() == copy.size());
}
