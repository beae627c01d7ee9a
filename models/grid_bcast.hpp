// Inter-cluster broadcast schedules: the heuristics of section 5 of Steffenel, "A Framework for Adaptive Collective
// Communications on Heterogeneous Hierarchical Networks" (INRIA inria-00116897, 2006). Clusters are represented by
// their coordinators; the root's cluster holds the message at time 0. Each round picks a sender cluster i among
// those that hold the message (set A) and a receiver j among the others (set B), in pLogP terms (section 4.5):
// the transfer starts when i is free, keeps i busy for g_ij(m), and arrives L_ij later. A cluster broadcasts
// inside itself (T_i) once it sends nothing more to other clusters; the makespan is the last such end.
// Pure functions: the replay's grid broadcasts (replay/collectives/bcast/) execute these schedules.
#pragma once

#include <string_view>
#include <vector>

namespace tireplay::models {

/// One broadcast between C clusters: the inter-cluster pLogP parameters for the message, the clusters' internal
/// broadcast times, and the root's cluster.
struct GridBcastInstance {
  int clusters = 0;
  int root     = 0;
  std::vector<double> latency;  // L_ij, C² entries, seconds (row = sender)
  std::vector<double> gap;      // g_ij(m), C² entries, seconds
  std::vector<double> internal; // T_i, C entries, seconds
  double L(int i, int j) const { return latency[static_cast<size_t>(i * clusters + j)]; }
  double g(int i, int j) const { return gap[static_cast<size_t>(i * clusters + j)]; }
  double T(int i) const { return internal[static_cast<size_t>(i)]; }
};

struct GridTransfer {
  int from, to;
  double start_seconds, arrival_seconds;  // arrival = start + g + L
};

struct GridSchedule {
  std::vector<GridTransfer> transfers;  // in the order the heuristic chose them
  std::vector<double> holds_message;    // per cluster: when its coordinator has the message (root: 0)
  std::vector<double> finished;         // per cluster: end of its internal broadcast
  double makespan_seconds = 0;
};

/// The state a heuristic sees when choosing a round's pair: which clusters hold the message (A) and which do not
/// (B), and when each cluster is free to send (its arrival time, plus g for each transfer it already started).
struct GridRound {
  const GridBcastInstance& instance;
  std::vector<double> free_at;
  std::vector<int> senders, receivers;  // sets A and B, ascending
};

/// A heuristic: the (sender, receiver) pair of a round.
struct GridHeuristic {
  std::string_view name;         // as the algorithms and reproductions name it: "ecef_lat"
  std::string_view paper_name;   // "ECEF-LAt"
  std::string_view description;
  void (*choose)(const GridRound& round, int& sender, int& receiver);
};

/// Flat Tree, FEF, ECEF, ECEF-LA, ECEF-LAt, ECEF-LAT, BottomUp (sections 5.1 to 5.7), in that order.
const std::vector<GridHeuristic>& grid_heuristics();
/// The heuristic of that name (GridHeuristic::name); throws std::invalid_argument listing the names.
const GridHeuristic& grid_heuristic(std::string_view name);

/// Runs `heuristic` round by round until every cluster holds the message.
GridSchedule schedule_grid_bcast(const GridHeuristic& heuristic, const GridBcastInstance& instance);

} // namespace tireplay::models
