// Unit tests of models/collective_models: each algorithm's predicted seconds computed by hand, message by message,
// with Hockney parameters L = 1 ms, g(x) = x * 1e-8 s, so that g(1000 bytes) = G = 10 us. 1000-byte sends are
// detached (below 65536 bytes): a rank's sends to several ranks go out together and share its port. No reduction
// flops yet (c = 0, see reduction_seconds).
#include "models/collective_models.hpp"

#include "replay/collectives/registry.hpp"

#include "tests/unit/model_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <vector>

using namespace tireplay;
using namespace tireplay::models;
using namespace tireplay::testing;

namespace {

constexpr double L = kLatency;
constexpr double B = kSecondsByte;
constexpr double G = 1000 * B;  // g(1000)

/// Expected seconds for P = 2, 4, 5, 8.
void check_sizes(CostFunction predict, const CollArgs& args, const std::map<int, double>& expected)
{
  for (const auto& [P, seconds] : expected) {
    INFO("P = " << P);
    CHECK(predict(hockney(P), args) == Approx(seconds));
  }
}

} // namespace

TEST_CASE("No reduction cost until CollArgs has flops", "[collective_models]")
{
  CHECK(reduction_seconds(hockney(4), bytes(1000)) == 0);
}

TEST_CASE("allreduce reduce_bcast: L + (P - 1) g(n), then the binomial broadcast", "[collective_models]")
{
  // Broadcast: 2 -> L + G. 4: 0 sends to 2 and 1 at once (L + 2G), then 2 to 3: 2L + 3G. 5: 0 sends to 4, 2
  // and 1 (L + 3G), then 2 to 3: 2L + 4G. 8: (L + 3G) + (L + 2G) + (L + G) down 0, 4, 6, 7.
  check_sizes(predict_allreduce_reduce_bcast, bytes(1000),
              {{2, (L + G) + (L + G)}, {4, (L + 3 * G) + (2 * L + 3 * G)}, {5, (L + 4 * G) + (2 * L + 4 * G)},
               {8, (L + 7 * G) + (3 * L + 6 * G)}});
}

TEST_CASE("allreduce recursive_doubling: (log2 p' + 2 [P != p']) (L + g(n))", "[collective_models]")
{
  check_sizes(predict_allreduce_recursive_doubling, bytes(1000),
              {{2, L + G}, {4, 2 * (L + G)}, {5, 4 * (L + G)}, {8, 3 * (L + G)}});
}

TEST_CASE("allreduce ring: 2 (P - 1) (L + g(ceil(n / P)))", "[collective_models]")
{
  check_sizes(predict_allreduce_ring, bytes(1000),
              {{2, 2 * (L + 500 * B)}, {4, 6 * (L + 250 * B)}, {5, 8 * (L + 200 * B)}, {8, 14 * (L + 125 * B)}});
  CHECK(predict_allreduce_ring(hockney(4), bytes(1001)) == Approx(6 * (L + 251 * B)));
}

TEST_CASE("allreduce rabenseifner: 2 sum_j (L + g(2^j e + r)), + 2 (L + g(n)) if P != p'", "[collective_models]")
{
  check_sizes(predict_allreduce_rabenseifner, bytes(1000),
              {{2, 2 * (L + 500 * B)},
               {4, 2 * (L + 250 * B) + 2 * (L + 500 * B)},
               {5, 2 * (L + 250 * B) + 2 * (L + 500 * B) + 2 * (L + G)},
               {8, 2 * (L + 125 * B) + 2 * (L + 250 * B) + 2 * (L + 500 * B)}});
  // 1003 bytes on 4: blocks of 250, the last one 253
  CHECK(predict_allreduce_rabenseifner(hockney(4), bytes(1003)) ==
        Approx(2 * (L + 253 * B) + 2 * (L + 503 * B)));
}

TEST_CASE("allgather linear, and the other fans: L + (P - 1) g(m)", "[collective_models]")
{
  const std::map<int, double> fan{{2, L + G}, {4, L + 3 * G}, {5, L + 4 * G}, {8, L + 7 * G}};
  for (CostFunction predict : {predict_allgather_linear, predict_gather_linear, predict_scatter_linear,
                               predict_scan_linear, predict_alltoallv_linear})
    check_sizes(predict, bytes(1000), fan);
}

TEST_CASE("allgather ring: (P - 1) (L + g(m))", "[collective_models]")
{
  check_sizes(predict_allgather_ring, bytes(1000), {{2, L + G}, {4, 3 * (L + G)}, {5, 4 * (L + G)}, {8, 7 * (L + G)}});
}

TEST_CASE("allgather recursive_doubling: sum_j (L + g(2^j m)), MPICH's completion otherwise", "[collective_models]")
{
  // P = 5: steps 1 and 2 on ranks 0-3 end at A = 2L + 3G. 0 sends 4 blocks to 4 (detached) and receives 1: 0 is
  // done at A + L + G, 4 at A + L + 4G. 0 forwards 4's block to 2 and 1 at once (A + 2L + 3G), then 2 to 3:
  // A + 3L + 4G.
  check_sizes(predict_allgather_recursive_doubling, bytes(1000),
              {{2, L + G}, {4, 2 * L + 3 * G}, {5, 5 * L + 7 * G}, {8, 3 * L + 7 * G}});
}

TEST_CASE("allgather bruck: 2^j blocks per step, then the P - 2^floor(log2 P) missing", "[collective_models]")
{
  check_sizes(predict_allgather_bruck, bytes(1000),
              {{2, L + G}, {4, 2 * L + 3 * G}, {5, 3 * L + 4 * G}, {8, 3 * L + 7 * G}});
}

TEST_CASE("gather binomial: subtrees received in turn", "[collective_models]")
{
  // P = 5: the root gets 1 block from 1 (L + G), 2 from 2 once 2 has 3's (2L + 3G), then 1 from 4 (3L + 4G).
  check_sizes(predict_gather_binomial, bytes(1000),
              {{2, L + G}, {4, 2 * L + 3 * G}, {5, 3 * L + 4 * G}, {8, 3 * L + 7 * G}});
}

TEST_CASE("scatter binomial: a rank's sends share its port", "[collective_models]")
{
  // P = 4: 0 sends 1 block to 1 and 2 blocks to 2 at once; 2 has them at L + 3G, and sends 1 to 3: 2L + 4G.
  // P = 5: 0 sends 1, 2 and 1 blocks at once; 2 has its 2 at L + G + G + 2G, then 3 gets 1: 2L + 5G.
  // P = 8: k L + sum_j (k - j) g(2^j m) = 3L + 3G + 2 (2G) + 4G.
  check_sizes(predict_scatter_binomial, bytes(1000),
              {{2, L + G}, {4, 2 * L + 4 * G}, {5, 2 * L + 5 * G}, {8, 3 * L + 11 * G}});
  // 100000-byte blocks are not detached: one send after the other. P = 4: L + g(m), then 2L + g(m) + g(2m) to 2,
  // which sends to 3: 3L + 2 g(m) + g(2m).
  CHECK(predict_scatter_binomial(hockney(4), bytes(100000)) == Approx(3 * L + 2 * 1e-3 + 2e-3));
}

TEST_CASE("scatter reads the received block size, gather the sent one", "[collective_models]")
{
  CollArgs args;
  args.bytes  = 1000;
  args.bytes2 = 2000;
  CHECK(predict_scatter_linear(hockney(4), args) == Approx(L + 6 * G));
  CHECK(predict_gather_linear(hockney(4), args) == Approx(L + 3 * G));
}

TEST_CASE("barriers, with g(0) = 2 us of fixed gap, which concurrent messages overlap", "[collective_models]")
{
  const double G0 = 2e-6, D = L + G0;  // an empty message alone
  auto at = [&](int P) {
    ModelContext ctx     = hockney(P);
    ctx.p2p.gap_fixed[0] = G0;
    return ctx;
  };
  // No bytes: the P - 1 messages into and out of rank 0 do not queue on its link.
  const std::map<int, double> linear{{2, 2 * D}, {4, 2 * D}, {5, 2 * D}, {8, 2 * D}};
  const std::map<int, double> dissemination{{2, D}, {4, 2 * D}, {5, 3 * D}, {8, 3 * D}};
  // Up like gather binomial (P = 5: 3D, 4's message waits for 2's), down like the broadcast (P = 5: 2D).
  const std::map<int, double> tree{{2, 2 * D}, {4, 4 * D}, {5, 5 * D}, {8, 6 * D}};
  for (int P : {2, 4, 5, 8}) {
    INFO("P = " << P);
    CHECK(predict_barrier_linear(at(P), CollArgs{}) == Approx(linear.at(P)));
    CHECK(predict_barrier_dissemination(at(P), CollArgs{}) == Approx(dissemination.at(P)));
    CHECK(predict_barrier_tree(at(P), CollArgs{}) == Approx(tree.at(P)));
  }
}

TEST_CASE("Messages at once through one port serialize their bytes only", "[collective_models]")
{
  // Hockney: link_seconds = g, so k messages take L + k g(x).
  CHECK(link_seconds(hockney(2).p2p, 1000) == Approx(G));
  CHECK(fan_seconds(3, 1000, hockney(2).p2p) == Approx(L + 3 * G));
  CHECK(fan_seconds(0, 1000, hockney(2).p2p) == 0);
  // A piecewise g: from 4096 bytes on, g(x) = 5 us + x * 5e-9. Only x * 5e-9 queues: L + g(x) + 2 * 5e-5.
  PointToPoint piecewise   = hockney(2).p2p;
  piecewise.size_bounds  = {0, 4096};
  piecewise.gap_fixed    = {0, 5e-6};
  piecewise.gap_per_byte = {1e-8, 5e-9};
  CHECK(link_seconds(piecewise, 10000) == Approx(5e-5));
  CHECK(fan_seconds(3, 10000, piecewise) == Approx(L + 5e-6 + 5e-5 + 2 * 5e-5));
}

namespace {

/// A reduce-scatter of `block` bytes per rank on P ranks; the counts live as long as the test.
struct ReduceScatter {
  std::vector<uint64_t> counts;
  CollArgs args;
  ReduceScatter(std::vector<uint64_t> c) : counts(std::move(c)) { args.recv_counts = &counts; }
};

} // namespace

TEST_CASE("reducescatter reduce_scatterv: reduce of n, then scatterv", "[collective_models]")
{
  for (auto [P, expected] : std::map<int, double>{{2, 2 * L + 2000 * B + G},
                                                  {4, 2 * L + 3 * 4000 * B + 3 * G},
                                                  {5, 2 * L + 4 * 5000 * B + 4 * G},
                                                  {8, 2 * L + 7 * 8000 * B + 7 * G}}) {
    INFO("P = " << P);
    ReduceScatter rs(std::vector<uint64_t>(P, 1000));
    CHECK(predict_reducescatter_reduce_scatterv(hockney(P), rs.args) == Approx(expected));
  }
  ReduceScatter unequal({1000, 3000, 2000, 0});
  CHECK(predict_reducescatter_reduce_scatterv(hockney(4), unequal.args) ==
        predict_reducescatter_mpich(hockney(4), unequal.args));
}

TEST_CASE("reducescatter mpich_pair: (P - 1) (L + g(largest block))", "[collective_models]")
{
  for (auto [P, expected] : std::map<int, double>{{2, L + G}, {4, 3 * (L + G)}, {5, 4 * (L + G)}, {8, 7 * (L + G)}}) {
    INFO("P = " << P);
    ReduceScatter rs(std::vector<uint64_t>(P, 1000));
    CHECK(predict_reducescatter_mpich_pair(hockney(P), rs.args) == Approx(expected));
  }
  ReduceScatter unequal({1000, 3000, 2000, 0});
  CHECK(predict_reducescatter_mpich_pair(hockney(4), unequal.args) == Approx(3 * (L + 3 * G)));
  ReduceScatter empty({0, 0, 0});
  CHECK(predict_reducescatter_mpich_pair(hockney(3), empty.args) == 0);
}

TEST_CASE("reducescatter mpich_rdb: sum_j (L + g((P - 2^j) b)), MPICH's completion otherwise", "[collective_models]")
{
  // P = 5: steps of 4 blocks and 3 blocks on ranks 0-3 (2L + 7G); 0 sends 1 block to 4 and receives 4 (0 done at
  // 3L + 11G); 0 forwards 4 blocks to 2 and 1 at once (4L + 19G), then 2 to 3: 5L + 23G.
  for (auto [P, expected] : std::map<int, double>{{2, L + G},
                                                  {4, (L + 3 * G) + (L + 2 * G)},
                                                  {5, 5 * L + 23 * G},
                                                  {8, (L + 7 * G) + (L + 6 * G) + (L + 4 * G)}}) {
    INFO("P = " << P);
    ReduceScatter rs(std::vector<uint64_t>(P, 1000));
    CHECK(predict_reducescatter_mpich_rdb(hockney(P), rs.args) == Approx(expected));
  }
}

TEST_CASE("reducescatter mpich: pair above 524288 elements", "[collective_models]")
{
  ReduceScatter big(std::vector<uint64_t>(4, 200000));  // 800000 one-byte elements
  CHECK(predict_reducescatter_mpich(hockney(4), big.args) == predict_reducescatter_mpich_pair(hockney(4), big.args));
  big.args.datatype_size = 8;  // 100000 elements
  CHECK(predict_reducescatter_mpich(hockney(4), big.args) == predict_reducescatter_mpich_rdb(hockney(4), big.args));
}

TEST_CASE("alltoallv linear: the busier port of the calling rank", "[collective_models]")
{
  std::vector<uint64_t> send{0, 1000, 2000, 3000}, recv{500, 500, 500, 4000};
  CollArgs args;
  args.send_counts = &send;
  args.recv_counts = &recv;
  // sends: 1000 + 2000 + 3000 (the 0 left out as the rank's own); receives: 500 + 500 + 4000
  CHECK(predict_alltoallv_linear(hockney(4), args) == Approx(L + 6 * G));
  CollArgs no_counts;
  no_counts.bytes  = 1000;
  no_counts.bytes2 = 2000;
  CHECK(predict_alltoallv_linear(hockney(4), no_counts) == Approx(L + 6 * G));
}

TEST_CASE("Closed forms for powers of two", "[collective_models]")
{
  for (int k = 1; k <= 6; k++) {
    const int P = 1 << k;
    INFO("P = " << P);
    const double g_large = 100000 * B;  // rendezvous: not detached
    double doubling = 0, scatter = k * L, scatter_large = 0;
    for (int j = 0; j < k; j++) {
      doubling += L + (1 << j) * G;
      scatter += (k - j) * (1 << j) * G;
      scatter_large += (k - j) * (L + (1 << j) * g_large);
    }
    CHECK(predict_allgather_recursive_doubling(hockney(P), bytes(1000)) == Approx(doubling));
    CHECK(predict_allgather_bruck(hockney(P), bytes(1000)) == Approx(doubling));
    CHECK(predict_gather_binomial(hockney(P), bytes(1000)) == Approx(doubling));
    CHECK(predict_scatter_binomial(hockney(P), bytes(1000)) == Approx(scatter));
    CHECK(predict_scatter_binomial(hockney(P), bytes(100000)) == Approx(scatter_large));
    CHECK(predict_allreduce_reduce_bcast(hockney(P), bytes(1000)) ==
          Approx(L + (P - 1) * G + k * L + k * (k + 1) / 2 * G));
    CHECK(predict_allreduce_reduce_bcast(hockney(P), bytes(100000)) ==
          Approx(L + (P - 1) * g_large + k * (L + g_large)));
    CHECK(predict_barrier_tree(hockney(P), CollArgs{}) == Approx(2 * k * L));
  }
}

TEST_CASE("One rank communicates nothing; every model is finite beyond", "[collective_models]")
{
  const std::vector<CostFunction> all{
      predict_allreduce_reduce_bcast, predict_allreduce_recursive_doubling, predict_allreduce_ring,
      predict_allreduce_rabenseifner, predict_allgather_linear, predict_allgather_ring,
      predict_allgather_recursive_doubling, predict_allgather_bruck, predict_gather_linear, predict_gather_binomial,
      predict_scatter_linear, predict_scatter_binomial, predict_barrier_linear, predict_barrier_dissemination,
      predict_barrier_tree, predict_reducescatter_reduce_scatterv, predict_reducescatter_mpich,
      predict_reducescatter_mpich_pair, predict_reducescatter_mpich_rdb, predict_alltoallv_linear,
      predict_scan_linear};
  for (CostFunction predict : all) {
    CHECK(predict(hockney(1), bytes(1000)) == 0);
    for (int P = 2; P <= 40; P++) {
      double seconds = predict(hockney(P), bytes(1000));
      INFO("P = " << P);
      CHECK(std::isfinite(seconds));
      CHECK(seconds >= L);
    }
  }
}
