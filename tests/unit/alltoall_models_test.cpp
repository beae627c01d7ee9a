// Unit tests of models/alltoall_models: the equations of Steffenel, Martinasso and Trystram (IJPCC 2008), sections
// III-V, their published signatures, and the all-to-all CostFunctions, by hand with Hockney parameters
// L = 1 ms, g(x) = x * 1e-8 s.
#include "models/alltoall_models.hpp"

#include "replay/collectives/registry.hpp"

#include "tests/unit/model_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

using namespace tireplay;
using namespace tireplay::models;
using namespace tireplay::testing;

namespace {

constexpr double L = kLatency;
constexpr double B = kSecondsByte;

} // namespace

TEST_CASE("Proposition 1: (n - 1) alpha + (n - 1) beta m", "[alltoall_models]")
{
  // 24 nodes, alpha = 60 us, beta = 80 ns/byte, m = 1024: 23 * 60e-6 + 23 * 8e-8 * 1024
  CHECK(contention_free_lower_bound(24, 1024, 60e-6, 8e-8) == Approx(1.38e-3 + 1.88416e-3));
  CHECK(contention_free_lower_bound(1, 1024, 60e-6, 8e-8) == 0);
}

TEST_CASE("Equation 4: (n - 1) (alpha + m beta gamma)", "[alltoall_models]")
{
  // 23 * (60e-6 + 1024 * 8e-8 * 2) = 23 * 2.2384e-4
  CHECK(contention_ratio_time(24, 1024, 60e-6, 8e-8, 2) == Approx(5.14832e-3));
  // gamma = 1 is the lower bound: gamma scales m beta only, never alpha.
  CHECK(contention_ratio_time(24, 1024, 60e-6, 8e-8, 1) == Approx(contention_free_lower_bound(24, 1024, 60e-6, 8e-8)));
}

TEST_CASE("Equation 5: delta from the threshold M on", "[alltoall_models]")
{
  const ContentionSignature fast_ethernet = contention_signature("fast-ethernet");
  // m < M = 2048: equation 4, 23 * (60e-6 + 1024 * 8e-8 * 1.0195)
  CHECK(contention_signature_time(24, 1024, 60e-6, 8e-8, fast_ethernet) ==
        Approx(23 * (60e-6 + 1024 * 8e-8 * 1.0195)));
  // m = M: 23 * (60e-6 + 2048 * 8e-8 * 1.0195 + 8.23e-3)
  CHECK(contention_signature_time(24, 2048, 60e-6, 8e-8, fast_ethernet) ==
        Approx(23 * (60e-6 + 2048 * 8e-8 * 1.0195 + 8.23e-3)));
  CHECK(contention_signature_time(24, 2048, 60e-6, 8e-8, {1, 0, 0}) ==
        Approx(contention_free_lower_bound(24, 2048, 60e-6, 8e-8)));
}

TEST_CASE("The published signatures, as section V prints them", "[alltoall_models]")
{
  const ContentionSignature& fe = contention_signature("fast-ethernet");  // V-A
  CHECK(fe.gamma == 1.0195);
  CHECK(fe.delta_seconds == 8.23e-3);
  CHECK(fe.threshold_bytes == 2048);
  const ContentionSignature& ge = contention_signature("gigabit-ethernet");  // V-B
  CHECK(ge.gamma == 4.3628);
  CHECK(ge.delta_seconds == 4.93e-3);
  CHECK(ge.threshold_bytes == 8192);
  const ContentionSignature& my = contention_signature("myrinet");  // V-C: "2,49754", delta below 1 us
  CHECK(my.gamma == 2.49754);
  CHECK(my.delta_seconds == 0);
  CHECK(contention_signatures().size() == 3);
}

TEST_CASE("Signatures: unknown names and malformed values", "[alltoall_models]")
{
  CHECK_THROWS_WITH(contention_signature("infiniband"),
                    "unknown contention signature 'infiniband' (valid: fast-ethernet, gigabit-ethernet, myrinet)");
  CHECK_THROWS_AS(parse_contention_signature("infiniband"), std::invalid_argument);

  ContentionSignature given = parse_contention_signature("4.3628,0.00493,8192");
  CHECK(given.gamma == 4.3628);
  CHECK(given.delta_seconds == 0.00493);
  CHECK(given.threshold_bytes == 8192);
  CHECK(parse_contention_signature("myrinet").gamma == 2.49754);

  const std::string expected = "expected a name or gamma,delta_seconds,threshold_bytes (gamma > 0, the others >= 0), "
                               "e.g. 4.3628,0.00493,8192";
  CHECK_THROWS_WITH(parse_contention_signature("1,2"), "contention signature '1,2': " + expected);
  for (const char* bad : {"0,1,1", "1,-1,0", "1,0,-5", "a,b,c", "1,2,3,4", "1,2,3x", "nan,0,0"})
    CHECK_THROWS_AS(parse_contention_signature(bad), std::invalid_argument);
}

TEST_CASE("linear all-to-all without a signature: L + (P - 1) g(m)", "[alltoall_models]")
{
  CHECK(predict_alltoall_linear(hockney(1), bytes(1000)) == 0);
  CHECK(predict_alltoall_linear(hockney(2), bytes(1000)) == Approx(L + 1e-5));
  CHECK(predict_alltoall_linear(hockney(4), bytes(1000)) == Approx(L + 3e-5));
  CHECK(predict_alltoall_linear(hockney(5), bytes(1000)) == Approx(L + 4e-5));
  CHECK(predict_alltoall_linear(hockney(8), bytes(1000)) == Approx(L + 7e-5));
}

TEST_CASE("linear all-to-all with a signature: equation 5 with alpha = L, beta = slope of g", "[alltoall_models]")
{
  const ContentionSignature ge = contention_signature("gigabit-ethernet");
  // m = 1000 < M: 3 (1e-3 + 1000 * 1e-8 * 4.3628)
  CHECK(alltoall_linear_seconds(hockney(4), 1000, ge) == Approx(3 * 1.043628e-3));
  // m = 10000 >= M: 3 (1e-3 + 1e-4 * 4.3628 + 4.93e-3)
  CHECK(alltoall_linear_seconds(hockney(4), 10000, ge) == Approx(3 * 6.36628e-3));
  CHECK(alltoall_linear_seconds(hockney(1), 10000, ge) == 0);

  // A piecewise g: from 4096 bytes on, g(x) = 5 us + x * 5e-9. alpha takes the fixed gap, gamma does not scale it:
  // 3 (1e-3 + 5e-6 + 10000 * 5e-9 * 2)
  ModelContext piecewise = hockney(4);
  piecewise.p2p.size_bounds  = {0, 4096};
  piecewise.p2p.gap_fixed    = {0, 5e-6};
  piecewise.p2p.gap_per_byte = {1e-8, 5e-9};
  CHECK(alltoall_linear_seconds(piecewise, 10000, ContentionSignature{2, 0, 0}) == Approx(3 * 1.105e-3));
}

TEST_CASE("pairwise and ring all-to-all: (P - 1) (L + g(m))", "[alltoall_models]")
{
  for (CostFunction predict : {predict_alltoall_pairwise, predict_alltoall_ring}) {
    CHECK(predict(hockney(1), bytes(1000)) == 0);
    CHECK(predict(hockney(2), bytes(1000)) == Approx(1.01e-3));
    CHECK(predict(hockney(4), bytes(1000)) == Approx(3.03e-3));
    CHECK(predict(hockney(8), bytes(1000)) == Approx(7.07e-3));
  }
  CHECK(predict_alltoall_ring(hockney(5), bytes(1000)) == Approx(4.04e-3));
  CHECK(std::isinf(predict_alltoall_pairwise(hockney(5), bytes(1000))));
  CHECK(std::isinf(predict_alltoall_pairwise(hockney(6), bytes(1000))));
}

TEST_CASE("Bruck all-to-all: one step per bit, the blocks with that bit set", "[alltoall_models]")
{
  CHECK(predict_alltoall_bruck(hockney(1), bytes(1000)) == 0);
  CHECK(predict_alltoall_bruck(hockney(2), bytes(1000)) == Approx(L + 1e-5));        // block 1
  CHECK(predict_alltoall_bruck(hockney(4), bytes(1000)) == Approx(2 * (L + 2e-5)));  // {1,3}, {2,3}
  // {1,3}, {2,3}, {4}
  CHECK(predict_alltoall_bruck(hockney(5), bytes(1000)) == Approx(2 * (L + 2e-5) + L + 1e-5));
  CHECK(predict_alltoall_bruck(hockney(8), bytes(1000)) == Approx(3 * (L + 4e-5)));  // 4 blocks per step
}

TEST_CASE("Open MPI's all-to-all decision, as alltoall/ompi.cpp has it", "[alltoall_models]")
{
  CHECK(alltoall_ompi_choice(2, 1) == "pairwise");
  CHECK(alltoall_ompi_choice(2, 3) == "linear");
  CHECK(alltoall_ompi_choice(2, 1000) == "linear");
  CHECK(alltoall_ompi_choice(2, 5000) == "pairwise");
  CHECK(alltoall_ompi_choice(2, 2000000) == "pairwise");
  CHECK(alltoall_ompi_choice(4, 1000) == "linear");
  CHECK(alltoall_ompi_choice(5, 600000) == "pairwise");
  CHECK(alltoall_ompi_choice(8, 1000) == "linear");
  CHECK(alltoall_ompi_choice(16, 2) == "linear");
  CHECK(alltoall_ompi_choice(16, 100) == "bruck");
  CHECK(alltoall_ompi_choice(64, 1000) == "bruck");
  CHECK(alltoall_ompi_choice(64, 300000) == "pairwise");
  CHECK(alltoall_ompi_choice(5000, 100) == "bruck");
  CHECK(alltoall_ompi_choice(5000, 100000) == "linear");
}

TEST_CASE("ompi all-to-all: the model of the algorithm it runs", "[alltoall_models]")
{
  CHECK(predict_alltoall_ompi(hockney(4), bytes(1000)) == Approx(L + 3e-5));       // linear
  CHECK(predict_alltoall_ompi(hockney(2), bytes(1)) == Approx(L + 1e-8));          // pairwise
  CHECK(predict_alltoall_ompi(hockney(16), bytes(100)) ==                          // bruck
        predict_alltoall_bruck(hockney(16), bytes(100)));
  CHECK(std::isinf(predict_alltoall_ompi(hockney(5), bytes(600000))));  // pairwise on 5 ranks: the replay fails
  CHECK(alltoall_ompi_seconds(hockney(4), bytes(1000), contention_signature("gigabit-ethernet")) ==
        Approx(3 * 1.043628e-3));
}
