#include "models/message_timing.hpp"

#include "replay/collectives/coll.hpp"

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

double exchange_step_seconds(const ModelContext& ctx, const std::vector<int>& partner, double x)
{
  const int P = static_cast<int>(partner.size());
  if (ctx.zone_of.empty()) {
    for (int r = 0; r < P; r++)
      if (partner[r] >= 0 && partner[r] < P && partner[r] != r)
        return ctx.p2p.time(x);
    return 0;
  }
  const int n = ctx.zones;
  std::vector<int> crossing(static_cast<size_t>(n * n), 0);  // messages from zone a to zone b
  double latest = 0;
  for (int r = 0; r < P; r++) {
    int p = partner[r];
    if (p < 0 || p >= P || p == r)
      continue;
    latest = std::max(latest, ctx.pair(r, p).time(x));
    if (ctx.crosses(r, p))
      crossing[static_cast<size_t>(ctx.zone_of[r] * n + ctx.zone_of[p])]++;
  }
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      size_t ab = static_cast<size_t>(a * n + b);
      if (crossing[ab] == 0 || !std::isfinite(ctx.zone_cut_bandwidth[ab]))
        continue;
      int k = crossing[ab] + (ctx.zone_cut_both_ways[ab] ? crossing[static_cast<size_t>(b * n + a)] : 0);
      const PointToPoint& p2p = ctx.zone_p2p[ab];
      latest = std::max(latest, p2p.time(x) + std::max(0.0, k * x / ctx.zone_cut_bandwidth[ab] - link_seconds(p2p, x)));
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

double binomial_bcast_seconds(const ModelContext& ctx, int root, double x)
{
  const int P = ctx.size;
  auto rank_of = [&](int relative) { return (relative + root) % P; };
  std::vector<double> ready(static_cast<size_t>(P), 0);
  double last = 0;
  for (int r = 0; r < P; r++) {
    std::vector<int> children;
    for (int mask = subtree_bit(r, P) >> 1; mask > 0; mask >>= 1)
      if (r + mask < P)
        children.push_back(r + mask);
    std::vector<const PointToPoint*> routes;
    for (int child : children)
      routes.push_back(&ctx.pair(rank_of(r), rank_of(child)));
    std::vector<double> arrival = send_burst(routes, ready[r], std::vector<double>(children.size(), x)).arrival;
    for (size_t i = 0; i < children.size(); i++) {
      ready[children[i]] = arrival[i];
      last               = std::max(last, arrival[i]);
    }
  }
  return last;
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

double binomial_scatter_seconds(int P, double x, const PointToPoint& p2p)
{
  std::vector<double> ready(static_cast<size_t>(P), 0);
  double last = 0;
  for (int r = 0; r < P; r++) {
    std::vector<double> bytes;
    for (int mask = 1; mask < subtree_bit(r, P) && r + mask < P; mask <<= 1)
      bytes.push_back(std::min(mask, P - r - mask) * x);
    std::vector<double> arrival = send_burst(p2p, ready[r], bytes).arrival;
    for (size_t i = 0; i < bytes.size(); i++) {
      ready[r + (1 << i)] = arrival[i];
      last                = std::max(last, arrival[i]);
    }
  }
  return last;
}

} // namespace tireplay::models
