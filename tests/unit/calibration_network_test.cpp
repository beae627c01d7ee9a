// Unit tests of models/calibration_network: the latency rule of the time-independent trace replay paper (section 5)
// and its hierarchy-aware version, the bandwidth, and SMPI's piecewise factors fitted back from tables that SMPI's
// own model (models/point_to_point.hpp, smpi_message_seconds) generates from known values.
#include "models/calibration_network.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <stdexcept>

using namespace tireplay::models;

namespace {

constexpr double kElement = 16.67e-6;  // ℓ: each link and the switch
constexpr double kRate    = 125e6;     // bytes/s

/// The route between two nodes of a cluster: two links and the switch, 3ℓ.
RouteParams cluster_route() { return {3 * kElement, kRate}; }

/// Sizes 0, 1, 2, 4 .. 8 MiB, and around each threshold (threshold - 16 is the last size below it).
std::vector<double> sizes_around(const SizeFactors& f)
{
  std::set<double> sizes{0, 1};
  for (double m = 2; m <= 8388608; m *= 2)
    sizes.insert(m);
  for (const auto& step : f.steps())
    for (double m : {-17.0, -16.0, -15.0})
      if (step.threshold + m >= 0)
        sizes.insert(step.threshold + m);
  return {sizes.begin(), sizes.end()};
}

/// The round trip the replay gives: twice SMPI's one-way time.
std::vector<PingPongPoint> pingpong_table(const RouteParams& route, const NetworkFactors& f,
                                          const std::vector<double>& sizes)
{
  std::vector<PingPongPoint> table;
  for (double m : sizes)
    table.push_back({m, 2 * smpi_message_seconds(route, f, m)});
  return table;
}

void check_recovered(const std::vector<FactorStep>& fitted, const NetworkFactors& truth)
{
  REQUIRE(fitted.size() == truth.bandwidth.steps().size());
  for (size_t j = 0; j < fitted.size(); j++) {
    INFO("segment " << j);
    CHECK(fitted[j].threshold == truth.bandwidth.steps()[j].threshold);
    CHECK(fitted[j].bandwidth_factor == Approx(truth.bandwidth.steps()[j].value).epsilon(1e-6));
    CHECK(fitted[j].latency_factor == Approx(truth.latency.steps()[j].value).epsilon(1e-6));
  }
}

} // namespace

TEST_CASE("latency rule: the 1-byte round trip / 6 (two links and one switch)", "[calibration]")
{
  // bordereau.xml's numbers: a 100 us ping-pong gives 16.67 us per link and switch.
  CHECK(element_latency(100e-6) == Approx(100e-6 / 6));
  std::vector<PingPongPoint> table{{0, 90e-6}, {1, 99e-6}, {1, 101e-6}, {1024, 150e-6}};
  CHECK(one_byte_round_trip(table) == Approx(100e-6));  // the mean of the 1-byte rows
  CHECK_THROWS_WITH(one_byte_round_trip({{0, 1e-4}, {2, 1e-4}}),
                    "no 1-byte row (the latency rule takes the 1-byte ping-pong time)");
}

TEST_CASE("hierarchy-aware latency: T_k / 2 = 4 sum_{j<k} l_j + 3 l_k", "[calibration]")
{
  // gdx-like: nodes' switch level 16.67 us, the second level 8 us, a third 30 us.
  const double l1 = 16.67e-6, l2 = 8e-6, l3 = 30e-6;
  std::vector<double> T{2 * 3 * l1, 2 * (4 * l1 + 3 * l2), 2 * (4 * l1 + 4 * l2 + 3 * l3)};
  std::vector<double> l = hierarchy_element_latencies(T);
  REQUIRE(l.size() == 3);
  CHECK(l[0] == Approx(l1));
  CHECK(l[1] == Approx(l2));
  CHECK(l[2] == Approx(l3));
  // One level is the flat rule.
  CHECK(hierarchy_element_latencies({100e-6})[0] == Approx(element_latency(100e-6)));
  // A farther pair that is not slower than 4 lower-level elements makes no sense.
  CHECK_THROWS_WITH(hierarchy_element_latencies({100e-6, 120e-6}),
                    "level 2: its one-way 1-byte time (60.000000 us) does not exceed what the lower levels' links "
                    "and switches take (66.666667 us)");
}

TEST_CASE("bandwidth: the slope of the largest sizes (Hockney's line)", "[calibration]")
{
  // T / 2 = 50 us + m / 117 MB/s
  std::vector<PingPongPoint> table;
  for (double m = 1; m <= 1 << 22; m *= 4)
    table.push_back({m, 2 * (50e-6 + m / 117e6)});
  auto segments = fit_pingpong_segments(table, {});
  REQUIRE(segments.size() == 1);
  CHECK(fitted_bandwidth(segments) == Approx(117e6).epsilon(1e-9));
  CHECK(segments[0].one_way.intercept == Approx(50e-6 - 16 / 117e6));  // against the payload m + 16
}

TEST_CASE("SMPI factors: SimGrid's default factors recovered from the table they give", "[calibration]")
{
  NetworkFactors truth;  // SimGrid 3.32's 9 segments
  auto table = pingpong_table(cluster_route(), truth, sizes_around(truth.bandwidth));

  SECTION("nine segments asked for")
  {
    SegmentChoice nine;
    nine.segments = 9;
    check_recovered(smpi_factors(fit_pingpong_segments(table, nine), cluster_route()), truth);
  }
  SECTION("the fewest segments within 0.01%: the same nine")
  {
    SegmentChoice fewest;
    fewest.max_relative_error = 1e-4;
    check_recovered(smpi_factors(fit_pingpong_segments(table, fewest), cluster_route()), truth);
  }
  SECTION("the boundaries given, as message sizes: threshold - 16")
  {
    SegmentChoice given;
    for (const auto& step : truth.bandwidth.steps())
      if (step.threshold > 0)
        given.boundaries.push_back(static_cast<double>(step.threshold) - 16);
    check_recovered(smpi_factors(fit_pingpong_segments(table, given), cluster_route()), truth);
  }
}

TEST_CASE("SMPI factors: the fitted specs, read back by the replay's parser, give the table again", "[calibration]")
{
  NetworkFactors truth;
  truth.bandwidth = SizeFactors("0:0.5;1400:0.8;70000:0.95");
  truth.latency   = SizeFactors("0:1.5;1400:2.5;70000:9");
  RouteParams route{40e-6, 1.25e9};  // a 10 Gbit/s link
  auto table = pingpong_table(route, truth, sizes_around(truth.bandwidth));
  auto steps = smpi_factors(fit_pingpong_segments(table, {}), route);
  NetworkFactors fitted;
  fitted.latency   = SizeFactors(factor_spec(steps, true), "smpi/lat-factor");
  fitted.bandwidth = SizeFactors(factor_spec(steps, false), "smpi/bw-factor");
  CHECK(factor_spec(steps, true) == "0:1.5;1400:2.5;70000:9");
  CHECK(factor_spec(steps, false) == "0:0.5;1400:0.8;70000:0.95");
  for (const auto& p : table)
    CHECK(2 * smpi_message_seconds(route, fitted, p.bytes) == Approx(p.round_trip_seconds).epsilon(1e-6));
}

TEST_CASE("segments: measurement noise, repeated sizes, clamped lines, and errors", "[calibration]")
{
  SECTION("1% noise keeps the factors within a few percent")
  {
    NetworkFactors truth;
    truth.bandwidth = SizeFactors("0:0.5;65536:0.9");
    truth.latency   = SizeFactors("0:2;65536:10");
    auto sizes      = sizes_around(truth.bandwidth);
    std::vector<PingPongPoint> table;
    for (int repeat = 0; repeat < 3; repeat++)  // three measurements of each size, +1%, 0, -1%
      for (double m : sizes)
        table.push_back({m, 2 * smpi_message_seconds(cluster_route(), truth, m) * (1 + 0.01 * (repeat - 1))});
    SegmentChoice two;
    two.segments = 2;
    auto steps   = smpi_factors(fit_pingpong_segments(table, two), cluster_route());
    REQUIRE(steps.size() == 2);
    CHECK(steps[1].threshold == 65536);
    CHECK(steps[0].latency_factor == Approx(2).epsilon(0.01));
    CHECK(steps[1].bandwidth_factor == Approx(0.9).epsilon(0.01));
  }
  SECTION("a flat segment is fitted as a constant, a negative latency through the origin")
  {
    std::vector<PingPongPoint> flat{{1, 2e-4}, {2, 2.02e-4}, {4, 1.98e-4}, {8, 2e-4}};
    auto segments = fit_pingpong_segments(flat, {});
    CHECK(segments[0].slope_clamped);
    CHECK(segments[0].one_way.slope == 0);
    CHECK(smpi_factors(segments, cluster_route())[0].bandwidth_factor == kLargestBandwidthFactor);
    std::vector<PingPongPoint> steep{{1000, 2e-5}, {2000, 4.2e-5}, {3000, 6.4e-5}};
    segments = fit_pingpong_segments(steep, {});
    CHECK(segments[0].intercept_clamped);
    CHECK(segments[0].one_way.intercept == 0);
    CHECK(smpi_factors(segments, cluster_route())[0].latency_factor == kSmallestLatencyFactor);
  }
  SECTION("errors")
  {
    CHECK_THROWS_WITH(fit_pingpong_segments({{8, 1e-4}, {8, 1.1e-4}}, {}),
                      "the table holds 1 distinct size(s): a fit needs two at least");
    SegmentChoice given;
    given.boundaries = {1, 1000};
    std::vector<PingPongPoint> table{{1, 1e-4}, {2, 1e-4}, {100, 2e-4}, {2000, 3e-4}, {4000, 4e-4}};
    CHECK_THROWS_WITH(fit_pingpong_segments(table, given),
                      "segment 1 (sizes up to 1 bytes) holds 1 distinct size: a line needs two");
    given.boundaries = {2, 1000};
    CHECK_THROWS_WITH(fit_pingpong_segments(table, given),
                      "segment 2 (sizes in (2, 1000] bytes) holds 1 distinct size: a line needs two");
    SegmentChoice many;
    many.segments   = 3;
    many.min_points = 3;
    CHECK_THROWS_WITH(fit_pingpong_segments(table, many),
                      "the table's 5 distinct sizes cannot make 3 segments of 3 sizes or more each");
    many.segments   = 6;
    many.min_points = 1;
    CHECK_THROWS_WITH(fit_pingpong_segments(table, many),
                      "the table's 5 distinct sizes cannot make 6 segments of 1 size or more each");
    CHECK_THROWS_WITH(smpi_factors(fit_pingpong_segments(table, {}), {0, 1e8}),
                      "the ping-pong route has no latency: SMPI's latency factors multiply it");
  }
}

TEST_CASE("segments: a token bucket's knee (the lab at 100 Mbit/s) fits within 2% at every size", "[calibration]")
{
  // Measured across two lab nodes (tools/lab, tbf at 100mbit, burst 64kb): messages up to the burst pass at twice
  // the rate, larger ones drain the bucket; the one-way time is convex around 128 KiB, where the best line of two
  // sizes needs a negative latency. The fit weighs what SMPI can take (latency >= 0), so a size stands alone there.
  std::vector<PingPongPoint> table{
      {1, 2.559888500e-05},
      {2, 2.429239000e-05},
      {4, 2.360387000e-05},
      {8, 2.384503000e-05},
      {16, 2.368052000e-05},
      {32, 2.313968500e-05},
      {64, 2.352687000e-05},
      {128, 2.363844000e-05},
      {256, 2.380881500e-05},
      {512, 4.789596000e-05},
      {1024, 8.892831000e-05},
      {2048, 1.814189700e-04},
      {4096, 3.504981350e-04},
      {8192, 6.940132850e-04},
      {16384, 1.381050145e-03},
      {32768, 2.749923695e-03},
      {65536, 5.568356950e-03},
      {131072, 1.175054995e-02},
      {262144, 3.370263450e-02},
      {524288, 7.758489165e-02},
      {1048576, 1.653298989e-01},
      {2097152, 3.408885272e-01},
      {4194304, 6.916281949e-01}};
  auto segments = fit_pingpong_segments(table, {});
  double worst  = 0;
  for (const auto& s : segments)
    worst = std::max(worst, s.max_relative_error);
  CHECK(worst <= 0.02);
  CHECK(segments.size() <= 12);
  SegmentChoice pairs;
  pairs.min_points = 2;  // every segment a line of two sizes or more: it cannot
  double worst_pairs = 0;
  for (const auto& s : fit_pingpong_segments(table, pairs))
    worst_pairs = std::max(worst_pairs, s.max_relative_error);
  CHECK(worst_pairs > 0.05);
}
