// SimGrid's SMPI network model for one message alone on its route, as a PointToPoint (pLogP) — the pure part,
// without a platform: the route is reduced to its latency and its rate before SMPI's size factors. The route
// itself is read from a SimGrid platform in models/platform_params.hpp.
#pragma once

#include "models/model_context.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace simgrid::s4u {
class Host;
class NetZone;
}

namespace tireplay::models {

/// SMPI adds the MPI envelope to every message it puts on the network (replay/p2p.cpp sends bytes + 16).
constexpr double kEnvelopeBytes = 16;

/// SimGrid 3.32's defaults for smpi/bw-factor and smpi/lat-factor (src/simgrid/sg_config.cpp).
inline const char* const kDefaultBandwidthFactors =
    "65472:0.940694;15424:0.697866;9376:0.58729;5776:1.08739;3484:0.77493;1426:0.608902;732:0.341987;"
    "257:0.338112;0:0.812084";
inline const char* const kDefaultLatencyFactors =
    "65472:11.6436;15424:3.48845;9376:2.59299;5776:2.18796;3484:1.88101;1426:1.61075;732:1.9503;257:1.95341;"
    "0:2.01467";

/// A size-dependent factor, "threshold:value;..." as SMPI parses smpi/bw-factor and smpi/lat-factor
/// (smpi_utils.cpp parse_factor, network_smpi.cpp get_bandwidth_factor): a value applies to the payloads
/// strictly above its threshold, up to the next threshold; payloads up to the smallest threshold get 1.
class SizeFactors {
public:
  struct Step {
    uint64_t threshold;  // bytes of payload (message + envelope)
    double value;
  };
  enum class Values { Positive, Fractions };  // factors, or fractions from 0 to 1 (tireplay/both-ways-factor)
  /// Throws std::invalid_argument naming `option` (the --cfg key) on a malformed spec.
  explicit SizeFactors(const std::string& spec, const std::string& option = "factor", Values values = Values::Positive);
  double at(double payload_bytes) const;
  /// Sorted by threshold.
  const std::vector<Step>& steps() const { return steps_; }

private:
  std::vector<Step> steps_;
};

/// The factors of messages between two ranks of one host, where its zone declares them (tireplay's extension,
/// docs/calibration.md: a zone property tireplay/loopback-lat-factor or tireplay/loopback-bw-factor).
struct LoopbackFactors {
  SizeFactors bandwidth;
  SizeFactors latency;
};

/// What SimGrid's SMPI network model adds to the platform's links (the `--cfg` values, or SimGrid's defaults).
struct NetworkFactors {
  SizeFactors bandwidth{kDefaultBandwidthFactors, "smpi/bw-factor"};
  SizeFactors latency{kDefaultLatencyFactors, "smpi/lat-factor"};
  double tcp_gamma_bytes = 4194304;  // network/TCP-gamma: a flow's rate is at most gamma / (2 * route latency)
  bool crosstraffic      = true;     // network/crosstraffic: the reverse route carries 5% of the flow (TCP acks)
  /// The zones that declare loopback factors (empty: SMPI's factors for every message, as SimGrid).
  std::map<const simgrid::s4u::NetZone*, LoopbackFactors> loopback;

  /// The factors of a message from `src` to `dst`: the loopback ones of src's zone when src == dst and it has
  /// them, else SMPI's (models/platform_params.cpp).
  const SizeFactors& latency_between(const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst) const;
  const SizeFactors& bandwidth_between(const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst) const;
  /// A copy whose SMPI factors are those between `src` and `dst` (for the models of one route).
  NetworkFactors between(const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst) const;
};

/// A route as one message alone on it sees it: the sum of its links' latencies, and the rate (bytes/s) of the
/// flow before SMPI's bandwidth factor — the tightest of the links' bandwidths, each divided by the flow's
/// weight on it (1 per crossing, + 0.05 per crossing of the reverse route with cross-traffic on a shared link),
/// and of TCP-gamma / (2 * latency). Infinite on a route without links.
struct RouteParams {
  double latency_seconds       = 0;
  double rate_bytes_per_second = 0;
};

/// Seconds SimGrid takes to deliver `bytes` (+ envelope) alone on the route:
/// latency * lat_factor(payload) + payload / (rate * bw_factor(payload)), payload = bytes + 16.
double smpi_message_seconds(const RouteParams& route, const NetworkFactors& factors, double bytes);

/// The same times as a PointToPoint: L = route latency * lat_factor(16 bytes of payload, an empty message), and
/// for each size range of the factors (bounds in message bytes: threshold - 15, the smallest whole message whose
/// payload exceeds the threshold) g(m) = latency * (lat_factor - lat_factor(16)) + (m + 16) / (rate * bw_factor),
/// so that time(m) = smpi_message_seconds(m) for every whole m. No overheads (smpi/os, smpi/or): these are the
/// SMPI layer's, the caller sets them.
PointToPoint smpi_point_to_point(const RouteParams& route, const NetworkFactors& factors);

/// Hockney's alpha + beta * m, exact for the sizes in the range of PointToPoint that holds `bytes`: one message
/// from the start of the send to the end of the receive, overheads included.
struct Hockney {
  double alpha_seconds;
  double beta_seconds_per_byte;
};
Hockney hockney_view(const PointToPoint& p2p, double bytes);

/// LogGP (Alexandrov et al.): a message of m bytes takes o + L + (m - 1) * G + o, and a sender waits g between
/// two small messages. Exact for the sizes in the range of PointToPoint that holds `bytes` (with
/// o = (o_s + o_r) / 2); g is pLogP's g(1).
struct LogGP {
  double latency_seconds;
  double overhead_seconds;
  double gap_seconds;
  double gap_per_byte_seconds;
};
LogGP loggp_view(const PointToPoint& p2p, double bytes);

} // namespace tireplay::models
