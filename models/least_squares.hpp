// Weighted linear least squares, for the calibration fits (models/calibration_*.hpp). Timings of a calibration
// span several decades (a 1-byte ping-pong takes microseconds, an 8 MiB one a tenth of a second), so the fits
// weigh each point by 1 / y²: they minimize the squared *relative* residuals, which a plain least squares on
// seconds would leave to the largest sizes alone. That is a generalized least squares whose errors grow with the
// time measured (the all-to-all paper, section V, fits its signature "with the Generalized Least Squares method").
#pragma once

#include <cstddef>
#include <vector>

namespace tireplay::models {

struct Line {
  double intercept = 0;
  double slope     = 0;
  double at(double x) const { return intercept + slope * x; }
};

/// The line a + b x minimizing Σ w_i (y_i − a − b x_i)² over the points first..last (inclusive):
///   b = Σ w (x − x̄)(y − ȳ) / Σ w (x − x̄)²,  a = ȳ − b x̄   (x̄, ȳ: the weighted means)
/// Throws std::invalid_argument when the points hold fewer than two distinct x.
Line fit_line(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w, size_t first,
              size_t last);

/// The line through the origin, b x, minimizing the same sum: b = Σ w x y / Σ w x².
Line fit_line_through_origin(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w,
                             size_t first, size_t last);

/// The constant a minimizing the same sum: a = ȳ.
Line fit_constant(const std::vector<double>& y, const std::vector<double>& w, size_t first, size_t last);

/// Weights 1 / y_i² (relative residuals).
std::vector<double> relative_weights(const std::vector<double>& y);

/// max |line(x_i) − y_i| / y_i over first..last.
double max_relative_error(const Line& line, const std::vector<double>& x, const std::vector<double>& y, size_t first,
                          size_t last);

} // namespace tireplay::models
