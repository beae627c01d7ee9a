#include "models/quantities.hpp"

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
  size_t end   = 0;
  double value = NAN;
  try {
    value = std::stod(text, &end);
  } catch (const std::exception&) {
    return NAN;
  }
  std::string unit = text.substr(end);
  if (!(value >= 0) || !std::isfinite(value))
    return NAN;
  if (unit.empty())
    return value;
  auto u = units.find(unit);
  return u == units.end() ? NAN : value * u->second;
}

} // namespace tireplay::models
