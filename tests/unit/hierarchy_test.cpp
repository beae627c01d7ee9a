// Unit tests of models/hierarchy (the ranks' levels and each step's communicators) and models/local_group (where
// the LG all-to-all gathers each block, its rounds, equation 7), on small cases worked out by hand.
#include "models/hierarchy.hpp"
#include "models/local_group.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace tireplay::models;

namespace {

// 8 ranks: two clusters {0..3} and {4..7}; hosts of two ranks each: {0,1} {2,3} {4,5} {6,7}.
RankHierarchy two_clusters_of_two_hosts()
{
  return RankHierarchy({{0, 0, 0, 0, 1, 1, 1, 1}, {0, 0, 1, 1, 2, 2, 3, 3}});
}

} // namespace

TEST_CASE("hierarchy: the steps' communicators of a root-0 collective")
{
  RankHierarchy h = two_clusters_of_two_hosts();
  REQUIRE(h.levels() == 2);
  REQUIRE(h.steps() == 3);
  CHECK(h.step_members(0, 6, 0) == std::vector<int>{0, 4});     // the clusters' leaders
  CHECK(h.step_members(1, 6, 0) == std::vector<int>{4, 6});     // the hosts' leaders in cluster 1
  CHECK(h.step_members(2, 7, 0) == std::vector<int>{6, 7});     // the ranks of host 3
  CHECK(h.takes_part(0, 4, 0));
  CHECK_FALSE(h.takes_part(0, 6, 0));
  CHECK(h.takes_part(1, 6, 0));
  CHECK_FALSE(h.takes_part(1, 7, 0));
  CHECK(h.takes_part(2, 7, 0));
  CHECK(h.largest_step_members(1) == std::vector<int>{0, 2});
}

TEST_CASE("hierarchy: the root leads every group it belongs to")
{
  RankHierarchy h = two_clusters_of_two_hosts();
  CHECK(h.leader(0, 1, 7) == 7);
  CHECK(h.leader(1, 3, 7) == 7);
  CHECK(h.leader(1, 2, 7) == 4);  // not the root's host
  CHECK(h.leader(0, 0, 7) == 0);  // not the root's cluster
  CHECK(h.step_members(0, 1, 7) == std::vector<int>{0, 7});
  CHECK(h.step_members(1, 5, 7) == std::vector<int>{4, 7});
  CHECK_FALSE(h.takes_part(1, 6, 7));
}

TEST_CASE("local group: the paper's example, n1 = 3 and n2 = 7")
{
  // M_{7,2} (node 7 = local 4 of C2, to node 2 of C1) is gathered on node 8 = local 5 of C2 (floor(7/3) x 3 + 2).
  CHECK(local_group::holder(7, 4, 3, 2) == 5);
  // What C1 sends to node j of C2 is gathered on its node j mod 3: node 9 = local 6 -> node 0.
  CHECK(local_group::holder(3, 1, 7, 6) == 0);
  // The last group of C2 has one node (local 6): it carries its blocks for every node of C1.
  for (int b = 0; b < 3; b++)
    CHECK(local_group::holder(7, 6, 3, b) == 6);
  // Node 0 of C1 keeps its own block and carries its blocks for C2's local 0, 3, 6: 4 blocks; for C1's node 1,
  // its own block and C2's local 1, 4.
  CHECK(local_group::blocks_carried(3, 0, 0, {7}) == 4);
  CHECK(local_group::blocks_carried(3, 0, 1, {7}) == 3);
}

TEST_CASE("local group: every block of a cluster is carried once")
{
  for (int n_from : {1, 3, 5, 8})
    for (int n_to : {1, 2, 5, 7, 11})
      for (int a = 0; a < n_from; a++) {
        int total = 0;
        for (int h = 0; h < n_from; h++)
          total += local_group::blocks_carried(n_from, a, h, {n_to});
        CHECK(total == n_from + n_to);  // its block for each local node and for each remote one
      }
}

TEST_CASE("local group: round-robin rounds pair every two clusters once, disjointly")
{
  for (int k = 2; k <= 7; k++) {
    std::set<std::pair<int, int>> pairs;
    for (const auto& round : local_group::rounds(k)) {
      std::set<int> busy;
      for (auto [a, b] : round) {
        CHECK(a < b);
        CHECK(busy.insert(a).second);
        CHECK(busy.insert(b).second);
        CHECK(pairs.insert({a, b}).second);
      }
    }
    CHECK(static_cast<int>(pairs.size()) == k * (k - 1) / 2);
  }
}

TEST_CASE("local group: equation 7")
{
  // 30 and 30 nodes: one step of a 30-block packet. 3 and 7: three steps of 3-block packets.
  CHECK(local_group::equation7(0.2, 0.1, 30, 30, 1000, 0.005, 1e-8) == Approx(0.2 + 0.005 + 1e-8 * 1000 * 30));
  CHECK(local_group::equation7(0.1, 0.3, 3, 7, 1000, 0.005, 1e-8) == Approx(0.3 + 3 * (0.005 + 1e-8 * 3000)));
}
