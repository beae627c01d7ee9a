#include "models/host_speed.hpp"

#include <simgrid/s4u/Host.hpp>

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace tireplay::models {

double speed_factor(const simgrid::s4u::Host& host)
{
  const char* factor = host.get_property(kSpeedFactorProperty);
  return factor == nullptr ? 1.0 : std::strtod(factor, nullptr);
}

double cpu_quota(const simgrid::s4u::Host& host)
{
  const char* text = host.get_property(kCpuQuotaProperty);
  if (text == nullptr)
    return 1.0;
  char* end    = nullptr;
  double share = std::strtod(text, &end);
  if (end == text || *end != '\0' || !is_cpu_quota(share))
    throw std::invalid_argument("host '" + host.get_name() + "': " + kCpuQuotaProperty + " '" + text +
                                "' is not a share of its core from 0.001 to 1");
  return share;
}

double effective_speed(const simgrid::s4u::Host& host)
{
  return host.get_speed() * speed_factor(host);
}

} // namespace tireplay::models
