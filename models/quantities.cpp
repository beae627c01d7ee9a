#include "models/quantities.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace tireplay::models {

const std::map<std::string, double> kTimeUnits = {{"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}};
const std::map<std::string, double> kRateUnits = {{"Bps", 1},       {"kBps", 1e3},     {"MBps", 1e6},
                                                  {"GBps", 1e9},    {"bps", 0.125},    {"kbps", 125},
                                                  {"Mbps", 1.25e5}, {"Gbps", 1.25e8}};
const std::map<std::string, double> kSpeedUnits = {{"f", 1}, {"kf", 1e3}, {"Mf", 1e6}, {"Gf", 1e9}, {"Tf", 1e12}};

double parse_quantity(const std::string& text, const std::map<std::string, double>& units)
{
  // A decimal number as the traces write them (std::from_chars: no hex float such as 0x10, no leading space or '+')
  double value = NAN;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::general);
  if (ec != std::errc())
    return NAN;
  std::string unit(end, text.data() + text.size());
  if (!(value >= 0) || !std::isfinite(value))
    return NAN;
  if (unit.empty())
    return value;
  auto u = units.find(unit);
  return u == units.end() ? NAN : value * u->second;
}

} // namespace tireplay::models
