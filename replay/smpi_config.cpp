#include "replay/smpi_config.hpp"

#include <simgrid/s4u/Host.hpp>

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace tireplay {
namespace {

double to_double(const std::string& key, const std::string& s)
{
  size_t end   = 0;
  double value = 0;
  try {
    value = std::stod(s, &end);
  } catch (const std::exception&) {
    end = 0;
  }
  if (end == 0 || end != s.size())
    throw std::invalid_argument("--cfg " + key + ": '" + s + "' is not a number");
  return value;
}

int to_int(const std::string& key, const std::string& s)
{
  double v = to_double(key, s);
  if (v != static_cast<int>(v))
    throw std::invalid_argument("--cfg " + key + ": '" + s + "' is not an integer");
  return static_cast<int>(v);
}

bool to_bool(const std::string& key, const std::string& s)
{
  if (s == "yes" || s == "true" || s == "on" || s == "1")
    return true;
  if (s == "no" || s == "false" || s == "off" || s == "0")
    return false;
  throw std::invalid_argument("--cfg " + key + ": '" + s + "' is not a boolean (yes/no)");
}

} // namespace

PiecewiseOverhead::PiecewiseOverhead(const std::string& spec)
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
    if (parts.size() < 2)
      throw std::invalid_argument("overhead '" + spec + "': chunk '" + chunk + "' needs bound:base[:per_byte]");
    Segment s{static_cast<size_t>(to_int("bound", parts[0])), to_double("base", parts[1]),
              parts.size() > 2 ? to_double("per_byte", parts[2]) : 0.0};
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

bool SmpiConfig::apply(const std::string& key, const std::string& value)
{
  if (key == "smpi/send-is-detached-thresh")
    detached_send_threshold = to_int(key, value);
  else if (key == "smpi/async-small-thresh")
    async_small_threshold = to_int(key, value);
  else if (key == "smpi/test")
    test_sleep = to_double(key, value);
  else if (key == "smpi/grow-injected-times")
    grow_injected_times = to_bool(key, value);
  else if (key == "smpi/simulate-computation")
    simulate_computation = to_bool(key, value);
  else if (key == "smpi/finalization-barrier")
    finalization_barrier = to_bool(key, value);
  else if (key == "smpi/init")
    init_sleep = to_double(key, value);
  else if (key == "smpi/os")
    send_overhead = (PiecewiseOverhead(value), value);
  else if (key == "smpi/ois")
    isend_overhead = (PiecewiseOverhead(value), value);
  else if (key == "smpi/or")
    receive_overhead = (PiecewiseOverhead(value), value);
  else if (key.rfind("smpi/", 0) == 0)
    return true;  // other SMPI options (host-speed, privatization, ...) do not affect a replay
  else
    return false;
  if (async_small_threshold > detached_send_threshold)
    throw std::invalid_argument("smpi/async-small-thresh (" + std::to_string(async_small_threshold) +
                                ") must not exceed smpi/send-is-detached-thresh (" +
                                std::to_string(detached_send_threshold) + ")");
  return true;
}

HostOverheads::HostOverheads(const SmpiConfig& cfg, const simgrid::s4u::Host& host)
{
  auto pick = [&host](const char* key, const std::string& fallback) {
    const char* prop = host.get_property(key);
    return PiecewiseOverhead(prop != nullptr ? std::string(prop) : fallback);
  };
  send    = pick("smpi/os", cfg.send_overhead);
  isend   = pick("smpi/ois", cfg.isend_overhead);
  receive = pick("smpi/or", cfg.receive_overhead);
}

} // namespace tireplay
