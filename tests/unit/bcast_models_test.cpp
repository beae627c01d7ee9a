// Unit tests of models/bcast_models: Table 1 of the adaptive-collectives paper (section 4.2) with Hockney
// parameters that keep the arithmetic by hand: L = 10 s, g(m) = m s (one second per byte).
#include "models/bcast_models.hpp"
#include "models/collective_models.hpp"

#include "models/point_to_point.hpp"
#include "replay/collectives/coll.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>
#include <vector>

using namespace tireplay::models;
using tireplay::CollArgs;

namespace {
const PointToPoint kEasy = PointToPoint::hockney(10, 1);
}

TEST_CASE("Table 1 on 8 ranks, m = 100, s = 25 (k = 4)", "[models][bcast]")
{
  // ⌈log2 8⌉ = ⌊log2 8⌋ = 3
  CHECK(bcast::flat_tree(8, 100, kEasy) == 710);                     // 10 + 7 × 100
  CHECK(bcast::flat_tree_rendezvous(8, 100, kEasy) == 732);          // 3 × 10 + 7 × 100 + 2 × 1
  CHECK(bcast::segmented_flat_tree(8, 100, 25, kEasy) == 710);       // 10 + 7 × (25 × 4)
  CHECK(bcast::chain(8, 100, kEasy) == 770);                         // 7 × (100 + 10)
  CHECK(bcast::chain_rendezvous(8, 100, kEasy) == 924);              // 7 × (100 + 2 × 1 + 3 × 10)
  CHECK(bcast::segmented_chain(8, 100, 25, kEasy) == 320);           // 7 × (25 + 10) + 25 × 3
  CHECK(bcast::binary_tree(8, 100, kEasy) == 630);                   // 3 × (2 × 100 + 10)
  CHECK(bcast::binomial_tree(8, 100, kEasy) == 330);                 // 3 × 10 + 3 × 100
  CHECK(bcast::binomial_tree_rendezvous(8, 100, kEasy) == 396);      // 3 × (2 × 1 + 3 × 10) + 3 × 100
  CHECK(bcast::segmented_binomial_tree(8, 100, 25, kEasy) == 330);   // 3 × 10 + 3 × 25 × 4
  CHECK(bcast::scatter_collection(8, 100, kEasy) == Approx(275));    // (3 + 7) × 10 + 2 × (7 / 8) × 100
}

TEST_CASE("Table 1 on 5 ranks: ceil and floor of log2 P differ", "[models][bcast]")
{
  // ⌈log2 5⌉ = 3, ⌊log2 5⌋ = 2
  CHECK(bcast::flat_tree(5, 100, kEasy) == 410);                     // 10 + 4 × 100
  CHECK(bcast::binary_tree(5, 100, kEasy) == 630);                   // 3 × (2 × 100 + 10)
  CHECK(bcast::binomial_tree(5, 100, kEasy) == 230);                 // 3 × 10 + 2 × 100
  CHECK(bcast::binomial_tree_rendezvous(5, 100, kEasy) == 296);      // 3 × (2 + 30) + 2 × 100
  CHECK(bcast::segmented_binomial_tree(5, 100, 25, kEasy) == 230);   // 3 × 10 + 2 × 25 × 4
  CHECK(bcast::scatter_collection(5, 100, kEasy) ==                  // (log2 5 + 4) × 10 + 2 × (4 / 5) × 100
        Approx(10 * std::log2(5.0) + 40 + 160).epsilon(1e-15));

  // One rank: the tree formulas send nothing; the flat tree's formula still counts one L.
  CHECK(bcast::binomial_tree(1, 100, kEasy) == 0);
  CHECK(bcast::chain(1, 100, kEasy) == 0);
  CHECK(bcast::flat_tree(1, 100, kEasy) == 10);
}

TEST_CASE("segments: k = ceil(m / s), a segment longer than m is m", "[models][bcast]")
{
  CHECK(bcast::segment_count(100, 25) == 4);
  CHECK(bcast::segment_count(100, 30) == 4);  // 30 + 30 + 30 + 10
  CHECK(bcast::segment_count(100, 200) == 1);
  CHECK(bcast::segment_count(0, 8192) == 1);
  CHECK(bcast::segmented_chain(8, 100, 30, kEasy) == 370);   // 7 × (30 + 10) + 30 × 3
  CHECK(bcast::segmented_chain(8, 100, 200, kEasy) == 770);  // s = m: the chain, 7 × (100 + 10)
  CHECK(bcast::segmented_chain(8, 0, 8192, kEasy) == 70);    // one empty segment: 7 × (0 + 10)
  CHECK_THROWS_AS(bcast::segmented_chain(8, 100, 0, kEasy), std::invalid_argument);
}

TEST_CASE("best_segment searches s = m / 2^i and keeps the cheapest", "[models][bcast]")
{
  // g(s) = 4 + s, L = 10, 6 ranks, m = 1024: the pipeline takes 5 × (4 + s + 10) + (4 + s) × (1024 / s - 1),
  // smallest at s = 32: 5 × 46 + 36 × 31 = 1346 (s = 16 and s = 64 both give 1410).
  PointToPoint p = PointToPoint::hockney(10, 1);
  p.gap_fixed[0] = 4;
  auto pipeline  = [&](double s) { return bcast::segmented_chain(6, 1024, s, p); };
  CHECK(pipeline(16) == 1410);
  CHECK(pipeline(64) == 1410);
  SegmentChoice best = best_segment(1024, pipeline);
  CHECK(best.segment_bytes == 32);
  CHECK(best.predicted_seconds == 1346);

  // The candidates: i in [0, floor(log2 1000)] = [0, 9].
  std::vector<double> seen;
  best_segment(1000, [&](double s) {
    seen.push_back(s);
    return 1.0;
  });
  CHECK(seen == std::vector<double>{1000, 500, 250, 125, 62.5, 31.25, 15.625, 7.8125, 3.90625, 1.953125});

  // A tie keeps the largest segment; below two bytes, s = m.
  CHECK(best_segment(1000, [](double) { return 1.0; }).segment_bytes == 1000);
  CHECK(best_segment(1, [](double s) { return s; }).segment_bytes == 1);
  CHECK(best_segment(0, [](double s) { return s; }).segment_bytes == 0);
  // With a pure per-byte gap and no per-message cost, the pipeline prefers the smallest segment.
  CHECK(best_segment(1024, [](double s) { return bcast::segmented_chain(8, 1024, s, kEasy); }).segment_bytes == 1);
}

TEST_CASE("cost functions of the replayed broadcasts", "[models][bcast]")
{
  ModelContext c;
  c.size = 8;
  c.p2p  = kEasy;
  CollArgs a;
  a.bytes = 100;
  // 100 bytes go out detached: the root's three sends share its port and arrive together at 10 + 3 × 100; rank 4's
  // two at 310 + 10 + 2 × 100, rank 6's one at 520 + 10 + 100 (Table 1's 330 has them one after the other).
  CHECK(predict_bcast_binomial(c, a) == 630);
  CollArgs rendezvous;
  rendezvous.bytes = 100000;  // from the detached threshold, one send after the other: 3 (L + g(m))
  CHECK(predict_bcast_binomial(c, rendezvous) == 3 * (10 + 100000));
  {
    // A backbone that carries 2 messages at full speed: the tree's rounds move 1, 2 and 4 messages, so the last
    // round's bytes take twice as long: 2 (L + g(m)) + L + 2 g(m).
    ModelContext narrow   = c;
    narrow.backbone_flows = 2;
    CHECK(predict_bcast_binomial(narrow, rendezvous) == 3 * 10 + 4 * 100000);
    // The binary tree's levels move 2, 4 and 1 messages, from ports that send two at once but the last: 1, 2 and 1
    // messages per port, which the ports' own sharing already slows as much: (L + 2 g) + (L + 2 g) + (L + g).
    CHECK(predict_bcast_binary_tree(narrow, rendezvous) == 3 * 10 + 5 * 100000);
    // A backbone of one message: the second level's bytes twice as slow, (L + 2 g) + (L + 4 g) + (L + g).
    narrow.backbone_flows = 1;
    CHECK(predict_bcast_binary_tree(narrow, rendezvous) == 3 * 10 + 7 * 100000);
  }
  CHECK(predict_bcast_flat(c, a) == 710);
  CHECK(predict_bcast_chain(c, a) == 770);
  // Heap of 8: the path to leaf 7 has levels with 2, 2 and 1 children: (110 + 100) + (110 + 100) + 110.
  CHECK(predict_bcast_binary_tree(c, a) == 530);
  // Binomial scatter then ring allgather of ceil(100 / 8) = 13-byte blocks: the sum of those two phases' models
  // (each checked by hand in collective_models_test.cpp).
  CollArgs block;
  block.bytes = block.bytes2 = 13;
  CHECK(predict_bcast_scatter_allgather(c, a) ==
        Approx(predict_scatter_binomial(c, block) + predict_allgather_ring(c, block)));
  CHECK(predict_bcast_scatter_allgather(c, a) == Approx(334));
  CHECK(predict_bcast_segmented_chain(c, a) == 770);  // default 8192-byte segments: one segment of 100 bytes
  a.segment_bytes = 25;
  // 4 detached segments move in 2 pairs sharing each link, L + 2 g(25) = 60 a hop: the first pair crosses the 7 hops,
  // then the second leaves the last one a step later.
  CHECK(predict_bcast_segmented_chain(c, a) == 7 * 60 + 60);
  // Five: the last one alone, L + g(25) = 35.
  a.bytes = 125;
  CHECK(predict_bcast_segmented_chain(c, a) == 7 * 60 + 60 + 35);
  // A backbone that carries one message at full speed, and TCP cross-traffic (X = 1.05): in a step with a hops at
  // work, the bytes' time is stretched by max(X, a X). 4 segments: steps of the first pair at a = 1, 2, 2, 2, 2, 2,
  // 2 hops, the second pair's last step at a = 1: 10 + 50 × 1.05 = 62.5 and 10 + 50 × 2.1 = 115.
  ModelContext crowded_chain = c;
  crowded_chain.backbone_flows = 1;
  crowded_chain.two_way_load   = 1.05;
  a.bytes                      = 100;
  CHECK(predict_bcast_segmented_chain(crowded_chain, a) == Approx(62.5 + 6 * 115 + 62.5));
  a.segment_bytes = 0;
  a.bytes         = 16384;  // two default segments of 8192: one pair, 7 hops of L + 2 g(8192)
  CHECK(predict_bcast_segmented_chain(c, a) == 7 * (10 + 2 * 8192));
  a.segment_bytes = 65536;  // rendezvous segments alone: 3 of them cross 7 hops in 9 steps of L + g(s)
  a.bytes         = 3 * 65536;
  CHECK(predict_bcast_segmented_chain(c, a) == 9 * (10 + 65536));

  c.size = 1;  // nothing to send
  for (auto predict : {predict_bcast_binomial, predict_bcast_flat, predict_bcast_chain, predict_bcast_segmented_chain,
                       predict_bcast_binary_tree, predict_bcast_scatter_allgather})
    CHECK(predict(c, a) == 0);
}

TEST_CASE("on SMPI's piecewise point-to-point, a binomial tree of 2^k ranks is k messages", "[models][bcast]")
{
  RouteParams route{1e-3, 1e8 / 1.05};
  NetworkFactors f;
  PointToPoint p = smpi_point_to_point(route, f);
  for (double m : {0.0, 1000.0, 65536.0, 1e6})
    CHECK(bcast::binomial_tree(16, m, p) == Approx(4 * smpi_message_seconds(route, f, m)).epsilon(1e-13));
}
