// Unit tests of models/calibration_contention: the all-to-all contention signature of Steffenel, Martinasso and
// Trystram (section V) fitted back from times that equation 5 (models/alltoall_models.hpp, the model that consumes
// the signature) generates from the paper's published values.
#include "models/alltoall_models.hpp"
#include "models/calibration_contention.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace tireplay::models;

namespace {

std::vector<double> sizes() { return {1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576}; }

/// Equation 5 with constants alpha and beta (a point-to-point measure): the paper's setting.
void table_with_constants(const ContentionSignature& s, int n, double alpha, double beta,
                          std::vector<AlltoallPoint>& table, std::vector<Hockney>& terms)
{
  for (double m : sizes()) {
    table.push_back({n, m, contention_signature_time(n, m, alpha, beta, s)});
    terms.push_back({alpha, beta});
  }
}

void check_signature(const ContentionFit& fit, const ContentionSignature& expected)
{
  CHECK(fit.signature.gamma == Approx(expected.gamma).epsilon(1e-9));
  CHECK(fit.signature.delta_seconds == Approx(expected.delta_seconds).epsilon(1e-9).margin(1e-15));
  CHECK(fit.signature.threshold_bytes == expected.threshold_bytes);
  CHECK(fit.max_relative_error < 1e-9);
}

} // namespace

TEST_CASE("contention signature: section V-B's Gigabit Ethernet, gamma 4.3628, delta 4.93 ms above 8 kB",
          "[calibration]")
{
  // 40 processes, as the paper's sample; alpha 50 us, beta 8 ns/byte (Gigabit Ethernet).
  std::vector<AlltoallPoint> table;
  std::vector<Hockney> terms;
  table_with_constants(contention_signature("gigabit-ethernet"), 40, 50e-6, 8e-9, table, terms);
  ContentionFit fit = fit_contention_signature(table, terms);
  check_signature(fit, {4.3628, 4.93e-3, 8192});
  CHECK(contention_signature_spec(fit.signature) == "4.3628,0.00493,8192");
  CHECK(parse_contention_signature(contention_signature_spec(fit.signature)).gamma == 4.3628);
}

TEST_CASE("contention signature: every published signature, from several process counts", "[calibration]")
{
  for (const auto& named : contention_signatures()) {
    INFO(named.name);
    std::vector<AlltoallPoint> table;
    std::vector<Hockney> terms;
    for (int n : {8, 24, 40})
      table_with_constants(named.signature, n, 60e-6, 80e-9, table, terms);
    // Myrinet's delta is 0: no M then (the preset's M = 0).
    check_signature(fit_contention_signature(table, terms), named.signature);
  }
}

TEST_CASE("contention signature: fitted against the replay's model, alltoall_linear_seconds", "[calibration]")
{
  // alpha and beta as the replay's model takes them from a point-to-point with SMPI's default factors: they change
  // with the size. The times are the model's own, so the signature that made them must come back.
  RouteParams route{50e-6, 125e6};
  ModelContext ctx;
  ctx.p2p                 = smpi_point_to_point(route, NetworkFactors{});
  ctx.alltoall_contention = contention_signature("gigabit-ethernet");
  std::vector<AlltoallPoint> table;
  std::vector<Hockney> terms;
  for (int n : {16, 40}) {
    ctx.size = n;
    for (double m : sizes()) {
      table.push_back({n, m, alltoall_linear_seconds(ctx, m, ctx.alltoall_contention)});
      terms.push_back(alltoall_hockney(ctx.p2p, m));
    }
  }
  check_signature(fit_contention_signature(table, terms), {4.3628, 4.93e-3, 8192});
}

TEST_CASE("contention signature: 1% measurement noise", "[calibration]")
{
  std::vector<AlltoallPoint> table;
  std::vector<Hockney> terms;
  table_with_constants(contention_signature("fast-ethernet"), 24, 60e-6, 80e-9, table, terms);
  for (size_t i = 0; i < table.size(); i++)  // alternately 1% above and below
    table[i].seconds *= i % 2 ? 1.01 : 0.99;
  ContentionFit fit = fit_contention_signature(table, terms);
  CHECK(fit.signature.gamma == Approx(1.0195).epsilon(0.03));
  CHECK(fit.signature.delta_seconds == Approx(8.23e-3).epsilon(0.03));
  CHECK(fit.signature.threshold_bytes == 2048);
  CHECK(fit.rms_relative_error == Approx(0.01).epsilon(0.2));
}

TEST_CASE("contention signature: errors", "[calibration]")
{
  std::vector<Hockney> terms(3, Hockney{50e-6, 8e-9});
  std::vector<AlltoallPoint> three{{40, 1024, 1e-2}, {40, 2048, 2e-2}, {40, 4096, 3e-2}};
  CHECK_THROWS_WITH(fit_contention_signature(three, terms),
                    "the table holds 3 measurement(s): the fit compares at least four (section V)");
  // Times below the contention-free bound: no gamma > 0 fits.
  std::vector<AlltoallPoint> fast{{40, 1024, 1e-4}, {40, 2048, 1e-4}, {40, 4096, 1e-4}, {40, 8192, 1e-4}};
  terms.resize(4, Hockney{50e-6, 8e-9});
  CHECK_THROWS_WITH(fit_contention_signature(fast, terms),
                    "no contention signature with gamma > 0 and delta >= 0 fits these times (are alpha and beta "
                    "those of the network measured?)");
}
