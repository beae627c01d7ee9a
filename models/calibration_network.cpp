#include "models/calibration_network.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <queue>
#include <stdexcept>

namespace tireplay::models {

double one_byte_round_trip(const std::vector<PingPongPoint>& table)
{
  double sum = 0;
  int rows   = 0;
  for (const auto& p : table)
    if (p.bytes == 1) {
      sum += p.round_trip_seconds;
      rows++;
    }
  if (rows == 0)
    throw std::invalid_argument("no 1-byte row (the latency rule takes the 1-byte ping-pong time)");
  return sum / rows;
}

double element_latency(double one_byte_round_trip_seconds) { return one_byte_round_trip_seconds / 6; }

std::vector<double> hierarchy_element_latencies(const std::vector<double>& one_byte_round_trips)
{
  std::vector<double> latencies;
  double lower = 0;  // 4 Σ_{j<k} ℓ_j: what the lower levels' elements add to a level-k message
  for (size_t k = 0; k < one_byte_round_trips.size(); k++) {
    double one_way = one_byte_round_trips[k] / 2;
    if (!(one_way > lower))
      throw std::invalid_argument("level " + std::to_string(k + 1) + ": its one-way 1-byte time (" +
                                  std::to_string(one_way * 1e6) + " us) does not exceed what the " +
                                  "lower levels' links and switches take (" + std::to_string(lower * 1e6) + " us)");
    latencies.push_back((one_way - lower) / 3);
    lower += 4 * latencies.back();
  }
  return latencies;
}

namespace {

/// The table as the fits see it, sorted by size: x = payload bytes, y = one-way seconds, weights 1 / y².
struct Series {
  std::vector<double> bytes, x, y, w;
  std::vector<size_t> group_start;  // the first point of each distinct size, then the end
  size_t groups() const { return group_start.size() - 1; }
};

Series series_of(std::vector<PingPongPoint> points)
{
  std::stable_sort(points.begin(), points.end(),
                   [](const PingPongPoint& a, const PingPongPoint& b) { return a.bytes < b.bytes; });
  Series s;
  for (size_t i = 0; i < points.size(); i++) {
    if (i == 0 || points[i].bytes != points[i - 1].bytes)
      s.group_start.push_back(i);
    s.bytes.push_back(points[i].bytes);
    s.x.push_back(points[i].bytes + kEnvelopeBytes);
    s.y.push_back(points[i].round_trip_seconds / 2);
  }
  s.group_start.push_back(points.size());
  s.w = relative_weights(s.y);
  return s;
}

SegmentFit fit_segment(const Series& s, size_t first_group, size_t end_group)
{
  SegmentFit seg;
  seg.first       = s.group_start[first_group];
  seg.last        = s.group_start[end_group] - 1;
  seg.first_bytes = s.bytes[seg.first];
  seg.last_bytes  = s.bytes[seg.last];
  if (end_group == first_group + 1) {  // one size: the line through the origin and it (exact)
    seg.one_way           = fit_line_through_origin(s.x, s.y, s.w, seg.first, seg.last);
    seg.intercept_clamped = true;
  } else if (seg.one_way = fit_line(s.x, s.y, s.w, seg.first, seg.last); !(seg.one_way.slope > 0)) {  // SMPI's time grows with the size: the flat best
    seg.one_way       = fit_constant(s.y, s.w, seg.first, seg.last);
    seg.slope_clamped = true;
  } else if (seg.one_way.intercept < 0) {  // and has a latency >= 0: the best through the origin
    seg.one_way           = fit_line_through_origin(s.x, s.y, s.w, seg.first, seg.last);
    seg.intercept_clamped = true;
  }
  seg.max_relative_error = max_relative_error(seg.one_way, s.x, s.y, seg.first, seg.last);
  for (size_t i = seg.first; i <= seg.last; i++) {
    double r = seg.one_way.intercept + seg.one_way.slope * s.x[i] - s.y[i];
    seg.cost += s.w[i] * r * r;
  }
  return seg;
}

/// The first group of each run of groups that the segmentation may cut between, then the end: each group alone up
/// to kMostUnits distinct sizes. The dynamic programming fits every run of units, O(units² × points): cubic in the
/// distinct sizes (4,000 random ones took 50 s; a measured table has a few dozen). Beyond, the two neighbouring runs
/// whose merged line adds the least cost are merged, bottom-up, until kMostUnits remain: runs where the times follow
/// one line merge at no cost, and the cuts stay where they jump or bend (equal steps of log size cut SimGrid's own
/// factors' table of 3,000 sizes inside its jumps, every segmentation 15% off or more).
constexpr size_t kMostUnits = 128;
std::vector<size_t> unit_starts(const Series& s)
{
  const size_t G = s.groups();
  std::vector<size_t> starts;
  if (G <= kMostUnits) {
    for (size_t g = 0; g <= G; g++)
      starts.push_back(g);
    return starts;
  }
  auto line_cost = [&s](size_t first_group, size_t end_group) {
    try {
      return fit_segment(s, first_group, end_group).cost;
    } catch (const std::invalid_argument&) {  // no line: merged last
      return std::numeric_limits<double>::infinity();
    }
  };
  // A run starts at a group g and ends at end[g]; prev[g], the start of the run before it. A run's stamp changes
  // when it grows or goes, which makes the merges offered with it stale.
  std::vector<size_t> end(G), prev(G), stamp(G, 0);
  std::vector<double> cost(G);
  for (size_t g = 0; g < G; g++) {
    end[g]  = g + 1;
    prev[g] = g - 1;
    cost[g] = line_cost(g, g + 1);
  }
  struct Merge {
    double more, cost;  // the cost the merge adds, and the merged run's
    size_t u, v, u_stamp, v_stamp;
    bool operator>(const Merge& o) const { return more != o.more ? more > o.more : u > o.u; }
  };
  std::priority_queue<Merge, std::vector<Merge>, std::greater<>> merges;
  auto offer = [&](size_t u) {  // the merge of run u and the next
    size_t v = end[u];
    if (v == G)
      return;
    double merged = line_cost(u, end[v]);
    double more   = merged - cost[u] - cost[v];
    merges.push({std::isnan(more) ? std::numeric_limits<double>::infinity() : more, merged, u, v, stamp[u], stamp[v]});
  };
  for (size_t g = 0; g < G; g++)
    offer(g);
  for (size_t units = G; units > kMostUnits;) {
    Merge m = merges.top();
    merges.pop();
    if (m.u_stamp != stamp[m.u] || m.v_stamp != stamp[m.v])
      continue;
    end[m.u]  = end[m.v];
    cost[m.u] = m.cost;
    stamp[m.u]++;
    stamp[m.v]++;
    if (end[m.u] < G)
      prev[end[m.u]] = m.u;
    units--;
    if (m.u > 0)
      offer(prev[m.u]);
    offer(m.u);
  }
  for (size_t g = 0; g < G; g = end[g])
    starts.push_back(g);
  starts.push_back(G);
  return starts;
}

/// segments[k] = the group ranges [start, end) of the best segmentation into k + 1 segments of at least
/// `min_groups` groups (empty when none), for k < max_segments, cutting only between units (unit_starts). A segment
/// costs the weighted sum of squared residuals of the line SMPI can take (fit_segment: rising, latency >= 0), so
/// that a segment whose best line would need a negative latency is not chosen for a fit it cannot have.
std::vector<std::vector<std::pair<size_t, size_t>>> best_segmentations(const Series& s, int max_segments,
                                                                       size_t min_groups)
{
  const std::vector<size_t> unit = unit_starts(s);
  const size_t U   = unit.size() - 1;
  const double inf = std::numeric_limits<double>::infinity();
  const size_t K   = static_cast<size_t>(max_segments);
  // best[k][u]: the least cost of units 0..u-1 in k + 1 segments; from[k][u]: where its last segment starts.
  std::vector<std::vector<double>> best(K, std::vector<double>(U + 1, inf));
  std::vector<std::vector<size_t>> from(K, std::vector<size_t>(U + 1, 0));
  for (size_t a = 0; a < U; a++)
    for (size_t b = a; b < U; b++) {  // the segment of units a..b
      if (unit[b + 1] - unit[a] < min_groups)
        continue;
      double cost = inf;
      try {
        cost = fit_segment(s, unit[a], unit[b + 1]).cost;
      } catch (const std::invalid_argument&) {  // no line (weights that underflow: times like 1e300 s)
        continue;
      }
      if (a == 0)
        best[0][b + 1] = cost;
      for (size_t k = 1; k < K && a > 0; k++)
        if (best[k - 1][a] + cost < best[k][b + 1]) {
          best[k][b + 1] = best[k - 1][a] + cost;
          from[k][b + 1] = a;
        }
    }
  std::vector<std::vector<std::pair<size_t, size_t>>> result(K);
  for (size_t k = 0; k < K; k++) {
    if (best[k][U] == inf)
      continue;
    size_t end = U;
    for (size_t j = k + 1; j-- > 0;) {
      size_t start = j == 0 ? 0 : from[j][end];
      result[k].insert(result[k].begin(), {unit[start], unit[end]});
      end = start;
    }
  }
  return result;
}

std::string bytes_text(double b)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.0f", b);
  return text;
}

/// The group ranges of the segments that `boundaries` (sorted) delimit.
std::vector<std::pair<size_t, size_t>> given_segments(const Series& s, std::vector<double> boundaries)
{
  std::sort(boundaries.begin(), boundaries.end());
  std::vector<std::pair<size_t, size_t>> ranges;
  size_t g = 0;
  for (size_t j = 0; j <= boundaries.size(); j++) {
    size_t start = g;
    while (g < s.groups() && (j == boundaries.size() || s.bytes[s.group_start[g]] <= boundaries[j]))
      g++;
    if (g - start < 2) {
      std::string range = j == 0 ? "up to " + bytes_text(boundaries[0])
                          : j == boundaries.size()
                              ? "above " + bytes_text(boundaries[j - 1])
                              : "in (" + bytes_text(boundaries[j - 1]) + ", " + bytes_text(boundaries[j]) + "]";
      throw std::invalid_argument("segment " + std::to_string(j + 1) + " (sizes " + range + " bytes) holds " +
                                  std::to_string(g - start) + " distinct size" + (g - start == 1 ? "" : "s") +
                                  ": a line needs two");
    }
    ranges.emplace_back(start, g);
  }
  return ranges;
}

} // namespace

std::vector<SegmentFit> fit_pingpong_segments(std::vector<PingPongPoint> points, const SegmentChoice& choice)
{
  for (const auto& p : points)
    if (!(p.round_trip_seconds > 0) || !(p.bytes >= 0))
      throw std::invalid_argument("a ping-pong time must be positive and a size non-negative");
  Series s = series_of(std::move(points));
  if (s.groups() < 2)
    throw std::invalid_argument("the table holds " + std::to_string(s.groups()) +
                                " distinct size(s): a fit needs two at least");
  std::vector<SegmentFit> fits;
  if (!choice.boundaries.empty()) {
    for (auto [a, b] : given_segments(s, choice.boundaries))
      fits.push_back(fit_segment(s, a, b));
    return fits;
  }
  const int most = choice.segments > 0 ? choice.segments : std::max(1, std::min<int>(choice.max_segments, s.groups()));
  const size_t min_groups = std::clamp<size_t>(static_cast<size_t>(std::max(choice.min_points, 1)), 1, s.groups());
  auto segmentations = best_segmentations(s, most, min_groups);
  if (choice.segments > 0) {
    if (segmentations.back().empty())
      throw std::invalid_argument("the table's " + std::to_string(s.groups()) + " distinct sizes cannot make " +
                                  std::to_string(choice.segments) + " segments of " + std::to_string(min_groups) +
                                  (min_groups == 1 ? " size" : " sizes") + " or more each");
    for (auto [a, b] : segmentations.back())
      fits.push_back(fit_segment(s, a, b));
    return fits;
  }
  // The fewest segments whose every point is within the error. Where none is (noise, or times the model cannot
  // follow), the fewest within a margin of the most accurate: segments fitted to noise gain a fraction of a percent
  // (a line with 5% noise, 23 sizes of 200 repeats: a segment per size through the origin 22.1% off, the one
  // segment of the true factors 22.4%), and the most accurate alone would be the noise's.
  std::vector<std::vector<SegmentFit>> candidates;
  std::vector<double> errors;
  double least_error = std::numeric_limits<double>::infinity();
  for (const auto& ranges : segmentations) {
    if (ranges.empty())
      continue;
    std::vector<SegmentFit> candidate;
    double error = 0;
    for (auto [a, b] : ranges) {
      candidate.push_back(fit_segment(s, a, b));
      error = std::max(error, candidate.back().max_relative_error);
    }
    if (error <= choice.max_relative_error)
      return candidate;
    least_error = std::min(least_error, error);
    candidates.push_back(std::move(candidate));
    errors.push_back(error);
  }
  if (!(least_error < std::numeric_limits<double>::infinity()))  // times beyond what a double's arithmetic holds
    throw std::invalid_argument("no segmentation of the table can be fitted (its times give no finite error)");
  const double margin = std::max(kErrorMarginPoints, kErrorMarginShare * least_error);
  size_t i = 0;
  while (!(errors[i] <= least_error + margin))
    i++;
  return candidates[i];
}

double fitted_bandwidth(const std::vector<SegmentFit>& segments)
{
  double slope = segments.back().one_way.slope;
  return slope > 0 ? 1 / slope : std::numeric_limits<double>::infinity();
}

std::vector<FactorStep> smpi_factors(const std::vector<SegmentFit>& segments, const RouteParams& route)
{
  if (!(route.latency_seconds > 0) || !std::isfinite(route.latency_seconds))
    throw std::invalid_argument("the ping-pong route has no latency: SMPI's latency factors multiply it");
  if (!(route.rate_bytes_per_second > 0) || !std::isfinite(route.rate_bytes_per_second))
    throw std::invalid_argument("the ping-pong route has no finite bandwidth: SMPI's bandwidth factors divide it");
  std::vector<FactorStep> steps;
  for (size_t j = 0; j < segments.size(); j++) {
    const Line& line = segments[j].one_way;
    FactorStep step;
    step.threshold      = j == 0 ? 0 : static_cast<uint64_t>(segments[j - 1].last_bytes + kEnvelopeBytes);
    step.latency_factor = std::max(kSmallestLatencyFactor, line.intercept / route.latency_seconds);
    step.bandwidth_factor =
        line.slope > 0 ? std::min(kLargestBandwidthFactor, 1 / (line.slope * route.rate_bytes_per_second))
                       : kLargestBandwidthFactor;
    steps.push_back(step);
  }
  return steps;
}

std::string factor_spec(const std::vector<FactorStep>& steps, bool latency)
{
  std::string spec;
  for (const auto& s : steps) {
    char chunk[64];
    std::snprintf(chunk, sizeof chunk, "%s%llu:%.7g", spec.empty() ? "" : ";",
                  static_cast<unsigned long long>(s.threshold), latency ? s.latency_factor : s.bandwidth_factor);
    spec += chunk;
  }
  return spec;
}

} // namespace tireplay::models
