#include "replay/platform_changes.hpp"

#include "models/host_speed.hpp"
#include "format/rank_reader.hpp"

#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/parse_units.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <stdexcept>

namespace sg4 = simgrid::s4u;

namespace tireplay {
namespace {

/// A CPU quota: "0.5" or "50%", from 0.001 to 1.
double parse_share(const std::string&, int, const std::string& text, const std::string&)
{
  bool percent       = !text.empty() && text.back() == '%';
  std::string number = percent ? text.substr(0, text.size() - 1) : text;
  char* end          = nullptr;
  double share       = std::strtod(number.c_str(), &end) / (percent ? 100 : 1);
  if (number.empty() || *end != '\0' || !models::is_cpu_quota(share))
    throw std::invalid_argument("'" + text + "' is not a share of the core from 0.001 to 1 (0.5 or 50%)");
  return share;
}

struct QuantityName {
  const char* name;
  const char* short_name;
  PlatformQuantity quantity;
  const char* example;  // of a value with its unit
  double (*parse)(const std::string&, int, const std::string&, const std::string&);
};

const std::vector<QuantityName>& quantities()
{
  static const std::vector<QuantityName> table{
      {"link.bw", "bw", PlatformQuantity::LinkBandwidth, "1GBps", xbt_parse_get_bandwidth},
      {"link.lat", "lat", PlatformQuantity::LinkLatency, "10us", xbt_parse_get_time},
      {"host.speed", "speed", PlatformQuantity::HostSpeed, "2Gf", xbt_parse_get_speed},
      {"host.quota", "quota", PlatformQuantity::HostQuota, "50%", parse_share},
  };
  return table;
}

const QuantityName* find_quantity(const std::string& name)
{
  for (const auto& q : quantities())
    if (name == q.name || name == q.short_name)
      return &q;
  return nullptr;
}

/// True if the whole text is a number (no unit).
bool is_plain_number(const std::string& text)
{
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return !text.empty() && *end == '\0';
}

/// The zone and all the zones inside it.
void collect_zones(sg4::NetZone* zone, std::vector<sg4::NetZone*>& out)
{
  out.push_back(zone);
  for (auto* child : zone->get_children())
    collect_zones(child, out);
}

std::vector<sg4::Host*> hosts_of(const std::vector<sg4::NetZone*>& zones)
{
  std::vector<sg4::Host*> hosts;
  for (const auto* zone : zones)
    for (auto* host : zone->get_all_hosts())  // the zone's own hosts, not its children's
      hosts.push_back(host);
  return hosts;
}

std::string number_text(double value)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

void scale_speed(const PlatformChange& change, const std::vector<sg4::Host*>& hosts)
{
  for (auto* host : hosts) {
    double factor = change.is_factor ? models::speed_factor(*host) * change.value : change.value / host->get_speed();
    host->set_property(models::kSpeedFactorProperty, number_text(factor));
  }
}

void set_quota(const PlatformChange& change, const std::vector<sg4::Host*>& hosts)
{
  for (auto* host : hosts) {
    double share = change.is_factor ? models::cpu_quota(*host) * change.value : change.value;
    if (!models::is_cpu_quota(share)) {
      char shown[32];
      std::snprintf(shown, sizeof shown, "%g", share);
      throw std::invalid_argument(change.text + ": host '" + host->get_name() + "' would run " + shown +
                                  " of its core (a quota is from 0.001 to 1)");
    }
    host->set_property(models::kCpuQuotaProperty, number_text(share));
  }
}

void change_hosts(const PlatformChange& change, const std::vector<sg4::Host*>& hosts)
{
  if (change.quantity == PlatformQuantity::HostSpeed)
    scale_speed(change, hosts);
  else
    set_quota(change, hosts);
}

void change_links(const PlatformChange& change, const std::vector<sg4::NetZone*>& zones)
{
  for (auto* link : zones.front()->get_impl()->get_all_links()) {  // recursive
    if (change.quantity == PlatformQuantity::LinkBandwidth)
      link->set_bandwidth(change.is_factor ? link->get_bandwidth() * change.value : change.value);
    else
      link->set_latency(change.is_factor ? link->get_latency() * change.value : change.value);
  }
}

} // namespace

std::string platform_quantity_names()
{
  std::string names;
  for (const auto& q : quantities())
    names += (names.empty() ? "" : ", ") + std::string(q.name) + " (" + q.short_name + ")";
  return names;
}

bool is_platform_quantity(const std::string& name)
{
  return find_quantity(name) != nullptr;
}

double parse_factor(const std::string& text, PlatformQuantity quantity)
{
  std::string number = !text.empty() && text.back() == 'x' ? text.substr(0, text.size() - 1) : text;
  bool zero_ok       = quantity == PlatformQuantity::LinkLatency;
  if (is_plain_number(number)) {
    double factor = std::strtod(number.c_str(), nullptr);
    if (std::isfinite(factor) && (factor > 0 || (zero_ok && factor == 0)))
      return factor;
  }
  throw std::invalid_argument("'" + text + "' is not a " + (zero_ok ? "non-negative" : "positive") +
                              " factor (write 2 or 2x)");
}

PlatformChange parse_platform_change(const std::string& text, bool is_factor, const std::string& option)
{
  auto eq = text.find('=');
  std::string target = text.substr(0, eq);
  auto at            = target.find('@');
  const QuantityName* q = find_quantity(target.substr(0, at));
  if (eq == std::string::npos || q == nullptr)
    throw std::invalid_argument(option + " '" + text + "': expected QUANTITY[@ZONE]=" +
                                (is_factor ? "FACTOR" : "VALUE") + " with QUANTITY one of " +
                                platform_quantity_names());
  PlatformChange change;
  change.quantity  = q->quantity;
  change.zone      = at == std::string::npos ? "" : target.substr(at + 1);
  change.is_factor = is_factor;
  change.text      = option + " " + text;
  std::string value = text.substr(eq + 1);
  if (at != std::string::npos && change.zone.empty())
    throw std::invalid_argument(option + " '" + text + "': no zone name after '@'");
  try {
    if (is_factor) {
      change.value = parse_factor(value, q->quantity);
      return change;
    }
    if (is_plain_number(value) && q->quantity != PlatformQuantity::HostQuota)
      throw std::invalid_argument("'" + value + "' has no unit (e.g. " + q->example + ")");
    change.value = q->parse(option, 0, value, q->name);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(option + " '" + text + "': " + e.what());
  } catch (const std::exception&) {  // SimGrid's ParseError: its text names a fake file and line
    throw std::invalid_argument(option + " '" + text + "': cannot read '" + value + "' as a " + q->name +
                                " with its unit (e.g. " + q->example + ")");
  }
  if (!std::isfinite(change.value) || change.value < 0 ||
      (change.value == 0 && q->quantity != PlatformQuantity::LinkLatency))
    throw std::invalid_argument(option + " '" + text + "': the value must be positive");
  return change;
}

void apply_platform_changes(sg4::Engine& engine, const std::vector<PlatformChange>& changes,
                            const std::string& platform_file)
{
  std::vector<sg4::NetZone*> all;
  collect_zones(engine.get_netzone_root(), all);
  for (const auto& change : changes) {
    std::vector<sg4::NetZone*> zones;
    for (auto* zone : all)
      if (zones.empty() && (change.zone.empty() || zone->get_name() == change.zone))
        collect_zones(zone, zones);
    bool of_hosts   = change.quantity == PlatformQuantity::HostSpeed || change.quantity == PlatformQuantity::HostQuota;
    sg4::Host* host = zones.empty() && of_hosts ? engine.host_by_name_or_null(change.zone) : nullptr;
    try {
      if (host != nullptr)  // host.speed@HOST, host.quota@HOST: that host alone
        change_hosts(change, {host});
      else if (!zones.empty() && of_hosts)
        change_hosts(change, hosts_of(zones));
      else if (!zones.empty())
        change_links(change, zones);
    } catch (const std::invalid_argument& e) {  // a quota (the platform's, or scaled) out of range
      throw InputError(platform_file + ": " + e.what());
    }
    if (host != nullptr || !zones.empty())
      continue;
    std::string valid;
    for (const auto* zone : all)
      valid += (valid.empty() ? "" : ", ") + zone->get_name();
    throw InputError(platform_file + ": " + change.text + ": no zone '" + change.zone + "' (zones: " + valid +
                     (of_hosts ? "; or a host's name" : "") + ")");
  }
}


std::string changes_text(const std::vector<std::string>& scale, const std::vector<std::string>& set)
{
  std::string text;
  for (const auto& s : scale)
    text += (text.empty() ? " with --scale " : " --scale ") + s;
  for (const auto& s : set)
    text += (text.empty() ? " with --set " : " --set ") + s;
  return text;
}

PlatformValues platform_values(const sg4::Engine& engine)
{
  PlatformValues values;
  for (const sg4::Link* link : engine.get_all_links())
    values.links.emplace_back(link->get_bandwidth(), link->get_latency());
  auto property = [](const sg4::Host* host, const char* name) {
    const char* text = host->get_property(name);
    return std::string(text == nullptr ? "1" : text);
  };
  for (const sg4::Host* host : engine.get_all_hosts())
    values.hosts.emplace_back(property(host, models::kSpeedFactorProperty), property(host, models::kCpuQuotaProperty));
  return values;
}

void restore_platform_values(const sg4::Engine& engine, const PlatformValues& values)
{
  auto links = engine.get_all_links();
  for (size_t i = 0; i < links.size() && i < values.links.size(); i++) {
    links[i]->set_bandwidth(values.links[i].first);
    links[i]->set_latency(values.links[i].second);
  }
  auto hosts = engine.get_all_hosts();
  for (size_t i = 0; i < hosts.size() && i < values.hosts.size(); i++) {
    hosts[i]->set_property(models::kSpeedFactorProperty, values.hosts[i].first);
    hosts[i]->set_property(models::kCpuQuotaProperty, values.hosts[i].second);
  }
}

} // namespace tireplay
