// Open MPI's all-to-all decision (smpi_openmpi_selector.cpp, alltoall__ompi), SMPI's default: the algorithm
// depends on the communicator size and the bytes sent to each rank. The thresholds are data.
#include "replay/collectives/algorithms.hpp"

#include <array>
#include <cstdint>

namespace tireplay::algorithms {
namespace {

enum Alg : uint8_t { Linear, Pairwise, Bruck };

struct Step {
  uint64_t below;  // bytes per destination below which `alg` applies
  Alg alg;
};
struct Row {
  int comm_below;  // communicator sizes below this one
  std::array<Step, 10> steps;
};

constexpr uint64_t kMax = UINT64_MAX;
// Open MPI's algorithm numbers 1 (linear), 4 (linear_sync) and 5 (two_proc) all run basic_linear in SMPI.
constexpr std::array<Row, 11> kDecision{{
    {3, {{{2, Pairwise}, {4, Linear}, {16, Pairwise}, {64, Linear}, {256, Pairwise}, {4096, Linear},
          {32768, Pairwise}, {262144, Linear}, {1048576, Linear}, {kMax, Pairwise}}}},
    {8, {{{8192, Linear}, {16384, Linear}, {65536, Linear}, {524288, Linear}, {1048576, Pairwise}, {kMax, Linear}}}},
    {16, {{{262144, Linear}, {kMax, Linear}}}},
    {32, {{{4, Linear}, {512, Bruck}, {8192, Linear}, {32768, Linear}, {262144, Linear}, {524288, Linear},
           {kMax, Linear}}}},
    {64, {{{512, Bruck}, {524288, Linear}, {kMax, Linear}}}},
    {128, {{{1024, Bruck}, {2048, Linear}, {4096, Linear}, {262144, Linear}, {kMax, Pairwise}}}},
    {256, {{{1024, Bruck}, {2048, Linear}, {262144, Linear}, {kMax, Pairwise}}}},
    {512, {{{1024, Bruck}, {8192, Linear}, {32768, Linear}, {kMax, Pairwise}}}},
    {1024, {{{512, Bruck}, {8192, Linear}, {16384, Linear}, {131072, Linear}, {262144, Linear}, {kMax, Pairwise}}}},
    {2048, {{{512, Bruck}, {1024, Linear}, {2048, Linear}, {16384, Linear}, {262144, Linear}, {kMax, Linear}}}},
    {4096, {{{1024, Bruck}, {4096, Linear}, {8192, Linear}, {131072, Linear}, {kMax, Linear}}}},
}};
constexpr Row kLargest{INT32_MAX,
                       {{{2048, Bruck}, {8192, Linear}, {16384, Linear}, {32768, Linear}, {65536, Linear},
                         {kMax, Linear}}}};

Alg choose(int comm_size, uint64_t bytes)
{
  const Row* row = &kLargest;
  for (const auto& r : kDecision)
    if (comm_size < r.comm_below) {
      row = &r;
      break;
    }
  for (const auto& step : row->steps)
    if (step.below != 0 && bytes < step.below)
      return step.alg;
  return Linear;
}

} // namespace

void alltoall_ompi(Coll& c, const CollArgs& a)
{
  switch (choose(c.size(), a.bytes)) {
    case Pairwise: return alltoall_pairwise(c, a);
    case Bruck: return alltoall_bruck(c, a);
    case Linear: return alltoall_linear(c, a);
  }
}

} // namespace tireplay::algorithms
