#include "models/calibration_contention.hpp"

#include "models/alltoall_models.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <stdexcept>

namespace tireplay::models {
namespace {

struct Candidate {
  double gamma = 0, delta = 0;
  double residual = std::numeric_limits<double>::infinity();
};

/// γ and δ for threshold M (no δ when `with_delta` is false), from the normal equations
///   [Σuu Σuv] [γ]   [Σur]
///   [Σuv Σvv] [δ] = [Σvr]
Candidate solve(const std::vector<double>& u, const std::vector<double>& v, const std::vector<double>& r,
                bool with_delta)
{
  double suu = 0, suv = 0, svv = 0, sur = 0, svr = 0;
  for (size_t i = 0; i < u.size(); i++) {
    suu += u[i] * u[i];
    sur += u[i] * r[i];
    if (with_delta) {
      suv += u[i] * v[i];
      svv += v[i] * v[i];
      svr += v[i] * r[i];
    }
  }
  Candidate c;
  if (!with_delta) {
    if (!(suu > 0))
      return c;
    c.gamma = sur / suu;
  } else {
    double det = suu * svv - suv * suv;
    if (!(det > 1e-12 * suu * svv))  // v nearly proportional to u: δ and γ not told apart
      return c;
    c.gamma = (sur * svv - suv * svr) / det;
    c.delta = (suu * svr - suv * sur) / det;
  }
  if (!(c.gamma > 0) || c.delta < 0)
    return c;
  c.residual = 0;  // Σ (γu + δv − r)², summed as is: expanded, it would cancel down to rounding
  for (size_t i = 0; i < u.size(); i++) {
    double e = c.gamma * u[i] + (with_delta ? c.delta * v[i] : 0) - r[i];
    c.residual += e * e;
  }
  return c;
}

} // namespace

ContentionFit fit_contention_signature(const std::vector<AlltoallPoint>& points, const std::vector<Hockney>& terms)
{
  if (points.size() < kContentionMinPoints)
    throw std::invalid_argument("the table holds " + std::to_string(points.size()) +
                                " measurement(s): the fit compares at least four (section V)");
  if (terms.size() != points.size())
    throw std::invalid_argument("one alpha and beta per measurement expected");
  const size_t N = points.size();
  std::vector<double> u(N), r(N), v(N);
  std::set<double> sizes;
  for (size_t i = 0; i < N; i++) {
    const auto& p = points[i];
    if (p.processes < 2 || !(p.seconds > 0) || !(p.bytes >= 0))
      throw std::invalid_argument("a measurement needs n >= 2 processes, m >= 0 bytes and a positive time");
    double n1 = p.processes - 1;
    u[i]      = n1 * p.bytes * terms[i].beta_seconds_per_byte / p.seconds;
    r[i]      = 1 - n1 * terms[i].alpha_seconds / p.seconds;
    sizes.insert(p.bytes);
  }

  // A candidate must beat the best by more than rounding: relative errors of 1e-9 per point are the arithmetic's,
  // not the measurements' (without the margin, exact times of a signature without δ would get a δ of 1e-18 s).
  const double rounding = 1e-18 * static_cast<double>(N);
  Candidate best        = solve(u, v, r, false);
  double best_M         = 0;
  size_t above   = sizes.size();  // distinct sizes at or above M
  for (double M : sizes) {
    if (above-- < 2)
      break;
    for (size_t i = 0; i < N; i++)
      v[i] = points[i].bytes >= M ? (points[i].processes - 1) / points[i].seconds : 0;
    Candidate c = solve(u, v, r, true);
    if (c.residual < best.residual - rounding) {
      best   = c;
      best_M = M;
    }
  }
  if (!std::isfinite(best.residual))
    throw std::invalid_argument("no contention signature with gamma > 0 and delta >= 0 fits these times (are "
                                "alpha and beta those of the network measured?)");

  ContentionFit fit;
  fit.signature = {best.gamma, best.delta, best.delta > 0 ? best_M : 0};
  fit.points    = N;
  double sum    = 0;
  for (size_t i = 0; i < N; i++) {
    const auto& p = points[i];
    double T = contention_signature_time(p.processes, p.bytes, terms[i].alpha_seconds,
                                         terms[i].beta_seconds_per_byte, fit.signature);
    double e = (T - p.seconds) / p.seconds;
    sum += e * e;
    fit.max_relative_error = std::max(fit.max_relative_error, std::fabs(e));
  }
  fit.rms_relative_error = std::sqrt(sum / static_cast<double>(N));
  return fit;
}

std::string contention_signature_spec(const ContentionSignature& s)
{
  char text[96];
  std::snprintf(text, sizeof text, "%.6g,%.6g,%.0f", s.gamma, s.delta_seconds, s.threshold_bytes);
  return text;
}

} // namespace tireplay::models
