// Unit tests of format/trace_source: index files, shared files, directories, and their errors.
#include "format/trace_source.hpp"

#include "tests/unit/test_support.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace tireplay;
using namespace tireplay::testing;
namespace fs = std::filesystem;

namespace {
// Changes the working directory for the scope.
struct InDirectory {
  fs::path saved = fs::current_path();
  explicit InDirectory(const fs::path& dir) { fs::current_path(dir); }
  ~InDirectory() { fs::current_path(saved); }
};

// (kind, line) of every action of one rank.
std::vector<std::pair<ActionKind, uint64_t>> read_rank(const TraceInputs& in, int rank)
{
  RankReader reader(in.ranks.at(rank), rank, static_cast<int>(in.ranks.size()));
  std::vector<std::pair<ActionKind, uint64_t>> out;
  Action a;
  while (reader.next(a))
    out.emplace_back(a.kind, reader.line());
  return out;
}

using Lines = std::vector<std::pair<ActionKind, uint64_t>>;
constexpr auto Init = ActionKind::Init;
constexpr auto Fin  = ActionKind::Finalize;
constexpr auto Comp = ActionKind::Compute;
} // namespace

TEST_CASE("index file: per-rank files beside the index", "[source]")
{
  TempDir dir;
  REQUIRE_FALSE(fs::exists("ut-r0.txt"));  // not found from the working directory
  auto r0    = dir.file("ut-r0.txt", "0 init\n0 finalize\n");
  auto r1    = dir.file("ut-r1.txt", "1 init\n");
  auto index = dir.file("index.txt", "# ranks\nut-r0.txt\n\n  ut-r1.txt  \r\n");
  TraceInputs in = open_trace(index, 0);
  REQUIRE(in.ranks.size() == 2);
  CHECK((in.ranks[0].path == r0 && in.ranks[0].display_path == r0 && !in.ranks[0].numbered));
  CHECK((in.ranks[1].path == r1 && in.ranks[1].display_path == r1 && !in.ranks[1].numbered));
  CHECK(in.total_bytes == 18 + 7);
  CHECK(in.temp_dir.empty());
  CHECK(read_rank(in, 0) == Lines{{Init, 1}, {Fin, 2}});
  CHECK(open_trace(index, 2).ranks.size() == 2);
}

TEST_CASE("index file: entries are found from the working directory first, then absolute", "[source]")
{
  TempDir a, b;
  a.file("sub/r0.txt", "0 init\n");
  auto abs1  = b.file("sub/r1.txt", "1 compute 1\n");
  auto index = a.file("index.txt", "sub/r0.txt\n" + abs1 + "\n");
  b.file("sub/r0.txt", "0 compute 1\n");
  InDirectory cwd(b.path);
  TraceInputs in = open_trace(index, 0);
  REQUIRE(in.ranks.size() == 2);
  CHECK(in.ranks[0].path == "sub/r0.txt");  // relative to the working directory, as SimGrid does
  CHECK(in.ranks[1].path == abs1);
  CHECK(read_rank(in, 0) == Lines{{Comp, 1}});
}

TEST_CASE("index file errors", "[source][errors]")
{
  TempDir dir;
  dir.file("ut-r0.txt", "0 init\n");
  dir.file("ut-r1.txt", "1 init\n");
  auto index = dir.file("index.txt", "ut-r0.txt\nut-r1.txt\n");
  CHECK_THROWS_WITH(open_trace(index, 1), index + ": the trace has 2 ranks, more than --np 1");
  CHECK_THROWS_WITH(open_trace(index, 3), index + ": the index lists 2 rank files, fewer than --np 3");
  auto broken = dir.file("broken.txt", "ut-r0.txt\n# c\nut-nope.txt\n");
  CHECK_THROWS_WITH(open_trace(broken, 0), broken + ":3: missing rank file 'ut-nope.txt'");
  CHECK_THROWS_AS(open_trace(broken, 0), InputError);
}

TEST_CASE("a one-line index names a shared file", "[source]")
{
  TempDir dir;
  auto shared = dir.file("ut-shared.txt", "0 init\n1 init\n0 finalize\n1 finalize\n");
  auto index  = dir.file("index.txt", "ut-shared.txt\n");
  TraceInputs in = open_trace(index, 0);
  REQUIRE(in.ranks.size() == 2);
  CHECK(in.ranks[1].display_path == shared);
  CHECK(in.ranks[1].numbered);
  CHECK_FALSE(in.temp_dir.empty());
  CHECK(read_rank(in, 1) == Lines{{Init, 2}, {Fin, 4}});
}

TEST_CASE("a shared file is demultiplexed, messages name the user's file and line", "[source]")
{
  TempDir dir;
  auto shared = dir.file("shared.txt", "# a shared trace\n0 init\n1 init\n\n0 compute 1\n  2 init\r\n1 bogus 3\n");
  TraceInputs in = open_trace(shared, 0);
  REQUIRE(in.ranks.size() == 3);
  for (const auto& r : in.ranks) {
    CHECK(r.display_path == shared);
    CHECK(r.numbered);
    CHECK(fs::path(r.path).parent_path() == fs::path(in.temp_dir));
  }
  // total_bytes is the size of the demultiplexed copies, which the readers consume: each action line, trimmed,
  // behind its line number and a tab.
  CHECK(in.total_bytes == std::string("2\t0 init\n3\t1 init\n5\t0 compute 1\n6\t2 init\n7\t1 bogus 3\n").size());
  CHECK(read_rank(in, 0) == Lines{{Init, 2}, {Comp, 5}});
  CHECK(read_rank(in, 2) == Lines{{Init, 6}});
  RankReader reader(in.ranks[1], 1, 3);
  Action a;
  REQUIRE(reader.next(a));
  CHECK(reader.line() == 3);
  CHECK_THROWS_WITH(reader.next(a), shared + ":7: unknown action 'bogus' (known: " + testing::kKnownActions +
                                             ")\n    1 bogus 3");
}

TEST_CASE("a shared file with --np", "[source]")
{
  TempDir dir;
  auto shared = dir.file("shared.txt", "0 init\n1 init\n# c\n2 init\n");
  CHECK(open_trace(shared, 3).ranks.size() == 3);
  CHECK_THROWS_WITH(open_trace(shared, 2), shared + ":4: line for rank 2 but --np is 2\n    2 init");
  CHECK_THROWS_WITH(open_trace(shared, 4), shared + ": no line for rank 3 (--np 4)");
  auto gap = dir.file("gap.txt", "0 init\n2 init\n");  // documented: rank 1 has an empty trace
  TraceInputs in = open_trace(gap, 0);
  REQUIRE(in.ranks.size() == 3);
  CHECK(read_rank(in, 1).empty());
}

TEST_CASE("shared file errors", "[source][errors]")
{
  TempDir dir;
  auto bad_rank = dir.file("a.txt", "0 init\nfoo bar\n");
  CHECK_THROWS_WITH(open_trace(bad_rank, 0), bad_rank + ":2: the first field is not a rank: 'foo'\n    foo bar");
  auto too_big = dir.file("b.txt", "0 init\n\n1000001 init\n");
  CHECK_THROWS_WITH(open_trace(too_big, 0),
                    too_big + ":3: rank 1000001 is out of range (a trace has ranks 0 to 999999)\n    1000001 init");
}

TEST_CASE("the temporary directory of a shared trace goes with TraceInputs", "[source]")
{
  TempDir dir;
  auto shared = dir.file("shared.txt", "0 init\n1 init\n");
  std::string temp;
  {
    TraceInputs in = open_trace(shared, 0);
    temp           = in.temp_dir;
    REQUIRE_FALSE(temp.empty());
    CHECK(fs::is_directory(temp));
    CHECK(fs::exists(in.ranks[1].path));
    TraceInputs moved(std::move(in));
    CHECK(in.temp_dir.empty());
    CHECK(moved.temp_dir == temp);
    CHECK(fs::is_directory(temp));  // the moved-from object removes nothing
  }
  CHECK_FALSE(fs::exists(temp));
}

TEST_CASE("a directory of per-rank files", "[source]")
{
  TempDir dir;
  auto b = dir.file("b.txt", "# rank zero\n\n0 init\n");
  auto a = dir.file("a.txt", "1 init\n1 finalize\n");
  dir.file("README", "This directory holds a trace.\n");
  dir.file("index.txt", "a.txt\nb.txt\n");
  dir.file("empty.txt", "");
  dir.file("sub/c.txt", "2 init\n");  // subdirectories are not read
  TraceInputs in = open_trace(dir.str(), 0);
  REQUIRE(in.ranks.size() == 2);
  CHECK((in.ranks[0].path == b && in.ranks[0].display_path == b && !in.ranks[0].numbered));
  CHECK(in.ranks[1].path == a);
  CHECK(in.total_bytes == fs::file_size(a) + fs::file_size(b));
  CHECK(in.temp_dir.empty());
  CHECK(read_rank(in, 0) == Lines{{Init, 3}});
  CHECK(open_trace(dir.str(), 2).ranks.size() == 2);
}

TEST_CASE("directory errors", "[source][errors]")
{
  SECTION("two files for one rank")
  {
    TempDir dir;
    auto x = dir.file("x.txt", "0 init\n");
    auto y = dir.file("y.txt", "\n# c\n0 init\n");
    CHECK_THROWS_WITH(open_trace(dir.str(), 0), y + ":3: rank 0 already has a trace: " + x);
  }
  SECTION("a missing rank")
  {
    TempDir dir;
    dir.file("r0.txt", "0 init\n");
    dir.file("r2.txt", "2 init\n");
    CHECK_THROWS_WITH(open_trace(dir.str(), 0), dir.str() + ": no trace file for rank 1");
  }
  SECTION("--np larger or smaller than the rank count")
  {
    TempDir dir;
    dir.file("r0.txt", "0 init\n");
    dir.file("r1.txt", "1 init\n");
    CHECK_THROWS_WITH(open_trace(dir.str(), 3), dir.str() + ": no trace file for rank 2");
    CHECK_THROWS_WITH(open_trace(dir.str(), 1), dir.str() + ": the trace has 2 ranks, more than --np 1");
  }
  SECTION("no trace file")
  {
    TempDir dir;
    dir.file("README", "nothing here\n");
    CHECK_THROWS_WITH(open_trace(dir.str(), 0), dir.str() + ": no trace file in this directory (not traces, their first line being no action: README)");
  }
}

TEST_CASE("empty traces and missing paths", "[source][errors]")
{
  TempDir dir;
  auto empty = dir.file("empty.txt", "");
  CHECK_THROWS_WITH(open_trace(empty, 0), empty + ": the trace is empty");
  auto comments = dir.file("comments.txt", "# only\n\n  # comments\n");
  CHECK_THROWS_WITH(open_trace(comments, 0), comments + ": the trace is empty");
  std::string nope = (dir.path / "nope").string();
  CHECK_THROWS_WITH(open_trace(nope, 0), nope + ": no such trace file or directory");
  CHECK_THROWS_AS(open_trace(nope, 0), InputError);
}


TEST_CASE("a shared trace that starts with an unknown action is read as a trace", "[source][errors]")
{
  // `<rank> <word>` reads as an action even if the word is no action name, so the reader says what is wrong
  // (rather than the trace being taken for an index that names a file '0 bogus 1').
  TempDir dir;
  auto shared = dir.file("shared.txt", "# c\n0 bogus 1\n1 init\n");
  TraceInputs in = open_trace(shared, 0);
  REQUIRE(in.ranks.size() == 2);
  CHECK(in.ranks[0].display_path == shared);
  CHECK(in.ranks[0].numbered);
  CHECK(read_rank(in, 1) == Lines{{Init, 3}});
  RankReader reader(in.ranks[0], 0, 2);
  Action a;
  CHECK_THROWS_AS(reader.next(a), InputError);
  RankReader again(in.ranks[0], 0, 2);
  CHECK_THROWS_WITH(again.next(a), shared + ":2: unknown action 'bogus' (known: " + kKnownActions + ")\n    0 bogus 1");
}

TEST_CASE("a first line '0 bogus 1' of a shared trace fails on its first read", "[source][errors]")
{
  TempDir dir;
  auto shared = dir.file("shared.txt", "0 bogus 1\n1 init\n");
  TraceInputs in = open_trace(shared, 0);
  REQUIRE(in.ranks.size() == 2);
  RankReader reader(in.ranks[0], 0, 2);
  Action a;
  CHECK_THROWS_WITH(reader.next(a), shared + ":1: unknown action 'bogus' (known: " + kKnownActions + ")\n    0 bogus 1");
}

TEST_CASE("a directory file whose first line is '<rank> <word>' is a trace file", "[source][errors]")
{
  TempDir dir;
  auto r0 = dir.file("r0.txt", "0 bogus 1\n0 finalize\n");
  auto r1 = dir.file("r1.txt", "1 init\n");
  dir.file("numbers.txt", "3 14\n");  // a second field that does not start with a letter: not a trace file
  TraceInputs in = open_trace(dir.str(), 0);
  REQUIRE(in.ranks.size() == 2);
  CHECK(in.ranks[0].path == r0);
  CHECK(in.ranks[1].path == r1);
  CHECK(read_rank(in, 1) == Lines{{Init, 1}});
  RankReader reader(in.ranks[0], 0, 2);
  Action a;
  CHECK_THROWS_WITH(reader.next(a), r0 + ":1: unknown action 'bogus' (known: " + kKnownActions + ")\n    0 bogus 1");
}

TEST_CASE("the bytes of a shared trace add up to total_bytes", "[source]")
{
  TempDir dir;
  auto shared = dir.file("shared.txt", "0 compute 1\n# comment\n1 compute 1\n\n  0 init  \n");
  TraceInputs in = open_trace(shared, 0);
  uint64_t consumed = 0;
  for (int rank = 0; rank < 2; rank++) {
    RankReader reader(in.ranks[rank], rank, 2);
    Action a;
    while (reader.next(a)) {
    }
    consumed += reader.bytes_consumed();
  }
  // "1\t0 compute 1\n" + "5\t0 init\n" + "3\t1 compute 1\n"
  CHECK(in.total_bytes == 14 + 9 + 14);
  CHECK(consumed == in.total_bytes);
}

TEST_CASE("the bytes of per-rank files add up to total_bytes", "[source]")
{
  TempDir dir;
  dir.file("r0.txt", "0 init\n# c\n0 compute 1");  // no final newline
  dir.file("r1.txt", "1 init\n\n");
  auto index = dir.file("index.txt", "r0.txt\nr1.txt\n");
  for (const std::string& path : {dir.str(), index}) {
    INFO(path);
    TraceInputs in = open_trace(path, 0);
    REQUIRE(in.ranks.size() == 2);
    uint64_t consumed = 0;
    for (int rank = 0; rank < 2; rank++) {
      RankReader reader(in.ranks[rank], rank, 2);
      Action a;
      while (reader.next(a)) {
      }
      consumed += reader.bytes_consumed();
    }
    CHECK(in.total_bytes == 22 + 8);
    CHECK(consumed == in.total_bytes);
  }
}

TEST_CASE("shared file: ranks without lines share one empty copy (a line for rank 90000 makes 3 files, not 90001)",
          "[source]")
{
  // Found by tests/fuzz's trace_path target: the split used to make a file for every rank up to the largest.
  TempDir dir;
  auto shared    = dir.file("sparse.txt", "0 init\n90000 compute 1e6\n0 finalize\n");
  TraceInputs in = open_trace(shared, 0);
  REQUIRE(in.ranks.size() == 90001);
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(in.temp_dir)) {
    (void)entry;
    files++;
  }
  CHECK(files == 3);
  CHECK(read_rank(in, 0) == Lines{{Init, 1}, {Fin, 3}});
  CHECK(read_rank(in, 90000) == Lines{{Comp, 2}});
  CHECK(read_rank(in, 4567).empty());
  CHECK(in.ranks[1].path == in.ranks[89999].path);
}
