#include "models/model_context.hpp"

#include <algorithm>

namespace tireplay::models {

double PointToPoint::gap(double bytes) const
{
  // Last segment whose lower bound is <= bytes.
  auto it      = std::upper_bound(size_bounds.begin(), size_bounds.end(), bytes);
  size_t index = it == size_bounds.begin() ? 0 : static_cast<size_t>(it - size_bounds.begin()) - 1;
  return gap_fixed[index] + gap_per_byte[index] * bytes;
}

PointToPoint PointToPoint::hockney(double alpha, double beta)
{
  PointToPoint p;
  p.latency         = alpha;
  p.gap_per_byte[0] = beta;
  return p;
}

} // namespace tireplay::models
