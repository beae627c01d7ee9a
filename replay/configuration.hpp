// The --cfg key:value pairs, checked before any simulation: the smpi/ ones the replay's MPI layer reads
// (SmpiConfig), SimGrid's own (network/model, surf/precision, ...) with the values SimGrid can simulate, and the
// SimGrid engine made with them. A key or value nobody would use is an error naming the option, never a SimGrid
// abort, a hang, or a setting silently ignored.
#pragma once

#include "replay/smpi_config.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <memory>
#include <string>
#include <vector>

namespace tireplay {

struct Configuration {
  SmpiConfig smpi;
  std::vector<std::string> simgrid;  // key:value pairs for SimGrid's engine, checked
  std::vector<std::string> notes;    // keys accepted that do not change a replay (SMPI's smpi/privatization...)
};

/// Splits and checks `--cfg` pairs. Throws std::invalid_argument "--cfg KEY:VALUE: why" (with the closest known
/// key for an unknown one).
Configuration parse_configuration(const std::vector<std::string>& pairs);

/// Thrown by make_engine() after stop_before_simulation(true): what the option fuzzer (tests/fuzz) stops at, once
/// every option and file of a command has been checked. Not a std::exception: no command catches it.
struct SimulationNotStarted {};
void stop_before_simulation(bool stop);

/// A SimGrid engine with SMPI's network model, quiet logs, `extra_args` (--log=...) and the checked SimGrid
/// options; an option SimGrid itself refuses throws std::invalid_argument naming it.
std::unique_ptr<simgrid::s4u::Engine> make_engine(const Configuration& cfg,
                                                  const std::vector<std::string>& extra_args = {});

/// Loads `platform` into `engine`. Throws InputError naming the file: SimGrid's parse errors, and values it
/// cannot simulate (see check_platform_values). Installs the zones' loopback factors (install_loopback_factors).
void load_platform(simgrid::s4u::Engine& engine, const std::string& platform);

/// The id of a host of the platform file with a state_file (it turns off and on), or "".
std::string host_with_state_file(const std::string& platform);

/// A setting that tireplay applies itself (smpi/os, tireplay/..., not SMPI's factors, which SimGrid's model reads).
bool read_by_tireplay(const std::string& key);

/// The key:value pairs of the platform file's <config> blocks, in order (SimGrid applies them when loading; the
/// SMPI and tireplay settings among them are tireplay's to apply: run_replay reads them before --cfg). Throws
/// InputError naming the platform for a pair that --cfg would refuse.
std::vector<std::string> platform_config(const std::string& platform);

/// For a platform whose zones declare loopback factors (models/platform_params.hpp; load_platform then chose
/// SimGrid's CM02 model): SimGrid's network model is given factor callbacks, a message between two ranks of such a
/// zone's host taking the loopback factors, every other one SMPI's (the times of SMPI's model without them). Throws InputError on a malformed one, or with --cfg network/latency-factor or
/// network/bandwidth-factor, which SimGrid does not combine with callbacks.
void install_loopback_factors(simgrid::s4u::Engine& engine, const std::string& platform);

/// Whether the platform file names a loopback factor (read before loading: SimGrid's network model is chosen then).
bool mentions_loopback_factors(const std::string& platform);

/// The kinds of profile the platform file names ("speed_file, bandwidth_file": availability_file, bandwidth_file...
/// attributes, trace or trace_connect elements), or "": --fidelity fast replays the loaded values without them.
std::string mentioned_profile(const std::string& platform);
/// Whether the platform file names a bypass route (an XML one's elements, a compiled one's calls), which the full
/// level must not declare again (SimGridTransport's shortcuts).
bool mentions_bypass(const std::string& platform);

/// Host speeds of 1 to 1e30 flop/s, link bandwidths of 1 to 1e30 bytes/s, latencies of 0 to 1e6 s (after
/// --scale and --set too). Throws InputError "PLATFORM: host 'h': speed 0 flop/s cannot be simulated ...".
void check_platform_values(const simgrid::s4u::Engine& engine, const std::string& platform);

/// A route between every two of `hosts` (all pairs up to 256 distinct hosts, beyond that to and from the first).
/// Throws InputError "PLATFORM: no route from host 'a' to host 'b' (...)".
void check_routes(const std::vector<simgrid::s4u::Host*>& hosts, const std::string& platform);

} // namespace tireplay
