// Unit tests of models/grid_bcast: the section 5 heuristics of the adaptive-collectives paper on a 3-cluster
// instance small enough to schedule by hand. Root 0; g(m) in seconds: g01 = 2, g02 = 5, g12 = 1 (symmetric);
// L = 0.5 s but L02 = L20 = 0.4 s; internal broadcasts T = (1, 1, 10) s.
#include "models/grid_bcast.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace tireplay::models;

namespace {

GridBcastInstance three_clusters()
{
  GridBcastInstance in;
  in.clusters = 3;
  in.latency  = {0, 0.5, 0.4, 0.5, 0, 0.5, 0.4, 0.5, 0};
  in.gap      = {0, 2, 5, 2, 0, 1, 5, 1, 0};
  in.internal = {1, 1, 10};
  return in;
}

double makespan(const char* heuristic)
{
  return schedule_grid_bcast(grid_heuristic(heuristic), three_clusters()).makespan_seconds;
}

} // namespace

TEST_CASE("flat tree: the root sends to 1, then to 2", "[models][grid]")
{
  GridSchedule s = schedule_grid_bcast(grid_heuristic("flat_tree"), three_clusters());
  REQUIRE(s.transfers.size() == 2);
  CHECK(s.transfers[0].to == 1);
  CHECK(s.transfers[0].arrival_seconds == Approx(2.5));  // 0 + g01 + L01
  CHECK(s.transfers[1].from == 0);
  CHECK(s.transfers[1].start_seconds == Approx(2));      // the root is busy g01 = 2 s
  CHECK(s.transfers[1].arrival_seconds == Approx(7.4));  // 2 + 5 + 0.4
  // ends: root 2 + 5 + T0 = 8, cluster 1 at 2.5 + 1 = 3.5, cluster 2 at 7.4 + 10 = 17.4
  CHECK(s.finished[0] == Approx(8));
  CHECK(s.finished[1] == Approx(3.5));
  CHECK(s.makespan_seconds == Approx(17.4));
}

TEST_CASE("FEF takes the lowest latency first: 0 -> 2 (0.4 s), then 0 -> 1 on a tie", "[models][grid]")
{
  // 0 -> 2 arrives at 5.4 (root free at 5); then L01 = L21 = 0.5: the smallest sender, 0, starts at 5,
  // arrives at 7.5. Ends: root 7 + 1 = 8, cluster 1 at 8.5, cluster 2 at 5.4 + 10 = 15.4.
  CHECK(makespan("fef") == Approx(15.4));
}

TEST_CASE("ECEF relays through the cluster that received first", "[models][grid]")
{
  // Round 1: 0 -> 1 arrives at 2.5 (0 -> 2 at 5.4). Round 2: 0 -> 2 at 2 + 5.4 = 7.4, 1 -> 2 at 2.5 + 1.5 = 4.
  GridSchedule s = schedule_grid_bcast(grid_heuristic("ecef"), three_clusters());
  REQUIRE(s.transfers.size() == 2);
  CHECK(s.transfers[1].from == 1);
  CHECK(s.holds_message[2] == Approx(4));
  CHECK(s.makespan_seconds == Approx(14));  // 4 + T2
  // ECEF-LA: F_1 = F_2 = g12 + L12 = 1.5, so round 1 is the same; round 2 has one receiver (F = 0).
  CHECK(makespan("ecef_la") == Approx(14));
}

TEST_CASE("the T-aware lookaheads and BottomUp serve the slow cluster 2 first", "[models][grid]")
{
  // ECEF-LAt: F_1 = g12 + L12 + T2 = 11.5, F_2 = g21 + L21 + T1 = 2.5: 0 -> 1 scores 2.5 + 11.5 = 14,
  // 0 -> 2 scores 5.4 + 2.5 = 7.9. Round 2: 0 -> 1 arrives at 5 + 2.5 = 7.5, 2 -> 1 at 5.4 + 1.5 = 6.9.
  // Ends: root 5 + 1 = 6, cluster 1 at 6.9 + 1 = 7.9, cluster 2 at 5.4 + 1 + 10 = 16.4.
  GridSchedule s = schedule_grid_bcast(grid_heuristic("ecef_lat"), three_clusters());
  REQUIRE(s.transfers.size() == 2);
  CHECK(s.transfers[0].to == 2);
  CHECK(s.transfers[1].from == 2);
  CHECK(s.makespan_seconds == Approx(16.4));
  // With one other receiver, max and min lookaheads agree.
  CHECK(makespan("ecef_lat_max") == Approx(16.4));
  // BottomUp: cluster 1 could end at 2.5 + 1 = 3.5, cluster 2 at 5.4 + 10 = 15.4: serve 2 first; then 2 -> 1.
  CHECK(makespan("bottom_up") == Approx(16.4));
}

TEST_CASE("every heuristic reaches every cluster once, whatever the root", "[models][grid]")
{
  GridBcastInstance in = three_clusters();
  in.root              = 2;
  for (const auto& h : grid_heuristics()) {
    GridSchedule s = schedule_grid_bcast(h, in);
    CHECK(s.transfers.size() == 2);
    CHECK(s.holds_message[2] == 0);
    for (const auto& t : s.transfers)
      CHECK(t.to != 2);
  }
}

TEST_CASE("unknown heuristics and roots are refused with the list of names", "[models][grid]")
{
  CHECK_THROWS_WITH(grid_heuristic("ecef_x"), Catch::Contains("unknown grid heuristic 'ecef_x'") &&
                                                  Catch::Contains("ecef_lat_max"));
  GridBcastInstance in = three_clusters();
  in.root              = 3;
  CHECK_THROWS_AS(schedule_grid_bcast(grid_heuristic("ecef"), in), std::invalid_argument);
}
