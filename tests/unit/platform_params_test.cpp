// Unit tests of models/point_to_point and models/platform_params: SMPI's size factors, one message alone on a
// route as SimGrid 3.32's SMPI network model times it, and its pLogP / Hockney / LogGP forms.
// Expected times are written out by hand: time(m) = latency * lat_factor(m + 16) + (m + 16) / (rate * bw_factor(m + 16)).
#include "models/platform_params.hpp"

#include <catch2/catch.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <cmath>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tireplay::models;
using Catch::Matchers::Contains;
namespace sg4 = simgrid::s4u;

namespace {

/// The one engine of the test binary (SimGrid allows one per process), with tests/unit/data/models/routes.xml.
sg4::Engine& engine()
{
  static int argc       = 3;
  static char arg0[]    = "unit";
  static char arg1[]    = "--cfg=network/model:SMPI";
  static char arg2[]    = "--log=root.thres:critical";
  static char* argv[]   = {arg0, arg1, arg2, nullptr};
  static sg4::Engine e(&argc, argv);
  static bool loaded = [] {
    e.load_platform((std::filesystem::path(__FILE__).parent_path() / "data/models/routes.xml").string());
    return true;
  }();
  (void)loaded;
  return e;
}

const sg4::Host& host(const char* name)
{
  return *engine().host_by_name(name);
}

// SMPI's default factors by message size m (payload m + 16), from the thresholds 0, 257, 732, ..., 65472.
struct Range {
  double m;
  double lat_factor;
  double bw_factor;
};
const std::vector<Range> kDefaultRanges = {
    {0, 2.01467, 0.812084},           // payload 16: above threshold 0
    {241, 2.01467, 0.812084},         // payload 257: not above 257
    {242, 1.95341, 0.338112},         // payload 258
    {1000, 1.9503, 0.341987},         // payload 1016: above 732
    {1411, 1.61075, 0.608902},        // payload 1427: above 1426
    {65456, 3.48845, 0.697866},       // payload 65472: not above 65472
    {65457, 11.6436, 0.940694},       // payload 65473
    {1000000, 11.6436, 0.940694},
};

double hand_time(double latency, double rate, const Range& r)
{
  return latency * r.lat_factor + (r.m + 16) / (rate * r.bw_factor);
}

} // namespace

TEST_CASE("size factors follow SMPI's thresholds: a value applies above its threshold", "[models]")
{
  SizeFactors bw(kDefaultBandwidthFactors);
  CHECK(bw.at(0) == 1);  // not above the smallest threshold, 0
  CHECK(bw.at(16) == 0.812084);
  CHECK(bw.at(257) == 0.812084);
  CHECK(bw.at(258) == 0.338112);
  CHECK(bw.at(65472) == 0.697866);
  CHECK(bw.at(65473) == 0.940694);
  CHECK(bw.steps().size() == 9);
  CHECK(bw.steps().front().threshold == 0);
  CHECK(bw.steps().back().threshold == 65472);

  SizeFactors extra("100:2:7;;10:3;");  // unsorted, an empty chunk, extra values after the first
  CHECK(extra.at(10) == 1);
  CHECK(extra.at(11) == 3);
  CHECK(extra.at(101) == 2);
}

TEST_CASE("malformed size factors name the option and the chunk", "[models]")
{
  CHECK_THROWS_WITH(SizeFactors("", "smpi/bw-factor"), "--cfg smpi/bw-factor: '' has no threshold:factor chunk");
  CHECK_THROWS_WITH(SizeFactors("0:1;12", "smpi/bw-factor"), "--cfg smpi/bw-factor: chunk '12' is not threshold:factor");
  CHECK_THROWS_WITH(SizeFactors("x:1", "smpi/lat-factor"),
                    "--cfg smpi/lat-factor: chunk 'x:1' does not start with a non-negative whole number of bytes");
  CHECK_THROWS_WITH(SizeFactors("-5:1", "f"), "--cfg f: chunk '-5:1' does not start with a non-negative whole number of bytes");
  CHECK_THROWS_WITH(SizeFactors("5:0", "f"), "--cfg f: chunk '5:0' has no positive factor after the ':'");
  CHECK_THROWS_WITH(SizeFactors("5:1x", "f"), "--cfg f: chunk '5:1x' has no positive factor after the ':'");
}

TEST_CASE("a route's PointToPoint gives SimGrid's time for every factor range", "[models]")
{
  RouteParams route{1e-3, 1e8};
  NetworkFactors f;
  PointToPoint p = smpi_point_to_point(route, f);
  // L = 1 ms * the smallest latency factor (1.61075, for payloads in (1426, 3484]), so that no range's
  // g(m) is negative; ranges start where m + 16 exceeds a threshold.
  CHECK(p.latency == Approx(1e-3 * 1.61075).epsilon(1e-15));
  for (size_t i = 0; i < p.size_bounds.size(); i++)
    CHECK(p.gap(p.size_bounds[i]) >= 0);
  CHECK(p.size_bounds == std::vector<double>{0, 242, 717, 1411, 3469, 5761, 9361, 15409, 65457});
  for (const auto& r : kDefaultRanges) {
    INFO("m = " << r.m);
    CHECK(p.time(r.m) == Approx(hand_time(1e-3, 1e8, r)).epsilon(1e-14));
    CHECK(smpi_message_seconds(route, f, r.m) == Approx(hand_time(1e-3, 1e8, r)).epsilon(1e-14));
  }
  // Every whole size around every bound.
  for (double bound : p.size_bounds)
    for (double m = std::max(0.0, bound - 2); m <= bound + 2; m++) {
      INFO("m = " << m);
      CHECK(p.time(m) == Approx(smpi_message_seconds(route, f, m)).epsilon(1e-14));
    }
}

TEST_CASE("factors of 1 leave latency + (m + 16) / bandwidth", "[models]")
{
  NetworkFactors f;
  f.bandwidth    = SizeFactors("0:1");
  f.latency      = SizeFactors("0:1");
  PointToPoint p = smpi_point_to_point({1e-3, 1e8}, f);
  CHECK(p.size_bounds == std::vector<double>{0});
  CHECK(p.time(1000) == Approx(0.001 + 1016 / 1e8).epsilon(1e-15));

  // A threshold below the envelope applies from the empty message on; one at 16 from m = 1.
  f.bandwidth = SizeFactors("8:0.5;16:0.25");
  p           = smpi_point_to_point({0, 1e8}, f);
  CHECK(p.size_bounds == std::vector<double>{0, 1});
  CHECK(p.time(0) == Approx(16 / 0.5e8).epsilon(1e-15));
  CHECK(p.time(1) == Approx(17 / 0.25e8).epsilon(1e-15));

  // A route without links: only the latency.
  p = smpi_point_to_point({2e-6, std::numeric_limits<double>::infinity()}, f);
  CHECK(p.time(1e9) == 2e-6);
}

TEST_CASE("Hockney and LogGP views are exact on the range of the size they are taken at", "[models]")
{
  Hockney h = hockney_view(PointToPoint::hockney(3e-6, 2e-9), 100);
  CHECK(h.alpha_seconds == 3e-6);
  CHECK(h.beta_seconds_per_byte == 2e-9);

  PointToPoint p                 = smpi_point_to_point({1e-3, 1e8}, NetworkFactors{});
  p.send_overhead_per_message    = 1e-6;
  p.receive_overhead_per_message = 3e-6;
  for (double at : {0.0, 1000.0, 100000.0}) {
    h       = hockney_view(p, at);
    LogGP g = loggp_view(p, at);
    CHECK(g.overhead_seconds == Approx(2e-6));
    CHECK(g.gap_seconds == p.gap(1));
    for (double m : {at, at + 10, at + 200}) {
      INFO("range of " << at << ", m = " << m);
      double end_to_end = 1e-6 + p.time(m) + 3e-6;
      CHECK(h.alpha_seconds + h.beta_seconds_per_byte * m == Approx(end_to_end).epsilon(1e-13));
      CHECK(2 * g.overhead_seconds + g.latency_seconds + (m - 1) * g.gap_per_byte_seconds ==
            Approx(end_to_end).epsilon(1e-13));
    }
  }
}

TEST_CASE("the engine's factors are SimGrid's defaults", "[models][platform]")
{
  engine();
  NetworkFactors f = network_factors_from_config();
  NetworkFactors d;
  REQUIRE(f.bandwidth.steps().size() == d.bandwidth.steps().size());
  REQUIRE(f.latency.steps().size() == d.latency.steps().size());
  for (size_t i = 0; i < d.bandwidth.steps().size(); i++) {
    CHECK(f.bandwidth.steps()[i].threshold == d.bandwidth.steps()[i].threshold);
    CHECK(f.bandwidth.steps()[i].value == d.bandwidth.steps()[i].value);
    CHECK(f.latency.steps()[i].threshold == d.latency.steps()[i].threshold);
    CHECK(f.latency.steps()[i].value == d.latency.steps()[i].value);
  }
  CHECK(f.tcp_gamma_bytes == 4194304);
  CHECK(f.crosstraffic);
}

TEST_CASE("route parameters: cross-traffic on shared links, split-duplex, fat pipe, TCP-gamma", "[models][platform]")
{
  NetworkFactors f;
  // One SHARED link that both directions use: the flow's weight on it is 1 + 0.05.
  RouteParams wire = route_params(host("h0"), host("h1"), f);
  CHECK(wire.latency_seconds == Approx(1e-3).epsilon(1e-15));
  CHECK(wire.rate_bytes_per_second == Approx(1e8 / 1.05).epsilon(1e-15));
  CHECK(route_params(host("h1"), host("h0"), f).rate_bytes_per_second == Approx(1e8 / 1.05).epsilon(1e-15));

  // SPLITDUPLEX (weight 1 on its UP half), FATPIPE (the largest weight, 1), SHARED (1.05 on 1 GB/s).
  RouteParams three = route_params(host("h2"), host("h3"), f);
  CHECK(three.latency_seconds == Approx(70e-6).epsilon(1e-15));
  CHECK(three.rate_bytes_per_second == Approx(125e6).epsilon(1e-15));

  // 1 GB/s, 10 ms: TCP-gamma / (2 * 10 ms).
  CHECK(route_params(host("h0"), host("h3"), f).rate_bytes_per_second == Approx(4194304 / 0.02).epsilon(1e-15));

  // A host to itself: SimGrid's loopback (network/loopback-bw 10 GB/s, latency 0, FATPIPE: weight 1).
  RouteParams self = route_params(host("h0"), host("h0"), f);
  CHECK(self.latency_seconds == 0);
  CHECK(self.rate_bytes_per_second == Approx(1e10).epsilon(1e-15));

  f.crosstraffic = false;
  CHECK(route_params(host("h0"), host("h1"), f).rate_bytes_per_second == Approx(1e8).epsilon(1e-15));
  f.tcp_gamma_bytes = 1e5;  // 1e5 / (2 * 1 ms) = 5e7 < 1e8
  CHECK(route_params(host("h0"), host("h1"), f).rate_bytes_per_second == Approx(5e7).epsilon(1e-15));
}

TEST_CASE("point_to_point of a one-link and a three-link route, by hand", "[models][platform]")
{
  NetworkFactors f;
  PointToPoint wire  = point_to_point(host("h0"), host("h1"), f);
  PointToPoint three = point_to_point(host("h2"), host("h3"), f);
  PointToPoint wan   = point_to_point(host("h0"), host("h3"), f);
  for (const auto& r : kDefaultRanges) {
    INFO("m = " << r.m);
    CHECK(wire.time(r.m) == Approx(hand_time(1e-3, 1e8 / 1.05, r)).epsilon(1e-13));
    CHECK(three.time(r.m) == Approx(hand_time(70e-6, 125e6, r)).epsilon(1e-13));
    CHECK(wan.time(r.m) == Approx(hand_time(10e-3, 4194304 / 0.02, r)).epsilon(1e-13));
  }
  // Written out once: 1 MB on the wire = 1 ms * 11.6436 + 1000016 B / (1e8 / 1.05 B/s * 0.940694).
  CHECK(wire.time(1e6) == Approx(0.0116436 + 1000016 * 1.05 / 0.940694e8).epsilon(1e-13));
}

TEST_CASE("context_for takes the slowest sampled pair and the slowest host", "[models][platform]")
{
  engine();
  NetworkFactors f;
  auto* h0 = sg4::Host::by_name("h0");
  auto* h1 = sg4::Host::by_name("h1");
  auto* h3 = sg4::Host::by_name("h3");

  ModelContext c = context_for({h0, h1, h3}, f);
  CHECK(c.size == 3);
  CHECK(c.flops_per_second == 5e8);
  PointToPoint wan = point_to_point(*h0, *h3, f);
  CHECK(c.p2p.latency == wan.latency);
  CHECK(c.p2p.time(12345) == wan.time(12345));

  // One sample: rank 0 -> rank 1 only.
  c = context_for({h0, h1, h3}, f, 1 << 20, 1);
  CHECK(c.p2p.time(12345) == point_to_point(*h0, *h1, f).time(12345));

  c = context_for({h0}, f);
  CHECK(c.size == 1);
  CHECK(c.p2p.time(1000) == 0);
  CHECK(c.flops_per_second == 1e9);
}
