// The SimGrid platform a calibration describes, in the constructions of platforms/bordereau.xml and gdx.xml: one
// cluster per first-level switch, each node's link and the switch (the cluster's backbone) with the latency ℓ_1 of
// the "/ 6" rule, so that a message between two nodes of a switch crosses two links and the switch (3 ℓ_1); with
// several switches, an uplink per switch to the second-level switch, of 1.5 ℓ_2 each, so that a message between two
// switches crosses 4 ℓ_1 + 3 ℓ_2 (the hierarchy-aware rule, models/calibration_network.hpp). SMPI's fitted factors
// go in its <config>, which `tireplay replay` applies unless --cfg sets them.
#pragma once

#include <string>

namespace tireplay::calibrate {

struct CalibratedCluster {
  std::string id     = "calibrated";
  std::string prefix = "node-";
  int hosts          = 16;  // per switch
  int switches       = 1;   // first-level switches: more than one makes a second level
  double speed_flops_per_second     = 1e9;
  double bandwidth_bytes_per_second = 125e6;  // each node's link, each switch per message, each uplink
  double element_latency_seconds    = 0;      // ℓ_1: each node's link and each first-level switch
  double level2_latency_seconds     = 0;      // ℓ_2: each uplink and the second-level switch
  std::string latency_factors;                // smpi/lat-factor, "" for none
  std::string bandwidth_factors;              // smpi/bw-factor, "" for none
  double loopback_latency_seconds   = 0;      // two ranks of one host: loopback_lat, loopback_bw (0: none)
  double loopback_bandwidth_bytes_per_second = 0;
  std::string loopback_latency_factors;       // the cluster's tireplay/loopback-lat-factor, "" for none
  std::string loopback_bandwidth_factors;     // tireplay/loopback-bw-factor
  std::string comment;                        // how the values were obtained
};

/// The platform file's text. A switch is a FATPIPE backbone of the links' bandwidth: every message through it
/// gets the full rate (a non-blocking switch), so that the route of a lone message has the links' bandwidth and
/// the latencies above — what the calibration fitted the factors against. Hosts are PREFIX0 .. PREFIX<N-1>,
/// switch s holding PREFIX<s × hosts> .. PREFIX<(s + 1) × hosts − 1>.
std::string cluster_platform_xml(const CalibratedCluster& cluster);

} // namespace tireplay::calibrate
