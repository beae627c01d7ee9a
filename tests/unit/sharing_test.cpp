// The fast level's sharing (replay/fast/sharing.hpp, sharing_groups.cpp) without a simulation: rates against
// max-min's, written as the equations of progressive filling (SimGrid's lmm: rate_i = level / penalty_i, each
// resource's sum of weight * rate at most its capacity, each rate at most its bound).
#include "replay/fast/sharing.hpp"

#include <catch2/catch.hpp>

#include <limits>
#include <vector>

using tireplay::fast::Sharing;
using tireplay::fast::Use;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Solves at `now`; returns nothing, the rates are read from the activities.
void solve(Sharing& s, double now)
{
  s.solve(now, [](int) {}, [](int) {});
}

int start(Sharing& s, double amount, double bound, double penalty, const std::vector<Use>& uses, double now = 0)
{
  int id = s.create(amount, bound, penalty, uses);
  s.start(id, now);
  return id;
}

} // namespace

TEST_CASE("activities on one link share it in proportion to 1 / penalty", "[sharing]")
{
  Sharing s;
  int link = s.add_resource(100);
  int a    = start(s, 1000, kInf, 1, {{link, -1, 1.0}});
  int b    = start(s, 1000, kInf, 3, {{link, -1, 1.0}});
  solve(s, 0);
  // a = L, b = L / 3, a + b = 100: L = 75.
  CHECK(s.rate(a) == Approx(75));
  CHECK(s.rate(b) == Approx(25));
  CHECK(s.activity(a).finish == Approx(1000.0 / 75));
}

TEST_CASE("a bounded activity leaves the rest to the others, and weights count", "[sharing]")
{
  Sharing s;
  int link = s.add_resource(100);
  int a    = start(s, 1000, 20, 1, {{link, -1, 1.0}});
  int b    = start(s, 1000, kInf, 1, {{link, -1, 1.05}});  // a message and its cross-traffic on one link
  solve(s, 0);
  CHECK(s.rate(a) == Approx(20));
  CHECK(s.rate(b) == Approx(80 / 1.05));
}

TEST_CASE("progressive filling over two links", "[sharing]")
{
  // f1 on A (1), f2 on A and B (2), f3 on B: A binds at 0.5 for f1 and f2, then f3 = 2 - 0.5.
  Sharing s;
  int link_a = s.add_resource(1);
  int link_b = s.add_resource(2);
  int f1     = start(s, 10, kInf, 1, {{link_a, -1, 1.0}});
  int f2     = start(s, 10, kInf, 1, {{link_a, -1, 1.0}, {link_b, -1, 1.0}});
  int f3     = start(s, 10, kInf, 1, {{link_b, -1, 1.0}});
  solve(s, 0);
  CHECK(s.rate(f1) == Approx(0.5));
  CHECK(s.rate(f2) == Approx(0.5));
  CHECK(s.rate(f3) == Approx(1.5));
  // f1 ends at 20: f2 takes A alone, then B binds: f2 = f3 = 1.
  s.finish(f1, 20);
  solve(s, 20);
  CHECK(s.rate(f2) == Approx(1));
  CHECK(s.rate(f3) == Approx(1));
  CHECK(s.activity(f2).remaining == Approx(0));  // 10 at 0.5 for 20 s
}

TEST_CASE("a busy link keeps its level within the drift, and is solved again beyond", "[sharing]")
{
  Sharing s(0.02, 4);  // 2% drift from 4 activities on
  int link = s.add_resource(100);
  std::vector<int> ids;
  for (int i = 0; i < 100; i++)
    ids.push_back(start(s, 1e6, kInf, 1, {{link, -1, 1.0}}));
  solve(s, 0);
  CHECK(s.rate(ids[0]) == Approx(1));
  // One more: the shares moved by 1%: the link keeps its level, the newcomer gets it.
  int extra = start(s, 1e6, kInf, 1, {{link, -1, 1.0}}, 1);
  solve(s, 1);
  CHECK(s.rate(extra) == Approx(1));
  // Two more: 3% since the last solve: a new level for the 100 bound at the last solve, from what the others take
  // (the extra one keeps its own rate until the link is solved in full), which the 2 new ones get too:
  // L = (100 - 1) / 100.
  start(s, 1e6, kInf, 1, {{link, -1, 1.0}}, 2);
  int last = start(s, 1e6, kInf, 1, {{link, -1, 1.0}}, 2);
  solve(s, 2);
  CHECK(s.rate(ids[0]) == Approx(0.99));
  CHECK(s.rate(last) == Approx(0.99));
  CHECK(s.rate(extra) == Approx(1));
}

TEST_CASE("the activities a busy link binds drain on one clock", "[sharing]")
{
  Sharing s(0.02, 4);
  int link = s.add_resource(100);
  std::vector<int> ids;
  for (int i = 0; i < 10; i++)
    ids.push_back(start(s, 10 + i, kInf, 1, {{link, -1, 1.0}}));
  solve(s, 0);
  // Ten at 10 each: the first (10 units) ends at 1 s; it is the group's next end.
  CHECK(s.activity(ids[0]).group == link);
  CHECK(s.activity(ids[0]).finish == kInf);  // no date of its own
  CHECK(s.group_date(link) == Approx(1));
  CHECK(s.group_next(link) == ids[0]);
  // It ends: nine share 100 (11.1 each); the second had 11 - 10 = 1 unit left: 0.09 s more.
  s.finish(ids[0], 1);
  solve(s, 1);
  CHECK(s.group_date(link) == Approx(1 + 1 / (100.0 / 9)));
  CHECK(s.group_next(link) == ids[1]);
}
