// Unit tests of models/reduction_trees: the trees and schedules of Canon and Antoniu, "Scheduling Associative
// Reductions with Homogeneous Costs when Overlapping Communications and Computations" (INRIA RR-7898, 2012).
// No simulation: expected values are the paper's propositions, or schedules worked out by hand below.
#include "models/reduction_trees.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tireplay::models;

namespace {

// d/c ratios from "no computation" to "no transfer" (Algorithm 1 only sees d + c and max(d, c)).
const std::vector<ReductionCosts> kCosts{{1, 0}, {1, 0.1}, {1, 0.5}, {1, 1}, {0.5, 1}, {1, 3}, {0, 1}, {2.5, 2.5}};

int ceil_log2(int n)
{
  int k = 0;
  while ((1 << k) < n)
    k++;
  return k;
}

/// Checks a schedule against the execution model (paper 3.1) without reusing the library's scheduler.
void check_schedule(const ReductionTree& t, ReductionCosts costs)
{
  const double d = costs.transfer_time;
  const double c = costs.reduction_time;
  const int n    = t.size();
  REQUIRE(t.parent[0] == -1);
  REQUIRE(t.children.size() == static_cast<size_t>(n));
  std::vector<int> listed(n, 0);
  for (int r = 0; r < n; r++)
    for (int child : t.children[r]) {
      REQUIRE(t.parent[child] == r);
      listed[child]++;
    }
  for (int r = 1; r < n; r++) {
    REQUIRE(listed[r] == 1);
    for (int up = r, steps = 0; up != 0; up = t.parent[up], steps++)  // reaches the root
      REQUIRE(steps < n);
    CHECK(t.send_end[r] == Approx(t.send_start[r] + d));
    CHECK(t.send_start[r] >= t.result_time[r] - 1e-9);  // sends its partial result once it has it
  }
  for (int r = 0; r < n; r++) {
    // One port: incoming transfers in the listed order, one after the other. Proposition 2 with equality:
    // result = max_j (t^j + d + (m - j) max(d, c) + c), the t^j in increasing order.
    const auto& incoming = t.children[r];
    const int m          = static_cast<int>(incoming.size());
    double expected      = 0;
    for (int j = 0; j < m; j++) {
      if (j > 0)
        CHECK(t.send_start[incoming[j]] >= t.send_end[incoming[j - 1]] - 1e-9);
      expected = std::max(expected, t.send_start[incoming[j]] + d + (m - 1 - j) * std::max(d, c) + c);
    }
    CHECK(t.result_time[r] == Approx(expected).margin(1e-9));
  }
  CHECK(t.length == t.result_time[0]);
}

/// A rooted tree's shape as a string (children's shapes sorted): equal iff the trees are isomorphic.
std::string shape(const ReductionTree& t, int r = 0)
{
  std::vector<std::string> below;
  for (int child : t.children[r])
    below.push_back(shape(t, child));
  std::sort(below.begin(), below.end());
  std::string s = "(";
  for (const auto& b : below)
    s += b;
  return s + ")";
}

} // namespace

TEST_CASE("fibonacci_number", "[reduction_trees]")
{
  CHECK(fibonacci_number(0) == 0);
  CHECK(fibonacci_number(1) == 1);
  CHECK(fibonacci_number(2) == 1);
  CHECK(fibonacci_number(7) == 13);
  CHECK(fibonacci_number(20) == 6765);
  CHECK(fibonacci_number(92) == 7540113804746346429LL);
}

TEST_CASE("Proposition 13: a binomial tree of order k reduces 2^k elements in k(d + c)", "[reduction_trees]")
{
  for (const auto& costs : kCosts)
    for (int k = 0; k <= 12; k++) {
      INFO("k = " << k << ", d = " << costs.transfer_time << ", c = " << costs.reduction_time);
      ReductionTree tree = binomial_tree_of_order(k, costs);
      CHECK(tree.size() == (1 << k));
      CHECK(binomial_tree_length(k, costs) == Approx(k * (costs.transfer_time + costs.reduction_time)));
      CHECK(tree.length == Approx(binomial_tree_length(k, costs)).margin(1e-12));
    }
}

TEST_CASE("Proposition 16: a Fibonacci tree of order k reduces F(k+2) elements in d + (k-1)max(d,c) + c",
          "[reduction_trees]")
{
  SECTION("d = c, as Theorem 17 states it")
  {
    for (double d : {1.0, 0.5, 3.0})
      for (int k = 1; k <= 20; k++) {
        INFO("k = " << k << ", d = c = " << d);
        ReductionTree tree = fibonacci_tree_of_order(k, {d, d});
        CHECK(tree.size() == fibonacci_number(k + 2));
        CHECK(tree.length == Approx(d + (k - 1) * d + d));
        CHECK(fibonacci_tree_length(k, {d, d}) == Approx(d + (k - 1) * d + d));
      }
  }
  SECTION("any d and c, as Proposition 16 states it")
  {
    for (const auto& costs : kCosts)
      for (int k = 1; k <= 16; k++) {
        INFO("k = " << k << ", d = " << costs.transfer_time << ", c = " << costs.reduction_time);
        CHECK(fibonacci_tree_of_order(k, costs).length == Approx(fibonacci_tree_length(k, costs)).margin(1e-12));
      }
  }
  SECTION("orders -1 and 0 are one element, reduced in no time")
  {
    CHECK(fibonacci_tree_of_order(-1, {1, 1}).size() == 1);
    CHECK(fibonacci_tree_of_order(0, {1, 1}).length == 0);
    CHECK(fibonacci_tree_length(0, {1, 1}) == 0);
  }
}

TEST_CASE("Algorithm 1 lies between Lemma 5 and Proposition 6 for n up to 10,000", "[reduction_trees]")
{
  // ceil(log2 n) max(d, c) <= optimal length <= ceil(log2 n) (d + c).
  for (const auto& costs : kCosts) {
    const double d = costs.transfer_time;
    const double c = costs.reduction_time;
    std::vector<double> lengths = greedy_lengths(10000, costs);
    int outside                 = 0;
    for (int n = 1; n <= 10000; n++) {
      const double lower = ceil_log2(n) * std::max(d, c);
      const double upper = ceil_log2(n) * (d + c);
      outside += lengths[n] < lower - 1e-9 || lengths[n] > upper + 1e-9;
    }
    INFO("d = " << d << ", c = " << c);
    CHECK(outside == 0);
    CHECK(greedy_length(10000, costs) == lengths[10000]);
  }
}

TEST_CASE("Algorithm 1's trees schedule to the algorithm's own length", "[reduction_trees]")
{
  for (const auto& costs : kCosts) {
    std::vector<double> lengths = greedy_lengths(4096, costs);
    for (int n : {1, 2, 3, 5, 8, 13, 100, 127, 128, 129, 1000, 4096}) {
      INFO("n = " << n << ", d = " << costs.transfer_time << ", c = " << costs.reduction_time);
      ReductionTree tree = greedy_tree(n, costs);
      CHECK(tree.length == Approx(lengths[n]).margin(1e-9));
      check_schedule(tree, costs);
    }
  }
}

TEST_CASE("Theorems 14 and 17: Algorithm 1 builds binomial and Fibonacci trees", "[reduction_trees]")
{
  for (int k = 0; k <= 10; k++) {  // min(d, c) = 0, n = 2^k
    INFO("binomial order " << k);
    CHECK(shape(greedy_tree(1 << k, {1, 0})) == shape(binomial_tree_of_order(k, {1, 0})));
    CHECK(shape(greedy_tree(1 << k, {0, 2})) == shape(binomial_tree_of_order(k, {0, 2})));
    CHECK(shape(binomial_strategy_tree(1 << k, {1, 1})) == shape(binomial_tree_of_order(k, {1, 1})));
  }
  for (int k = 1; k <= 14; k++) {  // d = c, n = F(k+2)
    INFO("Fibonacci order " << k);
    const int n = static_cast<int>(fibonacci_number(k + 2));
    CHECK(shape(greedy_tree(n, {2, 2})) == shape(fibonacci_tree_of_order(k, {2, 2})));
    CHECK(shape(fibonacci_strategy_tree(n, {1, 0})) == shape(fibonacci_tree_of_order(k, {1, 0})));
  }
}

TEST_CASE("Algorithm 2 never exceeds K concurrent transfers", "[reduction_trees]")
{
  for (const auto& costs : kCosts) {
    const double d              = costs.transfer_time;
    const double c              = costs.reduction_time;
    std::vector<double> optimal = greedy_lengths(90, costs);
    for (int n = 2; n <= 90; n++)
      for (int K = 1; K <= n / 2 + 2; K++) {
        INFO("n = " << n << ", K = " << K << ", d = " << d << ", c = " << c);
        ReductionTree tree = limited_transfers_tree(n, K, costs);
        CHECK(max_concurrent_transfers(tree) <= K);
        CHECK(tree.length >= optimal[n] - 1e-9);
        if (K >= n / 2)  // a one-port schedule has at most floor(n/2) transfers at once anyway
          CHECK(tree.length == Approx(optimal[n]).margin(1e-9));
        if (K <= n / 2) {
          // Proposition 8 says (floor(log2 K + 1) + ceil(n/K - 2))(d + c); its proof needs 2^floor(log2 K + 1)
          // >= 2K, true only when K is a power of two. In general, floor(log2 K) + 1 doubling steps then
          // ceil((n - 2^(floor(log2 K) + 1)) / K) steps of K transfers.
          const int doubling = ceil_log2(K + 1);  // floor(log2 K) + 1
          const double steps = doubling + std::ceil(double(n - (1 << doubling)) / K);
          CHECK(tree.length <= steps * (d + c) + 1e-9);
          if ((K & (K - 1)) == 0)
            CHECK(tree.length <= (doubling + std::ceil(double(n) / K - 2)) * (d + c) + 1e-9);
        }
        if (n % 11 == 0)
          check_schedule(tree, costs);
      }
  }
}

TEST_CASE("Algorithm 3 never uses more than K reducers", "[reduction_trees]")
{
  for (const auto& costs : kCosts) {
    const double d              = costs.transfer_time;
    const double c              = costs.reduction_time;
    std::vector<double> optimal = greedy_lengths(90, costs);
    for (int n = 2; n <= 90; n++)
      for (int K = 1; K <= n + 1; K++) {
        INFO("n = " << n << ", K = " << K << ", d = " << d << ", c = " << c);
        ReductionTree tree = limited_reducers_tree(n, K, costs);
        CHECK(reducer_count(tree) <= K);
        for (int r = K; r < n; r++)
          CHECK(tree.children[r].empty());  // the reducers are the first K ranks
        CHECK(tree.length >= optimal[n] - 1e-9);
        if (K >= n)
          CHECK(tree.length == Approx(optimal[n]).margin(1e-9));
        if (K <= n / 2) {
          // Corollary 11: at most (ceil(log2 K + 1) + ceil(n/K - 2))(d + c).
          CHECK(tree.length <= (std::ceil(std::log2(K) + 1) + std::ceil(double(n) / K - 2)) * (d + c) + 1e-9);
          if (d >= c)  // Theorem 10: then Algorithm 3 is also optimal with at most K concurrent transfers
            CHECK(tree.length == Approx(limited_transfers_tree(n, K, costs).length).margin(1e-9));
        }
        if (n % 13 == 0)
          check_schedule(tree, costs);
      }
  }
}

TEST_CASE("The binomial and Fibonacci strategies are within Theorems 18 and 19", "[reduction_trees]")
{
  for (const auto& costs : kCosts) {
    const double d              = costs.transfer_time;
    const double c              = costs.reduction_time;
    std::vector<double> optimal = greedy_lengths(400, costs);
    for (int n = 1; n <= 400; n++) {
      INFO("n = " << n << ", d = " << d << ", c = " << c);
      CHECK(binomial_strategy_tree(n, costs).length <=
            (1 + std::min(d, c) / std::max(d, c)) * optimal[n] + 1e-9);  // Theorem 18
      const double fibonacci = fibonacci_strategy_tree(n, costs).length;
      CHECK(fibonacci <= 2 * optimal[n] + 1e-9);  // Theorem 19
      // Not in the paper: Definition 15's tree, cut at n ranks, does as well as the Fibonacci strategy.
      CHECK(fibonacci_tree(n, costs).length == Approx(fibonacci).margin(1e-9));
    }
  }
}

TEST_CASE("Small trees worked out by hand", "[reduction_trees]")
{
  SECTION("Figure 1: n = 4, d = c: the root receives from ranks 3, 2, 1 at 0, d, 2d")
  {
    ReductionTree tree = greedy_tree(4, {1, 1});
    CHECK(tree.parent == std::vector<int>{-1, 0, 0, 0});
    CHECK(tree.children[0] == std::vector<int>{3, 2, 1});
    CHECK(tree.send_start == std::vector<double>{0, 2, 1, 0});
    CHECK(tree.length == 4);  // d + 2 max(d, c) + c
  }
  SECTION("Algorithm 1, d = c = 1")
  {
    // s (machines 1..) after each iteration, ties to the lowest machine; the length is the new s_i:
    // i=2: M=1, s=(1,2)          L=2   i=3: M=1, s=(2,2,3)       L=3   i=4: M=1, s=(3,2,3,4)  L=4
    // i=5: M=2, s=(3,3,3,4,4)    L=4   i=6: M=1, s1=4, s6=5      L=5   i=7: M=2, s2=4, s7=5   L=5
    // i=8: M=3, s3=4, s8=5       L=5
    const std::vector<int> parent{-1, 0, 0, 0, 1, 0, 1, 2};
    const std::vector<double> length{0, 0, 2, 3, 4, 4, 5, 5, 5};
    for (int n = 2; n <= 8; n++) {
      INFO("n = " << n);
      ReductionTree tree = greedy_tree(n, {1, 1});
      CHECK(tree.parent == std::vector<int>(parent.begin(), parent.begin() + n));
      CHECK(tree.length == length[n]);
    }
    CHECK(greedy_tree(8, {1, 1}).children[0] == std::vector<int>{5, 3, 2, 1});
  }
  SECTION("Algorithm 1, d = 2, c = 1 (d + c = 3, max = 2)")
  {
    // i=2: M=1 s=(2,3) L=3; i=3: M=1 s1=4, s3=5 L=5; i=4: M=2 s2=5, s4=6 L=6; i=5: M=1 s1=6, s5=7 L=7;
    // i=6: M=2 s2=7, s6=8 L=8; i=7: M=3 s3=7, s7=8 L=8; i=8: M=1 (s1 = s4 = 6) s8=9 L=9
    const std::vector<int> parent{-1, 0, 0, 1, 0, 1, 2, 0};
    const std::vector<double> length{0, 0, 3, 5, 6, 7, 8, 8, 9};
    for (int n = 2; n <= 8; n++) {
      INFO("n = " << n);
      ReductionTree tree = greedy_tree(n, {2, 1});
      CHECK(tree.parent == std::vector<int>(parent.begin(), parent.begin() + n));
      CHECK(tree.length == length[n]);
    }
  }
  SECTION("binomial, d = c = 1, blocking receives from r + 1, r + 2, r + 4")
  {
    // n=5: the root gets 1 at [0,1], 2 (ready 2) at [2,3], 4 at [3,4]: reductions end 2, 4, 5.
    // n=6: 4 <- 5 is ready at 2, received at [3,4]: 5. n=7: 4 <- 5, 6 ready at 3, received at [3,4]: 5.
    // n=8: 4 is ready at 4, received at [4,5]: 6 = 3 (d + c).
    const std::vector<int> parent{-1, 0, 0, 2, 0, 4, 4, 6};
    const std::vector<double> length{0, 0, 2, 3, 4, 5, 5, 5, 6};
    for (int n = 2; n <= 8; n++) {
      INFO("n = " << n);
      ReductionTree tree = binomial_tree(n, {1, 1});
      CHECK(tree.parent == std::vector<int>(parent.begin(), parent.begin() + n));
      CHECK(tree.length == length[n]);
    }
    CHECK(binomial_tree(8, {1, 1}).children[0] == std::vector<int>{1, 2, 4});
  }
  SECTION("Fibonacci, d = c = 1")
  {
    // Order 4 = order 3 on 0..4 (0 <- 1, 2, 3; 3 <- 4) whose root receives last from order 2 on 5..7 (5 <- 6, 7).
    // n=6: the root gets 1, 2, 5 (leaves) at 0, 1, 2 and 3 (ready 2) at 3: 5.
    const std::vector<int> parent{-1, 0, 0, 0, 3, 0, 5, 5};
    const std::vector<double> length{0, 0, 2, 3, 4, 4, 5, 5, 5};
    for (int n = 2; n <= 8; n++) {
      INFO("n = " << n);
      ReductionTree tree = fibonacci_tree(n, {1, 1});
      CHECK(tree.parent == std::vector<int>(parent.begin(), parent.begin() + n));
      CHECK(tree.length == length[n]);
    }
    CHECK(fibonacci_tree(6, {1, 1}).children[0] == std::vector<int>{1, 2, 5, 3});
  }
  SECTION("flat and chain")
  {
    for (const auto& costs : kCosts)
      for (int n = 2; n <= 8; n++) {
        const double d = costs.transfer_time;
        const double c = costs.reduction_time;
        CHECK(flat_tree(n, costs).length == Approx(d + (n - 2) * std::max(d, c) + c));  // paper 3.1
        CHECK(chain_tree(n, costs).length == Approx((n - 1) * (d + c)));
        CHECK(chain_tree(n, costs).parent[n - 1] == n - 2);
      }
  }
}

TEST_CASE("Every builder's schedule follows the execution model", "[reduction_trees]")
{
  using Builder = std::function<ReductionTree(int, ReductionCosts)>;
  const std::vector<std::pair<const char*, Builder>> builders{
      {"flat", flat_tree},
      {"chain", chain_tree},
      {"binomial", binomial_tree},
      {"fibonacci", fibonacci_tree},
      {"greedy", greedy_tree},
      {"binomial_strategy", binomial_strategy_tree},
      {"fibonacci_strategy", fibonacci_strategy_tree},
      {"limited_transfers(3)", [](int n, ReductionCosts costs) { return limited_transfers_tree(n, 3, costs); }},
      {"limited_reducers(3)", [](int n, ReductionCosts costs) { return limited_reducers_tree(n, 3, costs); }},
      {"schedule_tree(binomial)",
       [](int n, ReductionCosts costs) { return schedule_tree(binomial_tree(n, costs).parent, costs); }},
  };
  for (const auto& [name, build] : builders)
    for (const auto& costs : kCosts)
      for (int n : {1, 2, 3, 4, 7, 16, 33, 100}) {
        INFO(name << ", n = " << n << ", d = " << costs.transfer_time << ", c = " << costs.reduction_time);
        ReductionTree tree = build(n, costs);
        REQUIRE(tree.size() == n);
        check_schedule(tree, costs);
        CHECK(tree.length <= (n - 1) * (costs.transfer_time + costs.reduction_time) + 1e-9);  // the chain
      }
}

TEST_CASE("Concurrent transfers and reducers of known schedules", "[reduction_trees]")
{
  CHECK(max_concurrent_transfers(flat_tree(5, {1, 1})) == 1);      // one port at the root
  CHECK(max_concurrent_transfers(binomial_tree(8, {1, 1})) == 4);  // first step: 1->0, 3->2, 5->4, 7->6
  CHECK(reducer_count(binomial_tree(8, {1, 1})) == 4);
  CHECK(max_concurrent_transfers(chain_tree(5, {1, 1})) == 1);
  CHECK(reducer_count(chain_tree(5, {1, 1})) == 4);
  CHECK(max_concurrent_transfers(flat_tree(1, {1, 1})) == 0);
  CHECK(reducer_count(flat_tree(1, {1, 1})) == 0);
}

TEST_CASE("schedule_tree rejects what is not a tree rooted at rank 0", "[reduction_trees]")
{
  CHECK_THROWS_WITH(schedule_tree({}, {1, 1}), "schedule_tree: needs at least one rank, got 0");
  CHECK_THROWS_WITH(schedule_tree({0, 0}, {1, 1}), "schedule_tree: rank 0 is the root, its parent must be -1");
  CHECK_THROWS_WITH(schedule_tree({-1, 2, 5}, {1, 1}),
                    "schedule_tree: rank 2 has parent 5, expected a rank in [0, 3)");
  CHECK_THROWS_WITH(schedule_tree({-1, 2, 1}, {1, 1}),
                    "schedule_tree: the parents form a cycle, not a tree rooted at rank 0");
  CHECK_THROWS_WITH(limited_transfers_tree(4, 0, {1, 1}),
                    "limited_transfers_tree: needs at least one transfer at a time, got 0");
  CHECK_THROWS_WITH(limited_reducers_tree(4, 0, {1, 1}), "limited_reducers_tree: needs at least one reducer, got 0");
}
