#include "models/alltoall_models.hpp"

#include "models/collective_models.hpp"
#include "models/coll_args.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace tireplay::models {

double contention_free_lower_bound(int n, double m, double alpha, double beta)
{
  return (n - 1) * alpha + (n - 1) * beta * m;
}

double contention_ratio_time(int n, double m, double alpha, double beta, double gamma)
{
  return (n - 1) * (alpha + m * beta * gamma);
}

double contention_signature_time(int n, double m, double alpha, double beta, const ContentionSignature& signature)
{
  if (m < signature.threshold_bytes)
    return (n - 1) * (alpha + m * beta * signature.gamma);
  return (n - 1) * (alpha + m * beta * signature.gamma + signature.delta_seconds);
}

const std::vector<NamedContentionSignature>& contention_signatures()
{
  // Section V. "kB" is read as 1024 bytes: the measured sizes are powers of two. Myrinet's δ was "smaller than 1
  // microsecond" and left out of its fit: δ = 0, and M does not matter.
  static const std::vector<NamedContentionSignature> signatures{
      {"fast-ethernet", "gamma 1.0195, delta 8.23 ms from M = 2 kB (section V-A, 24 nodes)", {1.0195, 8.23e-3, 2048}},
      {"gigabit-ethernet", "gamma 4.3628, delta 4.93 ms from M = 8 kB (section V-B, 40 nodes)",
       {4.3628, 4.93e-3, 8192}},
      {"myrinet", "gamma 2.49754, no delta (section V-C, 24 nodes)", {2.49754, 0, 0}},
  };
  return signatures;
}

const ContentionSignature& contention_signature(std::string_view name)
{
  std::string valid;
  for (const auto& s : contention_signatures()) {
    if (s.name == name)
      return s.signature;
    valid += (valid.empty() ? "" : ", ") + std::string(s.name);
  }
  throw std::invalid_argument("unknown contention signature '" + std::string(name) + "' (valid: " + valid + ")");
}

ContentionSignature parse_contention_signature(const std::string& spec)
{
  if (spec.find(',') == std::string::npos)
    return contention_signature(spec);
  std::istringstream in(spec);
  ContentionSignature s;
  char comma1 = 0, comma2 = 0;
  in >> s.gamma >> comma1 >> s.delta_seconds >> comma2 >> s.threshold_bytes;
  bool ok = in && comma1 == ',' && comma2 == ',' && (in >> std::ws).eof();
  if (!ok || !std::isfinite(s.gamma) || !std::isfinite(s.delta_seconds) || !std::isfinite(s.threshold_bytes) ||
      s.gamma <= 0 || s.delta_seconds < 0 || s.threshold_bytes < 0)
    throw std::invalid_argument("contention signature '" + spec +
                                "': expected a name or gamma,delta_seconds,threshold_bytes (gamma > 0, the others "
                                ">= 0), e.g. 4.3628,0.00493,8192");
  return s;
}

namespace {

bool is_power_of_two(int P) { return P > 0 && (P & (P - 1)) == 0; }

double bytes_of(const CollArgs& args) { return static_cast<double>(args.bytes); }

} // namespace

double alltoall_linear_seconds(const ModelContext& ctx, double m, const std::optional<ContentionSignature>& signature)
{
  const int P = ctx.size;
  if (P < 2)
    return 0;
  if (!signature)  // every port serializes P - 1 messages, the backbone carries P at a time
    return fan_seconds(P - 1, m, crowded(ctx, ctx.p2p, P, true));
  Hockney line = alltoall_hockney(ctx.p2p, m);
  return contention_signature_time(P, m, line.alpha_seconds, line.beta_seconds_per_byte, *signature);
}

Hockney alltoall_hockney(const PointToPoint& p2p, double m)
{
  double beta_m = link_seconds(p2p, m);
  return {p2p.time(m) - beta_m, m > 0 ? beta_m / m : 0};
}

double predict_alltoall_linear(const ModelContext& ctx, const CollArgs& args)
{
  return alltoall_linear_seconds(ctx, bytes_of(args), ctx.alltoall_contention);
}

double predict_alltoall_pairwise(const ModelContext& ctx, const CollArgs& args)
{
  if (!is_power_of_two(ctx.size))
    return std::numeric_limits<double>::infinity();
  return (ctx.size - 1) * crowded(ctx, ctx.p2p, ctx.size, true).time(bytes_of(args));
}

double predict_alltoall_ring(const ModelContext& ctx, const CollArgs& args)
{
  return std::max(ctx.size - 1, 0) * crowded(ctx, ctx.p2p, ctx.size, true).time(bytes_of(args));
}

double predict_alltoall_bruck(const ModelContext& ctx, const CollArgs& args)
{
  const int P       = ctx.size;
  PointToPoint p2p  = crowded(ctx, ctx.p2p, P, true);
  double seconds    = 0;
  for (int bit = 1; bit < P; bit *= 2) {
    // Blocks b in [1, P) with this bit set: whole periods of 2 * bit hold `bit` each, then the partial one.
    int blocks = P / (2 * bit) * bit + std::max(0, P % (2 * bit) - bit);
    seconds += p2p.time(blocks * bytes_of(args));
  }
  return seconds;
}

namespace {

// alltoall/ompi.cpp's table: for communicators smaller than comm_below, the first step whose bound exceeds the
// message size names the algorithm; linear past the last step.
struct OmpiStep {
  uint64_t below;
  std::string_view algorithm;
};
struct OmpiRow {
  int comm_below;
  std::vector<OmpiStep> steps;
};

const std::vector<OmpiRow>& ompi_decision()
{
  constexpr uint64_t kMax = UINT64_MAX;
  static const std::vector<OmpiRow> rows{
      {3, {{2, "pairwise"}, {4, "linear"}, {16, "pairwise"}, {64, "linear"}, {256, "pairwise"}, {4096, "linear"},
           {32768, "pairwise"}, {262144, "linear"}, {1048576, "linear"}, {kMax, "pairwise"}}},
      {8, {{8192, "linear"}, {16384, "linear"}, {65536, "linear"}, {524288, "linear"}, {1048576, "pairwise"},
           {kMax, "linear"}}},
      {16, {{262144, "linear"}, {kMax, "linear"}}},
      {32, {{4, "linear"}, {512, "bruck"}, {8192, "linear"}, {32768, "linear"}, {262144, "linear"},
            {524288, "linear"}, {kMax, "linear"}}},
      {64, {{512, "bruck"}, {524288, "linear"}, {kMax, "linear"}}},
      {128, {{1024, "bruck"}, {2048, "linear"}, {4096, "linear"}, {262144, "linear"}, {kMax, "pairwise"}}},
      {256, {{1024, "bruck"}, {2048, "linear"}, {262144, "linear"}, {kMax, "pairwise"}}},
      {512, {{1024, "bruck"}, {8192, "linear"}, {32768, "linear"}, {kMax, "pairwise"}}},
      {1024, {{512, "bruck"}, {8192, "linear"}, {16384, "linear"}, {131072, "linear"}, {262144, "linear"},
              {kMax, "pairwise"}}},
      {2048, {{512, "bruck"}, {1024, "linear"}, {2048, "linear"}, {16384, "linear"}, {262144, "linear"},
              {kMax, "linear"}}},
      {4096, {{1024, "bruck"}, {4096, "linear"}, {8192, "linear"}, {131072, "linear"}, {kMax, "linear"}}},
      {std::numeric_limits<int>::max(),
       {{2048, "bruck"}, {8192, "linear"}, {16384, "linear"}, {32768, "linear"}, {65536, "linear"},
        {kMax, "linear"}}},
  };
  return rows;
}

} // namespace

std::string_view alltoall_ompi_choice(int P, uint64_t m)
{
  for (const auto& row : ompi_decision()) {
    if (P >= row.comm_below)
      continue;
    for (const auto& step : row.steps)
      if (m < step.below)
        return step.algorithm;
    break;
  }
  return "linear";
}

double alltoall_ompi_seconds(const ModelContext& ctx, const CollArgs& args,
                             const std::optional<ContentionSignature>& signature)
{
  std::string_view algorithm = alltoall_ompi_choice(ctx.size, args.bytes);
  if (algorithm == "pairwise")
    return predict_alltoall_pairwise(ctx, args);
  if (algorithm == "bruck")
    return predict_alltoall_bruck(ctx, args);
  return alltoall_linear_seconds(ctx, bytes_of(args), signature);
}

double predict_alltoall_ompi(const ModelContext& ctx, const CollArgs& args)
{
  return alltoall_ompi_seconds(ctx, args, ctx.alltoall_contention);
}

} // namespace tireplay::models
