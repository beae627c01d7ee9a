// The network's calibration from a SKaMPI-style ping-pong table (message size, round-trip time), as section 5 of
// the time-independent trace replay paper (Desprez, Markomanolis, Suter) does it, in two steps:
//  1. the platform's links: the latency of a link from the 1-byte ping-pong time (the "/ 6" rule, and its
//     hierarchy-aware version), the bandwidth from the table's largest messages or the links' nominal value;
//  2. SMPI's piecewise-linear model: the latency and bandwidth factors (smpi/lat-factor, smpi/bw-factor) that best
//     fit the table on each message-size segment, for the route of the two ping-pong hosts on that platform
//     ("SIMGrid provides a Python script that takes as input the latency and bandwidth determined as above, the
//     output of the SKaMPI run, and the number of links connecting the two nodes used for the ping-pong. Then this
//     script determines the latency and bandwidth correction factors that lead to a best-fit of the experimental
//     data for each segment of this piece-wise linear model.").
#pragma once

#include "models/least_squares.hpp"
#include "models/point_to_point.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tireplay::models {

struct PingPongPoint {
  double bytes              = 0;  // the message size, m
  double round_trip_seconds = 0;  // T(m): there and back, as SKaMPI's Pingpong_Send_Recv measures it
};

// ---- Step 1: the links ----

/// The mean round-trip time of the table's 1-byte rows. Throws std::invalid_argument when it has none.
double one_byte_round_trip(const std::vector<PingPongPoint>& table);

/// Section 5: "We take the value obtained for a 1-byte message and divided it by six. This factor of six comes
/// from two sources. We have to divide the ping-pong time by two to obtain the latency of a one-way message. Then
/// we divide it by three to take the topology of a cluster into account. Indeed, two nodes in a compute cluster
/// are generally connected through two links and one switch."
///   ℓ = T(1 B) / 6     (the latency of each of the three: a node's link, the switch, the other node's link)
double element_latency(double one_byte_round_trip_seconds);

/// The hierarchy-aware version ("In case of hierarchical network, we account for this hierarchy in the
/// determination of the latency"), for a tree of switches: T_k is the 1-byte round trip between two nodes whose
/// nearest common switch is at level k (1: the nodes' own switch). Such a message crosses, at each level j < k,
/// two links and two switches (up to level j + 1's switch and down from it), and at level k two links and the
/// switch: 4 elements of each lower level and 3 of level k (two nodes in "two distant cabinets" of gdx go
/// "through three different switches": 4 links and 3 switches). So T_k / 2 = 4 Σ_{j<k} ℓ_j + 3 ℓ_k, and
///   ℓ_k = (T_k / 2 − 4 Σ_{j<k} ℓ_j) / 3,     ℓ_1 = T_1 / 6 (the flat rule).
/// Returns ℓ_1..ℓ_K. Throws std::invalid_argument when a level's time does not exceed what its lower levels take.
std::vector<double> hierarchy_element_latencies(const std::vector<double>& one_byte_round_trips);

// ---- Step 2: SMPI's piecewise-linear model ----

/// The one-way time t = T / 2 of the messages of one segment, fitted as SMPI computes it on a route of latency L
/// and rate R (models/point_to_point.hpp, smpi_message_seconds): with the payload p = m + 16 (the envelope),
///   t(m) = L × lat_factor + p / (R × bw_factor) = intercept + slope × p
struct SegmentFit {
  size_t first = 0, last = 0;          // its points in the size-sorted table, inclusive
  double first_bytes = 0, last_bytes = 0;
  Line one_way;                        // seconds against payload bytes
  double max_relative_error = 0;       // of the fitted one-way times
  bool intercept_clamped    = false;   // the best line had a negative intercept: fitted through the origin
  bool slope_clamped        = false;   // the best line did not rise: fitted as a constant
  double cost               = 0;       // the weighted sum of squared residuals (weights 1 / t²)
};

struct SegmentChoice {
  /// The last message size of each segment but the last (segment j holds the sizes in (b_{j−1}, b_j]). Empty: the
  /// fit chooses them.
  std::vector<double> boundaries;
  int segments              = 0;     // without boundaries: this many (0: the fewest within max_relative_error)
  double max_relative_error = 0.02;  // of every point's one-way time, for choosing the number of segments
  int max_segments          = 64;
  int min_points            = 1;     // distinct sizes per chosen segment (1: a size alone, on the line through
                                     // the origin and it)
};

/// The segments and their lines (weighted least squares on relative residuals, models/least_squares.hpp). Without
/// boundaries, the segmentation minimizing the sum of squared relative residuals for a number of segments
/// (dynamic programming over the cuts between distinct sizes, or, beyond 128 of them, between 128 runs of sizes
/// merged bottom-up where one line fits them best); the number is SegmentChoice::segments, or the
/// fewest whose every point is within max_relative_error (else, up to max_segments, the fewest whose largest error
/// is within kErrorMarginPoints or kErrorMarginShare of the most accurate's, whichever is larger: more segments
/// must buy more than noise). `points` need not be sorted. Throws std::invalid_argument when a segment cannot hold
/// a line.
constexpr double kErrorMarginPoints = 0.01;  // one percentage point
constexpr double kErrorMarginShare  = 0.05;  // 5% of the most accurate's error
std::vector<SegmentFit> fit_pingpong_segments(std::vector<PingPongPoint> points, const SegmentChoice& choice);

/// The bandwidth of the largest messages: 1 / slope of the last segment (bytes/s).
double fitted_bandwidth(const std::vector<SegmentFit>& segments);

/// One step of smpi/lat-factor and smpi/bw-factor: the factors apply to payloads above `threshold` (SMPI's
/// thresholds are payload bytes: a segment ending at message size b gives the next one threshold b + 16).
struct FactorStep {
  uint64_t threshold      = 0;
  double latency_factor   = 1;  // intercept / L
  double bandwidth_factor = 1;  // 1 / (slope × R)
};

/// SMPI's factors that make the route give each segment's line. A clamped segment's zero intercept or slope
/// becomes the smallest latency factor or the largest bandwidth factor below (SMPI wants positive factors).
constexpr double kSmallestLatencyFactor   = 1e-6;
constexpr double kLargestBandwidthFactor = 1e6;
std::vector<FactorStep> smpi_factors(const std::vector<SegmentFit>& segments, const RouteParams& route);

/// "threshold:factor;..." as --cfg smpi/lat-factor (latency = true) or smpi/bw-factor takes it.
std::string factor_spec(const std::vector<FactorStep>& steps, bool latency);

} // namespace tireplay::models
