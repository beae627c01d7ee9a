#include "replay/smpi_config.hpp"

#include "models/point_to_point.hpp"

#include <simgrid/s4u/Host.hpp>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <stdexcept>

namespace tireplay {
namespace {

[[noreturn]] void bad(const std::string& key, const std::string& s, const char* what)
{
  throw std::invalid_argument("--cfg " + key + ": '" + s + "' is not " + what);
}

/// tireplay/both-ways-factor's steps, sorted: SMPI's factor syntax, fractions from 0 to 1.
std::vector<std::pair<uint64_t, double>> both_ways_steps(const std::string& key, const std::string& value)
{
  std::vector<std::pair<uint64_t, double>> steps;
  const models::SizeFactors factors(value, key, models::SizeFactors::Values::Fractions);
  for (const auto& step : factors.steps())
    steps.emplace_back(step.threshold, step.value);
  return steps;
}

/// tireplay/both-ways-window: one time, or "threshold:time;..." steps (thresholds increasing).
std::vector<std::pair<uint64_t, double>> window_steps(const std::string& key, const std::string& value)
{
  if (value.find(':') == std::string::npos)
    return {{0, parse_seconds(key, value)}};
  std::vector<std::pair<uint64_t, double>> steps;
  std::istringstream in(value);
  for (std::string chunk; std::getline(in, chunk, ';');) {
    size_t colon = chunk.find(':');
    uint64_t threshold = 0;
    const char* end    = chunk.data() + (colon == std::string::npos ? 0 : colon);
    auto [ptr, ec]     = std::from_chars(chunk.data(), end, threshold);
    if (colon == std::string::npos || colon == 0 || ec != std::errc() || ptr != end)
      bad(key, chunk, "a step 'threshold:time' (whole bytes, then seconds or a time with its unit)");
    if (!steps.empty() && threshold <= steps.back().first)
      bad(key, chunk, "a step above the one before it (thresholds must increase)");
    steps.emplace_back(threshold, parse_seconds(key, chunk.substr(colon + 1)));
  }
  if (steps.empty())
    bad(key, value, "a time or steps 'threshold:time;...'");
  return steps;
}

/// tireplay/transport-cpu: "size:time;..." points, sizes increasing, each time at most 1 s.
std::vector<std::pair<uint64_t, double>> transport_cpu_steps(const std::string& key, const std::string& value)
{
  if (value.find(':') == std::string::npos)
    bad(key, value, "points 'size:time;...' (whole bytes, then seconds or a time with its unit)");
  auto points = window_steps(key, value);
  for (const auto& [size, seconds] : points)
    if (seconds > 1)
      bad(key, value, "points whose times are at most 1 s (a transport's CPU time per message is microseconds to "
                      "milliseconds)");
  return points;
}

int to_count(const std::string& key, const std::string& s)
{
  size_t end = 0;
  long value = -1;
  try {
    value = std::stol(s, &end, 10);
  } catch (const std::exception&) {
    end = 0;
  }
  if (end == 0 || end != s.size() || value < 0 || value > INT32_MAX)
    bad(key, s, "a non-negative integer");
  return static_cast<int>(value);
}

bool to_bool(const std::string& key, const std::string& s)
{
  if (s == "yes" || s == "true" || s == "on" || s == "1")
    return true;
  if (s == "no" || s == "false" || s == "off" || s == "0")
    return false;
  bad(key, s, "a boolean (yes/no)");
}

} // namespace

double parse_seconds(const std::string& option, const std::string& text)
{
  static const std::pair<const char*, double> units[] = {{"ps", 1e-12}, {"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3},
                                                         {"s", 1},      {"m", 60},    {"h", 3600},  {"d", 86400},
                                                         {"w", 604800}};
  size_t end   = 0;
  double value = 0;
  try {
    value = std::stod(text, &end);
  } catch (const std::exception&) {
    end = 0;
  }
  double scale = end == 0 ? -1 : (end == text.size() ? 1 : -1);
  for (const auto& [name, factor] : units)
    if (end > 0 && text.compare(end, std::string::npos, name) == 0)
      scale = factor;
  if (scale < 0 || !std::isfinite(value) || value < 0)
    bad(option, text, "a non-negative time (a number, optionally with a unit: ps ns us ms s m h d w)");
  return value * scale;
}

PiecewiseOverhead::PiecewiseOverhead(const std::string& spec, const std::string& option)
{
  std::stringstream chunks(spec);
  std::string chunk;
  while (std::getline(chunks, chunk, ';')) {
    if (chunk.empty())
      continue;
    std::vector<std::string> parts;
    std::stringstream fields(chunk);
    std::string field;
    while (std::getline(fields, field, ':'))
      parts.push_back(field);
    if (parts.size() < 2)  // SMPI's default "0:0:0:0:0" has more values; only the first two are used
      throw std::invalid_argument("--cfg " + option + ": chunk '" + chunk + "' is not bound:base[:per_byte]");
    Segment s{static_cast<size_t>(to_count(option, parts[0])), parse_seconds(option, parts[1]),
              parts.size() > 2 ? parse_seconds(option, parts[2]) : 0.0};
    segments_.push_back(s);
    if (s.base != 0 || s.per_byte != 0)
      zero_ = false;
  }
  std::sort(segments_.begin(), segments_.end(), [](const Segment& a, const Segment& b) { return a.bound < b.bound; });
}

double PiecewiseOverhead::at(size_t bytes) const
{
  // SMPI: the value of the last segment whose bound is below the size (the first segment below all bounds).
  if (segments_.empty())
    return 0;
  double current = segments_[0].base + segments_[0].per_byte * static_cast<double>(bytes);
  for (const auto& s : segments_) {
    if (bytes <= s.bound)
      return current;
    current = s.base + s.per_byte * static_cast<double>(bytes);
  }
  return current;
}

double SmpiConfig::both_ways_window_for(double payload) const
{
  if (both_ways_window.empty())
    return std::numeric_limits<double>::infinity();
  double window = both_ways_window.front().second;
  for (const auto& [threshold, value] : both_ways_window) {
    if (payload <= static_cast<double>(threshold))
      break;
    window = value;
  }
  return window;
}

double SmpiConfig::both_ways_fraction(double payload, bool after_pause) const
{
  double fraction = 0;
  for (const auto& [threshold, value] : after_pause ? both_ways_after_pause : both_ways) {
    if (payload <= static_cast<double>(threshold))
      break;
    fraction = value;
  }
  return fraction;
}

double SmpiConfig::piecewise(const std::vector<std::pair<uint64_t, double>>& points, double size)
{
  if (points.empty())
    return 0;
  if (points.size() == 1 || size <= static_cast<double>(points.front().first))
    return points.front().second;
  size_t i = 1;  // the segment [i-1, i] holding the size, or the last one beyond the last size
  while (i + 1 < points.size() && size > static_cast<double>(points[i].first))
    i++;
  double x0 = static_cast<double>(points[i - 1].first), y0 = points[i - 1].second;
  double x1 = static_cast<double>(points[i].first), y1 = points[i].second;
  return std::max(0.0, y0 + (y1 - y0) * (size - x0) / (x1 - x0));
}

bool SmpiConfig::apply(const std::string& key, const std::string& value)
{
  if (key == "smpi/send-is-detached-thresh")
    detached_send_threshold = to_count(key, value);
  else if (key == "smpi/async-small-thresh")
    async_small_threshold = to_count(key, value);
  else if (key == "smpi/test")
    test_sleep = parse_seconds(key, value);
  else if (key == "smpi/grow-injected-times")
    grow_injected_times = to_bool(key, value);
  else if (key == "smpi/simulate-computation")
    simulate_computation = to_bool(key, value);
  else if (key == "smpi/finalization-barrier")
    finalization_barrier = to_bool(key, value);
  else if (key == "smpi/init")
    init_sleep = parse_seconds(key, value);
  else if (key == "smpi/os")
    send_overhead = (PiecewiseOverhead(value, key), value);
  else if (key == "smpi/ois")
    isend_overhead = (PiecewiseOverhead(value, key), value);
  else if (key == "smpi/or")
    receive_overhead = (PiecewiseOverhead(value, key), value);
  else if (key == "tireplay/both-ways-factor")
    both_ways = both_ways_steps(key, value);
  else if (key == "tireplay/both-ways-factor-after-pause")
    both_ways_after_pause = both_ways_steps(key, value);
  else if (key == "tireplay/both-ways-window")
    both_ways_window = window_steps(key, value);
  else if (key == "tireplay/quota-period")
    quota_period = parse_seconds(key, value);
  else if (key == "tireplay/wakeup-delay")
    wakeup_delay = parse_seconds(key, value);
  else if (key == "tireplay/wakeup-delay-polling")
    wakeup_delay_polling = parse_seconds(key, value);
  else if (key == "tireplay/poll-cpu")
    poll_cpu = parse_seconds(key, value);
  else if (key == "tireplay/poll-cpu-shared")
    poll_cpu_shared = parse_seconds(key, value);
  else if (key == "tireplay/transport-cpu")
    transport_cpu = transport_cpu_steps(key, value);
  else if (key == "tireplay/win-create-cpu")
    win_create_cpu = transport_cpu_steps(key, value);
  else if (key == "tireplay/win-free-cpu")
    win_free_cpu = transport_cpu_steps(key, value);
  else if (key == "tireplay/rma-call-cpu")
    rma_call_cpu = parse_seconds(key, value);
  else if (key == "tireplay/rma-target-progress")
    rma_target_progress = to_bool(key, value);
  else if (key == "tireplay/async-progress")
    async_progress = to_bool(key, value);
  else if (key == "tireplay/polling")
    polling = to_bool(key, value);
  else if (key == "tireplay/read-ahead")
    read_ahead = to_bool(key, value);
  else if (key == "tireplay/fast-drift") {
    char* end  = nullptr;
    fast_drift = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || !(fast_drift >= 0 && fast_drift <= 0.5))
      bad(key, value, "a relative change from 0 to 0.5 (0.02: 2%)");
  }
  else
    return false;
  return true;
}

void SmpiConfig::validate() const
{
  if (async_small_threshold > detached_send_threshold)
    throw std::invalid_argument("smpi/async-small-thresh (" + std::to_string(async_small_threshold) +
                                ") must not exceed smpi/send-is-detached-thresh (" +
                                std::to_string(detached_send_threshold) + ")");
  if (!(quota_period >= 1e-3 && quota_period <= 1))
    throw std::invalid_argument("tireplay/quota-period must be between 1 ms and 1 s (Linux's cpu.cfs_period_us "
                                "bounds)");
  if (wakeup_delay > 1 || wakeup_delay_polling > 1)
    throw std::invalid_argument(std::string(wakeup_delay > 1 ? "tireplay/wakeup-delay" : "tireplay/wakeup-delay-polling") +
                                " must not exceed 1 s (a scheduler's latency is milliseconds)");
  if (rma_call_cpu > 1e-3)
    throw std::invalid_argument("tireplay/rma-call-cpu must not exceed 1 ms (a one-sided call costs microseconds)");
  if (poll_cpu > 1e-3 || poll_cpu_shared > 1e-3)
    throw std::invalid_argument(std::string(poll_cpu > 1e-3 ? "tireplay/poll-cpu" : "tireplay/poll-cpu-shared") +
                                " must not exceed 1 ms (one unsuccessful test or probe costs microseconds)");
  bool window = !both_ways_window.empty();
  if (window && both_ways.empty())
    throw std::invalid_argument("tireplay/both-ways-window needs tireplay/both-ways-factor (the fraction of the "
                                "messages that follow one another within the window)");
  if (!both_ways_after_pause.empty() && !window)
    throw std::invalid_argument("tireplay/both-ways-factor-after-pause needs tireplay/both-ways-window (which "
                                "messages follow a pause)");
}

HostOverheads::HostOverheads(const SmpiConfig& cfg, const simgrid::s4u::Host& host)
{
  auto pick = [&host](const char* key, const std::string& fallback) {
    const char* prop = host.get_property(key);
    return PiecewiseOverhead(prop != nullptr ? std::string(prop) : fallback, key);
  };
  send    = pick("smpi/os", cfg.send_overhead);
  isend   = pick("smpi/ois", cfg.isend_overhead);
  receive = pick("smpi/or", cfg.receive_overhead);
}

} // namespace tireplay
