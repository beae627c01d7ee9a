// Numbers with units, as the user's tables and options write them: "47.56us", "125MBps", "1.17Gf".
#pragma once

#include <map>
#include <string>

namespace tireplay::models {

/// Seconds per unit: ns, us, ms, s.
extern const std::map<std::string, double> kTimeUnits;
/// Bytes per second per unit: Bps, kBps, MBps, GBps (powers of 1000) and bps, kbps, Mbps, Gbps (bits).
extern const std::map<std::string, double> kRateUnits;
/// Flop/s per unit, as SimGrid's speed: f, kf, Mf, Gf, Tf (powers of 1000).
extern const std::map<std::string, double> kSpeedUnits;

/// "47.56us" -> 4.756e-5 with `units` (suffix -> factor); a bare number is taken as is. Returns NaN when the text
/// is not a finite non-negative number with one of the units.
double parse_quantity(const std::string& text, const std::map<std::string, double>& units);

} // namespace tireplay::models
