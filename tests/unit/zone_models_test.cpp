// Unit tests of the route-aware view of a communicator (ModelContext::zone_of, two clusters joined by one link):
// messages priced by their pair's zones, and the flows that cross at once sharing the link between zones.
// Hand-computed with Hockney parameters: inside a zone L = 10 us, 1 ns/B; between zones L = 1 ms, 10 ns/B; the
// link between the zones carries 1e8 B/s, shared by both directions.
#include "models/bcast_models.hpp"
#include "models/collective_models.hpp"
#include "models/reduce_models.hpp"
#include "replay/collectives/coll.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace tireplay;
using namespace tireplay::models;

namespace {

const PointToPoint kLocal  = PointToPoint::hockney(1e-5, 1e-9);
const PointToPoint kRemote = PointToPoint::hockney(1e-3, 1e-8);

/// Ranks 0..P/2-1 in zone 0, the others in zone 1.
ModelContext two_zones(int P)
{
  ModelContext ctx;
  ctx.size  = P;
  ctx.p2p   = kRemote;  // the slowest pair, as without the zone view
  ctx.zones = 2;
  for (int r = 0; r < P; r++)
    ctx.zone_of.push_back(r < P / 2 ? 0 : 1);
  ctx.zone_p2p           = {kLocal, kRemote, kRemote, kLocal};
  ctx.zone_cut_flows     = {0, 1, 1, 0};  // 1e8 B/s over the remote rate 1e8 B/s
  ctx.zone_cut_both_ways = {0, 1, 1, 0};
  return ctx;
}

CollArgs megabyte()
{
  CollArgs args;
  args.bytes = args.bytes2 = 1000000;
  return args;
}

} // namespace

TEST_CASE("zones: a pair's parameters are its zones'", "[models][zones]")
{
  ModelContext ctx = two_zones(4);
  CHECK(ctx.pair(0, 1).time(1e6) == Approx(1e-5 + 1e-3));
  CHECK(ctx.pair(1, 2).time(1e6) == Approx(1e-3 + 1e-2));
  CHECK(ctx.crosses(1, 2));
  CHECK_FALSE(ctx.crosses(2, 3));
  ctx.zone_of.clear();  // no view: every pair is the slowest
  CHECK(ctx.pair(0, 1).time(1e6) == Approx(1e-3 + 1e-2));
}

TEST_CASE("zones: flows crossing at once share the link between the zones", "[models][zones]")
{
  ModelContext ctx = two_zones(4);
  // Partner r XOR 1: inside the zones, L + g = 10 us + 1 ms.
  CHECK(exchange_step_seconds(ctx, {1, 0, 3, 2}, 1e6) == Approx(1.01e-3));
  // Partner r XOR 2: four flows (two each way) share 1e8 B/s: L + g + (4 x / B - x β) = 1 ms + 10 ms + 30 ms.
  CHECK(exchange_step_seconds(ctx, {2, 3, 0, 1}, 1e6) == Approx(0.041));
  // One flow alone on the link: its own bandwidth (1e8 B/s) already bounds it.
  CHECK(exchange_step_seconds(ctx, {2, -1, -1, -1}, 1e6) == Approx(0.011));
}

TEST_CASE("zones: recursive doubling pays the crossing step, Rabenseifner crosses with small blocks", "[models][zones]")
{
  ModelContext ctx = two_zones(4);
  // Recursive doubling: the XOR 1 step (1.01 ms), then the XOR 2 step with all 4 vectors on the link (41 ms).
  CHECK(predict_allreduce_recursive_doubling(ctx, megabyte()) == Approx(1.01e-3 + 0.041));
  // Rabenseifner: halving with XOR 1 moves half the vector, XOR 2 a quarter, then the doubling steps the same:
  // 2 (10 us + 0.5 ms) + 2 (1 ms + 2.5 ms + (4 x 250000 / 1e8 - 2.5 ms)).
  CHECK(predict_allreduce_rabenseifner(ctx, megabyte()) == Approx(2 * (1e-5 + 5e-4) + 2 * (1e-3 + 1e-2)));
}

TEST_CASE("zones: trees priced edge by edge", "[models][zones]")
{
  ModelContext ctx = two_zones(4);
  // Binomial bcast from 0 (rendezvous: one send after the other): to 2 (remote, 11 ms), then to 1 (local,
  // 1.01 ms later); rank 2 sends to 3 (local) once it has the message: 12.01 ms for both 1 and 3.
  CHECK(predict_bcast_binomial(ctx, megabyte()) == Approx(0.011 + 1.01e-3));
  // Binomial reduce to 0: 3 -> 2 and 1 -> 0 (local, 1.01 ms), then 2 -> 0 (remote, 11 ms).
  CHECK(predict_reduce_binomial(ctx, megabyte()) == Approx(1.01e-3 + 0.011));
  // Chain reduce: 3 -> 2 (local), 2 -> 1 (remote), 1 -> 0 (local).
  CHECK(predict_reduce_chain(ctx, megabyte()) == Approx(2 * 1.01e-3 + 0.011));
  // Rooted at 2, the ranks are 2, 3, 0, 1 in the tree: the same shape, the same time.
  CollArgs from_two = megabyte();
  from_two.root     = 2;
  CHECK(predict_bcast_binomial(ctx, from_two) == Approx(0.011 + 1.01e-3));
}
