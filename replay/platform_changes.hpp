// Changes to a loaded platform before a replay runs: `--scale QUANTITY[@ZONE]=FACTOR` multiplies, `--set
// QUANTITY[@ZONE]=VALUE` sets (SimGrid units), for every link or host of the platform or of one zone
// (recursively). Links are changed in place (Link::set_bandwidth, set_latency); host speeds, which SimGrid seals
// at loading, through the factor of models/host_speed.hpp, and host CPU quotas, as properties of the hosts. What
// `tireplay sweep --vary` varies on a platform.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace simgrid::s4u {
class Engine;
}

namespace tireplay {

enum class PlatformQuantity { LinkBandwidth, LinkLatency, HostSpeed, HostQuota };

struct PlatformChange {
  PlatformQuantity quantity = PlatformQuantity::LinkBandwidth;
  std::string zone;        // empty: the whole platform
  bool is_factor = true;   // true: multiply by `value`; false: set to `value` (bytes/s, seconds or flop/s)
  double value   = 1;
  std::string text;        // the option and its value as written, for messages
};

/// The quantities, as written before '=' (and their short names): "link.bw (bw), link.lat (lat), host.speed
/// (speed), host.quota (quota)". host.quota is a CPU quota: the share of each period a host runs (0.5 or 50%).
std::string platform_quantity_names();

/// True if `name` (without @ZONE) is one of the quantities or their short names.
bool is_platform_quantity(const std::string& name);

/// Parses a factor: "2", "2x" or "0.5x", positive (latency: zero too). Throws std::invalid_argument.
double parse_factor(const std::string& text, PlatformQuantity quantity);

/// Parses "QUANTITY[@ZONE]=VALUE": a factor with `is_factor` (--scale), else a value with its SimGrid unit
/// (--set: 10us, 1GBps, 2Gf). Throws std::invalid_argument naming `option`, the text and what was expected.
PlatformChange parse_platform_change(const std::string& text, bool is_factor, const std::string& option);

/// Applies the changes, in order, to the engine's loaded platform. Throws InputError naming `platform_file` for
/// an unknown zone (listing the platform's zones).
void apply_platform_changes(simgrid::s4u::Engine& engine, const std::vector<PlatformChange>& changes,
                            const std::string& platform_file);

/// " with --scale bw=0.5x --set lat=1ms": the options as given, for a message about the replay ("" without any).
std::string changes_text(const std::vector<std::string>& scale, const std::vector<std::string>& set);

/// What the changes change, as loaded: each link's bandwidth and latency, each host's speed factor and CPU quota
/// (properties; "1" where the platform has none). `tireplay sweep` checks every run's changes on one engine,
/// restoring these in between so that one run's --scale does not compound with the next's.
struct PlatformValues {
  std::vector<std::pair<double, double>> links;         // bandwidth, latency: in engine.get_all_links() order
  std::vector<std::pair<std::string, std::string>> hosts;  // speed factor, quota: in engine.get_all_hosts() order
};
PlatformValues platform_values(const simgrid::s4u::Engine& engine);
void restore_platform_values(const simgrid::s4u::Engine& engine, const PlatformValues& values);

} // namespace tireplay
