// Unit tests of src/report/regression: tolerances, the comparison rule, baseline errors.
#include "src/report/regression.hpp"
#include "tests/unit/test_support.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace tireplay;
using Catch::Matchers::Contains;

namespace {

ReplayResult result_of(double time, std::vector<RankStats> ranks)
{
  ReplayResult r;
  r.simulated_time = time;
  r.ranks          = std::move(ranks);
  return r;
}

} // namespace

TEST_CASE("tolerances read as percentages or fractions", "[check]")
{
  CHECK(parse_tolerance("2%") == Approx(0.02));
  CHECK(parse_tolerance("0.05") == Approx(0.05));
  CHECK(parse_tolerance("0") == 0);
  for (const char* bad : {"", "%", "two", "2%%", "-1%", "5 %", "nan"})
    CHECK_THROWS_WITH(parse_tolerance(bad), Contains("--tolerance: expected a percentage"));
}

TEST_CASE("the predicted time and each per-rank value are held to the tolerance", "[check]")
{
  Baseline base{10.0, {{2.0, 7.0, 1.0, 10.0, 5}, {9.0, 0.9, 0.01, 9.91, 5}}};
  // Unchanged, and changes within 2%: no difference.
  CHECK(compare(base, result_of(10.0, base.ranks), 0.02).empty());
  CHECK(compare(base, result_of(10.19, {{2.03, 7.1, 1.01, 10.19}, {9.1, 0.91, 0.01, 9.99}}), 0.02).empty());
  // 5% slower: the time, rank 0's comm and both finishes.
  auto d = compare(base, result_of(10.5, {{2.0, 7.5, 1.0, 10.5}, {9.0, 0.9, 0.01, 10.5}}), 0.02);
  REQUIRE(d.size() == 4);
  CHECK((d[0].rank == -1 && d[0].what == "predicted time" && d[0].before == 10.0 && d[0].after == 10.5));
  CHECK((d[1].rank == 0 && d[1].what == "comm"));
  CHECK((d[2].rank == 0 && d[2].what == "finish"));
  CHECK((d[3].rank == 1 && d[3].what == "finish"));
  // A value under 1% of the predicted time (0.01 s of 10 s) may move by 2% of 0.1 s = 2 ms, not more.
  CHECK(compare(base, result_of(10.0, {base.ranks[0], {9.0, 0.9, 0.0119, 9.91}}), 0.02).empty());
  d = compare(base, result_of(10.0, {base.ranks[0], {9.0, 0.9, 0.0121, 9.91}}), 0.02);
  REQUIRE(d.size() == 1);
  CHECK((d[0].rank == 1 && d[0].what == "wait"));
  // Faster is a change too.
  CHECK(compare(base, result_of(9.0, {{2.0, 6.0, 1.0, 9.0}, {8.0, 0.9, 0.01, 9.0}}), 0.02).size() == 5);
  CHECK_THROWS_WITH(compare(base, result_of(10.0, {base.ranks[0]}), 0.02),
                    Contains("the baseline has 2 ranks, the replay 1"));
}

TEST_CASE("a bad baseline names its file and field", "[check]")
{
  tireplay::testing::TempDir dir;
  auto write = [&](const std::string& text) {
    std::string path = (dir.path / "b.json").string();
    std::ofstream(path) << text;
    return path;
  };
  std::string path = write("{\"simulated_time\": 1.5, \"per_rank\": [{\"compute_seconds\": 1, \"comm_seconds\": 0.5, "
                           "\"wait_seconds\": 0, \"finish_time\": 1.5}]}");
  Baseline b = read_baseline(path);
  CHECK(b.simulated_time == 1.5);
  REQUIRE(b.ranks.size() == 1);
  CHECK(b.ranks[0].comm_seconds == 0.5);
  CHECK_THROWS_WITH(read_baseline(write("{\"per_rank\": []}")), Contains("b.json: field 'simulated_time' is missing"));
  CHECK_THROWS_WITH(read_baseline(write("{\"simulated_time\": 1, \"per_rank\": [{\"compute_seconds\": 1}]}")),
                    Contains("b.json: per_rank[0]: field 'comm_seconds' is missing"));
  CHECK_THROWS_WITH(read_baseline(write("{\"simulated_time\": \"1\"")), Contains("b.json: not a JSON baseline"));
  CHECK_THROWS_WITH(read_baseline((dir.path / "none.json").string()),
                    Contains("none.json: cannot read the baseline (record one with --write-baseline)"));
}
