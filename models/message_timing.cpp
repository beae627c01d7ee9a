#include "models/message_timing.hpp"

#include "models/coll_args.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace tireplay::models {

namespace {
/// smpi/send-is-detached-thresh at SimGrid 3.32's default. A send of fewer bytes is detached: the sender goes on
/// after the message's gap (pLogP). A larger one returns only once its message has arrived, L + g(x) after it
/// started. TODO: the replay's value, once ModelContext carries it.
constexpr double kDetachedSendThresholdBytes = 65536;
} // namespace

double reduction_seconds(const ModelContext& ctx, const CollArgs& args)
{
  return args.reductions_in_steps ? 0 : args.flops / ctx.flops_per_second;
}

double link_seconds(const PointToPoint& p2p, double bytes)
{
  auto it      = std::upper_bound(p2p.size_bounds.begin(), p2p.size_bounds.end(), bytes);
  size_t piece = it == p2p.size_bounds.begin() ? 0 : static_cast<size_t>(it - p2p.size_bounds.begin()) - 1;
  return bytes * p2p.gap_per_byte[piece];
}

double fan_seconds(int k, double bytes, const PointToPoint& p2p)
{
  return k < 1 ? 0 : p2p.time(bytes) + (k - 1) * link_seconds(p2p, bytes);
}

double send_seconds(const PointToPoint& p2p, double x)
{
  return x < kDetachedSendThresholdBytes ? p2p.gap(x) : p2p.time(x);
}

Burst send_burst(const std::vector<const PointToPoint*>& routes, double start, const std::vector<double>& bytes)
{
  std::vector<double> arrival(bytes.size());
  for (size_t first = 0; first < bytes.size();) {
    size_t end = first;
    while (end < bytes.size() && bytes[end] < kDetachedSendThresholdBytes)
      end++;
    end = std::min(end + 1, bytes.size());  // with the blocking send that closes the run
    std::vector<size_t> order(end - first);
    std::iota(order.begin(), order.end(), first);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return bytes[a] < bytes[b]; });
    double earlier = 0;  // Σ_{i<j} w_(i)
    for (size_t j = 0; j < order.size(); j++) {
      const PointToPoint& p2p = *routes[order[j]];
      double x = bytes[order[j]], w = link_seconds(p2p, x);
      arrival[order[j]] = start + p2p.time(x) + earlier + static_cast<double>(order.size() - 1 - j) * w;
      earlier += w;
    }
    if (bytes[end - 1] >= kDetachedSendThresholdBytes)
      start = arrival[end - 1];
    first = end;
  }
  return {arrival, start};
}

Burst send_burst(const PointToPoint& p2p, double start, const std::vector<double>& bytes)
{
  return send_burst(std::vector<const PointToPoint*>(bytes.size(), &p2p), start, bytes);
}

double cut_seconds(const ModelContext& ctx, const PointToPoint& p2p, size_t ab, double k, double x)
{
  return p2p.time(x) + link_seconds(p2p, x) * std::max(0.0, k / ctx.zone_cut_flows[ab] - 1);
}

PointToPoint crowded(const ModelContext& ctx, const PointToPoint& p2p, double messages, bool two_way)
{
  double stretch = std::max(two_way ? ctx.two_way_load : 1.0, messages * ctx.two_way_load / ctx.backbone_flows);
  PointToPoint slowed = p2p;
  for (double& per_byte : slowed.gap_per_byte)
    per_byte *= stretch;
  return slowed;
}

double exchange_step_seconds(const ModelContext& ctx, const std::vector<int>& partner, double x)
{
  const int P = static_cast<int>(partner.size());
  int messages = 0;
  for (int r = 0; r < P; r++)
    messages += partner[r] >= 0 && partner[r] < P && partner[r] != r;
  if (messages == 0)
    return 0;
  if (ctx.zone_of.empty())
    return crowded(ctx, ctx.p2p, messages, true).time(x);
  const int n = ctx.zones;
  std::vector<int> through(static_cast<size_t>(n), 0);  // messages through zone z's backbone: from or to it
  for (int r = 0; r < P; r++)
    if (int p = partner[r]; p >= 0 && p < P && p != r) {
      through[ctx.zone_of[r]]++;
      through[ctx.zone_of[p]] += ctx.crosses(r, p);
    }
  std::vector<int> crossing(static_cast<size_t>(n * n), 0);  // messages from zone a to zone b
  double latest = 0;
  for (int r = 0; r < P; r++) {
    int p = partner[r];
    if (p < 0 || p >= P || p == r)
      continue;
    int busiest = std::max(through[ctx.zone_of[r]], through[ctx.zone_of[p]]);
    latest      = std::max(latest, crowded(ctx, ctx.pair(r, p), busiest, true).time(x));
    if (ctx.crosses(r, p))
      crossing[static_cast<size_t>(ctx.zone_of[r] * n + ctx.zone_of[p])]++;
  }
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      size_t ab = static_cast<size_t>(a * n + b);
      if (crossing[ab] == 0 || !std::isfinite(ctx.zone_cut_flows[ab]))
        continue;
      int k = crossing[ab] + (ctx.zone_cut_both_ways[ab] ? crossing[static_cast<size_t>(b * n + a)] : 0);
      latest = std::max(latest, cut_seconds(ctx, ctx.zone_p2p[ab], ab, k, x));
    }
  return latest;
}

int subtree_bit(int r, int P)
{
  int bit = 1;
  while (bit < P && (r & bit) == 0)
    bit <<= 1;
  return bit;
}

namespace {
/// A tree's sends: sends[r] lists rank r's messages (child, bytes) in send order; every parent is a lower rank than
/// its children.
using TreeSends = std::vector<std::vector<std::pair<int, double>>>;

/// How many messages of the tree move together, for each message (as `sends`), counting in lockstep rounds: a rank
/// sends from the round after its message arrived; its detached sends go out together in that round, a blocking one
/// takes a round of its own (what the messages of one round share: the backbone).
std::vector<std::vector<double>> round_crowds(const TreeSends& sends)
{
  std::vector<int> first(sends.size(), 0);
  std::vector<std::vector<int>> round(sends.size());
  std::vector<double> moving;
  for (size_t r = 0; r < sends.size(); r++) {
    int next = first[r];
    for (const auto& [child, bytes] : sends[r]) {
      round[r].push_back(next);
      if (static_cast<size_t>(next) >= moving.size())
        moving.resize(static_cast<size_t>(next) + 1, 0);
      moving[static_cast<size_t>(next)]++;
      first[static_cast<size_t>(child)] = next + 1;
      if (bytes >= kDetachedSendThresholdBytes)
        next++;
    }
  }
  std::vector<std::vector<double>> crowd(sends.size());
  for (size_t r = 0; r < sends.size(); r++)
    for (int k : round[r])
      crowd[r].push_back(moving[static_cast<size_t>(k)]);
  return crowd;
}

/// The latest arrival of a tree's sends (relative ranks; rank_of maps them to the communicator's), each rank's
/// sends a burst from when its own message arrived, each message priced by its route, crowded by its round.
template <typename RankOf>
double tree_seconds(const ModelContext& ctx, const TreeSends& sends, RankOf rank_of)
{
  std::vector<std::vector<double>> crowd = round_crowds(sends);
  std::vector<double> ready(sends.size(), 0);
  double last = 0;
  for (size_t r = 0; r < sends.size(); r++) {
    std::vector<PointToPoint> routes;
    std::vector<double> bytes;
    for (size_t i = 0; i < sends[r].size(); i++) {
      auto [child, x] = sends[r][i];
      routes.push_back(crowded(ctx, ctx.pair(rank_of(static_cast<int>(r)), rank_of(child)), crowd[r][i], false));
      bytes.push_back(x);
    }
    std::vector<const PointToPoint*> route_of;
    for (const auto& p2p : routes)
      route_of.push_back(&p2p);
    std::vector<double> arrival = send_burst(route_of, ready[r], bytes).arrival;
    for (size_t i = 0; i < arrival.size(); i++) {
      ready[static_cast<size_t>(sends[r][i].first)] = arrival[i];
      last = std::max(last, arrival[i]);
    }
  }
  return last;
}
} // namespace

double binomial_bcast_seconds(const ModelContext& ctx, int root, double x)
{
  const int P = ctx.size;
  TreeSends sends(static_cast<size_t>(P));
  for (int r = 0; r < P; r++)
    for (int mask = subtree_bit(r, P) >> 1; mask > 0; mask >>= 1)
      if (r + mask < P)
        sends[r].emplace_back(r + mask, x);
  return tree_seconds(ctx, sends, [&](int relative) { return (relative + root) % P; });
}

double binomial_gather_seconds(int P, double x, const PointToPoint& p2p)
{
  std::vector<double> ready(static_cast<size_t>(P), 0);  // when r holds its subtree's blocks
  for (int r = P - 1; r >= 0; r--) {
    double t = 0;
    for (int mask = 1; mask < P && (r & mask) == 0; mask <<= 1)
      if (int child = r + mask; child < P)
        t = std::max(t, ready[child]) + p2p.time(std::min(mask, P - child) * x);
    ready[r] = t;
  }
  return ready[0];
}

double binomial_scatter_seconds(const ModelContext& ctx, int root, double x)
{
  const int P = ctx.size;
  TreeSends sends(static_cast<size_t>(P));
  for (int r = 0; r < P; r++)
    for (int mask = 1; mask < subtree_bit(r, P) && r + mask < P; mask <<= 1)
      sends[r].emplace_back(r + mask, std::min(mask, P - r - mask) * x);
  return tree_seconds(ctx, sends, [&](int relative) { return (relative + root) % P; });
}

} // namespace tireplay::models
