#include "models/point_to_point.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace tireplay::models {
namespace {

[[noreturn]] void bad_chunk(const std::string& option, const std::string& chunk, const char* what)
{
  throw std::invalid_argument("--cfg " + option + ": chunk '" + chunk + "' " + what);
}

uint64_t parse_threshold(const std::string& option, const std::string& chunk, const std::string& text)
{
  size_t end      = 0;
  long long value = -1;
  try {
    value = std::stoll(text, &end, 10);
  } catch (const std::exception&) {
    end = 0;
  }
  if (end == 0 || end != text.size() || value < 0)
    bad_chunk(option, chunk, "does not start with a non-negative whole number of bytes");
  return static_cast<uint64_t>(value);
}

double parse_value(const std::string& option, const std::string& chunk, const std::string& text, bool fraction)
{
  size_t end   = 0;
  double value = -1;
  try {
    value = std::stod(text, &end);
  } catch (const std::exception&) {
    end = 0;
  }
  if (fraction) {
    if (end == 0 || end != text.size() || !(value >= 0 && value <= 1))
      bad_chunk(option, chunk, "has no fraction from 0 to 1 after the ':'");
    return value;
  }
  if (end == 0 || end != text.size() || !std::isfinite(value) || value <= 0)
    bad_chunk(option, chunk, "has no positive factor after the ':'");
  return value;
}

/// Index of the range of `p2p` that holds `bytes` (as PointToPoint::gap looks it up).
size_t range_of(const PointToPoint& p2p, double bytes)
{
  auto it = std::upper_bound(p2p.size_bounds.begin(), p2p.size_bounds.end(), bytes);
  return it == p2p.size_bounds.begin() ? 0 : static_cast<size_t>(it - p2p.size_bounds.begin()) - 1;
}

} // namespace

SizeFactors::SizeFactors(const std::string& spec, const std::string& option, Values values)
{
  std::stringstream chunks(spec);
  std::string chunk;
  while (std::getline(chunks, chunk, ';')) {
    if (chunk.empty())  // SMPI's tokenizer skips empty chunks
      continue;
    auto colon = chunk.find(':');
    if (colon == std::string::npos)
      bad_chunk(option, chunk, "is not threshold:factor");
    auto next  = chunk.find(':', colon + 1);  // SMPI accepts more values per chunk and uses the first
    uint64_t t = parse_threshold(option, chunk, chunk.substr(0, colon));
    double v   = parse_value(option, chunk, chunk.substr(colon + 1, next == std::string::npos ? next : next - colon - 1),
                             values == Values::Fractions);
    steps_.push_back({t, v});
  }
  if (steps_.empty())
    throw std::invalid_argument("--cfg " + option + ": '" + spec + "' has no threshold:factor chunk");
  std::stable_sort(steps_.begin(), steps_.end(),
                   [](const Step& a, const Step& b) { return a.threshold < b.threshold; });
}

double SizeFactors::at(double payload_bytes) const
{
  double current = 1.0;
  for (const auto& step : steps_) {
    if (payload_bytes <= static_cast<double>(step.threshold))
      return current;
    current = step.value;
  }
  return current;
}

NetworkFactors NetworkFactors::between(const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst) const
{
  NetworkFactors f = *this;
  f.latency        = latency_between(src, dst);
  f.bandwidth      = bandwidth_between(src, dst);
  f.loopback.clear();
  return f;
}

double smpi_message_seconds(const RouteParams& route, const NetworkFactors& factors, double bytes)
{
  double payload = bytes + kEnvelopeBytes;
  double rate    = route.rate_bytes_per_second * factors.bandwidth.at(payload);
  return route.latency_seconds * factors.latency.at(payload) + (std::isinf(rate) ? 0 : payload / rate);
}

PointToPoint smpi_point_to_point(const RouteParams& route, const NetworkFactors& factors)
{
  // Range starts, as payloads: the empty message, then one byte above each threshold a message can exceed.
  std::vector<uint64_t> starts{static_cast<uint64_t>(kEnvelopeBytes)};
  for (const auto* f : {&factors.bandwidth, &factors.latency})
    for (const auto& step : f->steps())
      if (step.threshold >= kEnvelopeBytes)
        starts.push_back(step.threshold + 1);
  std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());

  // L takes the smallest latency factor of all sizes, so that the size-dependent rest of the latency, folded
  // into g(m), is never negative: g is a time the sender's link is busy, and pipelined models add it up.
  double base_factor = factors.latency.at(kEnvelopeBytes);
  for (uint64_t payload : starts)
    base_factor = std::min(base_factor, factors.latency.at(static_cast<double>(payload)));
  PointToPoint p;
  p.latency = route.latency_seconds * base_factor;
  p.size_bounds.clear();
  p.gap_fixed.clear();
  p.gap_per_byte.clear();
  for (uint64_t payload : starts) {
    // Both factors are constant on [payload, next start): evaluate them at the range's first payload.
    double rate     = route.rate_bytes_per_second * factors.bandwidth.at(static_cast<double>(payload));
    double per_byte = std::isinf(rate) ? 0 : 1 / rate;
    p.size_bounds.push_back(static_cast<double>(payload) - kEnvelopeBytes);
    p.gap_per_byte.push_back(per_byte);
    p.gap_fixed.push_back(route.latency_seconds * (factors.latency.at(static_cast<double>(payload)) - base_factor) +
                          kEnvelopeBytes * per_byte);
  }
  return p;
}

Hockney hockney_view(const PointToPoint& p2p, double bytes)
{
  size_t i = range_of(p2p, bytes);
  return {p2p.send_overhead_per_message + p2p.latency + p2p.gap_fixed[i] + p2p.receive_overhead_per_message,
          p2p.gap_per_byte[i]};
}

LogGP loggp_view(const PointToPoint& p2p, double bytes)
{
  // o_s + L + g(m) + o_r = 2o + L' + (m - 1) G on the range of `bytes`, with G its slope.
  size_t i = range_of(p2p, bytes);
  double G = p2p.gap_per_byte[i];
  return {p2p.latency + p2p.gap_fixed[i] + G,
          (p2p.send_overhead_per_message + p2p.receive_overhead_per_message) / 2, p2p.gap(1), G};
}

} // namespace tireplay::models
