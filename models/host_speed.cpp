#include "models/host_speed.hpp"

#include <simgrid/s4u/Host.hpp>

#include <cstdlib>

namespace tireplay::models {

double speed_factor(const simgrid::s4u::Host& host)
{
  const char* factor = host.get_property(kSpeedFactorProperty);
  return factor == nullptr ? 1.0 : std::strtod(factor, nullptr);
}

double effective_speed(const simgrid::s4u::Host& host)
{
  return host.get_speed() * speed_factor(host);
}

} // namespace tireplay::models
