#include "models/least_squares.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tireplay::models {

Line fit_line(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w, size_t first,
              size_t last)
{
  double W = 0, Sx = 0, Sy = 0;
  for (size_t i = first; i <= last; i++) {
    W += w[i];
    Sx += w[i] * x[i];
    Sy += w[i] * y[i];
  }
  const double mx = Sx / W, my = Sy / W;
  double Sxx = 0, Sxy = 0;
  for (size_t i = first; i <= last; i++) {
    Sxx += w[i] * (x[i] - mx) * (x[i] - mx);
    Sxy += w[i] * (x[i] - mx) * (y[i] - my);
  }
  if (!(Sxx > 0))
    throw std::invalid_argument("a line needs two distinct sizes");
  Line line;
  line.slope     = Sxy / Sxx;
  line.intercept = my - line.slope * mx;
  return line;
}

Line fit_line_through_origin(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w,
                             size_t first, size_t last)
{
  double Sxx = 0, Sxy = 0;
  for (size_t i = first; i <= last; i++) {
    Sxx += w[i] * x[i] * x[i];
    Sxy += w[i] * x[i] * y[i];
  }
  return {0, Sxx > 0 ? Sxy / Sxx : 0};
}

Line fit_constant(const std::vector<double>& y, const std::vector<double>& w, size_t first, size_t last)
{
  double W = 0, Sy = 0;
  for (size_t i = first; i <= last; i++) {
    W += w[i];
    Sy += w[i] * y[i];
  }
  return {Sy / W, 0};
}

std::vector<double> relative_weights(const std::vector<double>& y)
{
  std::vector<double> w(y.size());
  for (size_t i = 0; i < y.size(); i++)
    w[i] = 1 / (y[i] * y[i]);
  return w;
}

double max_relative_error(const Line& line, const std::vector<double>& x, const std::vector<double>& y, size_t first,
                          size_t last)
{
  double worst = 0;
  for (size_t i = first; i <= last; i++)
    worst = std::max(worst, std::fabs(line.at(x[i]) - y[i]) / y[i]);
  return worst;
}

} // namespace tireplay::models
