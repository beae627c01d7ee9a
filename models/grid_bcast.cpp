#include "models/grid_bcast.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace tireplay::models {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// The pair of A × B with the smallest score(i, j); ties go to the smallest i, then j.
template <class Score>
void argmin_pair(const GridRound& r, int& sender, int& receiver, Score score)
{
  double best = kInfinity;
  for (int i : r.senders)
    for (int j : r.receivers) {
      double s = score(i, j);
      if (s < best)
        best = s, sender = i, receiver = j;
    }
}

/// When a transfer from i to j would arrive: i free, then g_ij(m) + L_ij (ECEF's RT_i + g_ij(m) + L_ij).
double arrival(const GridRound& r, int i, int j)
{
  return r.free_at[static_cast<size_t>(i)] + r.instance.g(i, j) + r.instance.L(i, j);
}

/// The lookahead F_j of every receiver j, over the other receivers k ∈ B \ {j}: the best (or worst) of
/// g_jk(m) + L_jk (+ T_k); 0 when j is the last receiver. Indexed by cluster; computed once per round.
template <class Better>
std::vector<double> lookaheads(const GridRound& r, bool with_internal, Better better)
{
  std::vector<double> f(r.free_at.size(), 0);
  for (int j : r.receivers) {
    bool has_any = false;
    for (int k : r.receivers) {
      if (k == j)
        continue;
      double v = r.instance.g(j, k) + r.instance.L(j, k) + (with_internal ? r.instance.T(k) : 0);
      if (!has_any || better(v, f[static_cast<size_t>(j)]))
        f[static_cast<size_t>(j)] = v, has_any = true;
    }
  }
  return f;
}
bool less(double a, double b) { return a < b; }
bool greater(double a, double b) { return a > b; }

// 5.1: the root sends to every other cluster in turn, in cluster order.
void flat_tree(const GridRound& r, int& sender, int& receiver)
{
  sender   = r.instance.root;
  receiver = r.receivers.front();
}

// 5.2 (Bhat et al.): the edge of smallest weight from A to B, the weight being the latency.
void fef(const GridRound& r, int& sender, int& receiver)
{
  argmin_pair(r, sender, receiver, [&](int i, int j) { return r.instance.L(i, j); });
}

// 5.3: the earliest completion RT_i + g_ij(m) + L_ij.
void ecef(const GridRound& r, int& sender, int& receiver)
{
  argmin_pair(r, sender, receiver, [&](int i, int j) { return arrival(r, i, j); });
}

// 5.4: + F_j = min_{k ∈ B} (g_jk(m) + L_jk), how fast j could pass the message on.
void ecef_la(const GridRound& r, int& sender, int& receiver)
{
  std::vector<double> f = lookaheads(r, false, less);
  argmin_pair(r, sender, receiver, [&](int i, int j) { return arrival(r, i, j) + f[static_cast<size_t>(j)]; });
}

// 5.5: + F_j = min_{k ∈ B} (g_jk(m) + L_jk + T_k): j reaches a cluster that finishes soon.
void ecef_lat_min(const GridRound& r, int& sender, int& receiver)
{
  std::vector<double> f = lookaheads(r, true, less);
  argmin_pair(r, sender, receiver, [&](int i, int j) { return arrival(r, i, j) + f[static_cast<size_t>(j)]; });
}

// 5.6: + F_j = max_{k ∈ B} (g_jk(m) + L_jk + T_k): priority to the clusters that would finish late.
void ecef_lat_max(const GridRound& r, int& sender, int& receiver)
{
  std::vector<double> f = lookaheads(r, true, greater);
  argmin_pair(r, sender, receiver, [&](int i, int j) { return arrival(r, i, j) + f[static_cast<size_t>(j)]; });
}

// 5.7: max_{j ∈ B} min_{i ∈ A} (g_ij(m) + L_ij + T_j): the cluster that would finish last, from the sender that
// reaches it first. The paper's formula leaves out when i is free; this one counts it (RT_i, as ECEF does), so
// that a busy sender is not taken for a fast one.
void bottom_up(const GridRound& r, int& sender, int& receiver)
{
  double worst = -kInfinity;
  for (int j : r.receivers) {
    int best_i       = -1;
    double best_time = kInfinity;
    for (int i : r.senders) {
      double t = arrival(r, i, j) + r.instance.T(j);
      if (t < best_time)
        best_time = t, best_i = i;
    }
    if (best_time > worst)
      worst = best_time, sender = best_i, receiver = j;
  }
}

} // namespace

const std::vector<GridHeuristic>& grid_heuristics()
{
  static const std::vector<GridHeuristic> table = {
      {"flat_tree", "Flat Tree", "the root sends to each cluster in turn (ECO, MagPIe)", flat_tree},
      {"fef", "FEF", "Fastest Edge First: the lowest-latency edge from A to B", fef},
      {"ecef", "ECEF", "Early Completion Edge First: the earliest arrival RT_i + g_ij + L_ij", ecef},
      {"ecef_la", "ECEF-LA", "ECEF + lookahead min_k (g_jk + L_jk)", ecef_la},
      {"ecef_lat", "ECEF-LAt", "ECEF + lookahead min_k (g_jk + L_jk + T_k)", ecef_lat_min},
      {"ecef_lat_max", "ECEF-LAT", "ECEF + lookahead max_k (g_jk + L_jk + T_k): slow clusters first", ecef_lat_max},
      {"bottom_up", "BottomUp", "max over receivers of the earliest end of their internal broadcast", bottom_up},
  };
  return table;
}

const GridHeuristic& grid_heuristic(std::string_view name)
{
  std::string names;
  for (const auto& h : grid_heuristics()) {
    if (h.name == name)
      return h;
    names += (names.empty() ? "" : ", ") + std::string(h.name);
  }
  throw std::invalid_argument("unknown grid heuristic '" + std::string(name) + "' (known: " + names + ")");
}

GridSchedule schedule_grid_bcast(const GridHeuristic& heuristic, const GridBcastInstance& instance)
{
  const int c = instance.clusters;
  if (c < 1 || instance.root < 0 || instance.root >= c)
    throw std::invalid_argument("grid broadcast: root cluster " + std::to_string(instance.root) + " of " +
                                std::to_string(c) + " clusters");
  GridRound round{instance, std::vector<double>(static_cast<size_t>(c), 0), {}, {}};
  GridSchedule s;
  s.holds_message.assign(static_cast<size_t>(c), kInfinity);  // infinite: not yet
  s.holds_message[static_cast<size_t>(instance.root)] = 0;
  for (int done = 1; done < c; done++) {
    round.senders.clear();
    round.receivers.clear();
    for (int k = 0; k < c; k++)
      (s.holds_message[static_cast<size_t>(k)] < kInfinity ? round.senders : round.receivers).push_back(k);
    int i = -1, j = -1;
    heuristic.choose(round, i, j);
    auto ui = static_cast<size_t>(i), uj = static_cast<size_t>(j);
    GridTransfer t{i, j, round.free_at[ui], round.free_at[ui] + instance.g(i, j) + instance.L(i, j)};
    round.free_at[ui] += instance.g(i, j);
    round.free_at[uj]   = t.arrival_seconds;
    s.holds_message[uj] = t.arrival_seconds;
    s.transfers.push_back(t);
  }
  s.finished.resize(static_cast<size_t>(c));
  for (size_t k = 0; k < static_cast<size_t>(c); k++) {
    s.finished[k]      = round.free_at[k] + instance.internal[k];  // after its last inter-cluster send
    s.makespan_seconds = std::max(s.makespan_seconds, s.finished[k]);
  }
  return s;
}

} // namespace tireplay::models
