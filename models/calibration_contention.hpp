// A network's all-to-all contention signature fitted to measured all-to-all times, as section V of Steffenel,
// Martinasso and Trystram, "Assessing Contention Effects of All-to-All Communications on Clusters and Grids"
// (IJPCC 4(4), 2008) does it: "we compare the sample data obtained from both theoretical lower bound and
// experimental measure, while varying the message size. Indeed, the lower bound comes from Proposition 1, with
// parameters α and β obtained from a simple point-to-point measure. The parameters γ and δ are obtained through a
// linear regression with the Generalized Least Squares method, comparing at least four measurement points".
// The signature is what `--contention-signature gamma,delta_seconds,threshold_bytes` takes, and the model it is
// fitted against is the one that consumes it (models/alltoall_models.hpp, equation 5):
//   T = (n − 1) × (α + mβ × γ)        if m < M
//   T = (n − 1) × (α + mβ × γ + δ)    if m ≥ M
#pragma once

#include "models/model_context.hpp"
#include "models/point_to_point.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace tireplay::models {

struct AlltoallPoint {
  int processes  = 0;  // n
  double bytes   = 0;  // m, per destination
  double seconds = 0;  // the measured completion time T
};

struct ContentionFit {
  ContentionSignature signature;  // M: the smallest measured size given δ; δ = 0 and M = 0 when none is
  double rms_relative_error = 0;  // of the fitted times against the measured ones
  double max_relative_error = 0;
  size_t points             = 0;
};

/// At least four points (section V).
constexpr size_t kContentionMinPoints = 4;

/// Fits γ, δ and M. `terms[i]` holds α and β at points[i]'s size (alltoall_hockney of the platform's
/// point-to-point parameters, or constants from a point-to-point measure). For each candidate M (each measured
/// size, and none), γ and δ minimize the squared relative residuals (a generalized least squares whose errors
/// grow with T; models/least_squares.hpp):
///   Σ_i ((T̂_i − T_i) / T_i)² = Σ_i (γ u_i + δ v_i − r_i)²,
///   u_i = (n_i − 1) m_i β_i / T_i,  v_i = (n_i − 1) [m_i ≥ M] / T_i,  r_i = 1 − (n_i − 1) α_i / T_i
/// (the 2×2 normal equations); candidates with γ ≤ 0 or δ < 0, or δ on fewer than two sizes, are left out. The M
/// of the least sum wins (no δ, then the smallest M, on a tie).
/// Throws std::invalid_argument on fewer than four points, a point with n < 2, or no admissible candidate.
ContentionFit fit_contention_signature(const std::vector<AlltoallPoint>& points, const std::vector<Hockney>& terms);

/// "gamma,delta_seconds,threshold_bytes", as --contention-signature takes it.
std::string contention_signature_spec(const ContentionSignature& signature);

} // namespace tireplay::models
