#include "models/collective_models.hpp"

#include "models/message_timing.hpp"

#include "models/coll_args.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace tireplay::models {

namespace {

int largest_power_of_two_at_most(int P)
{
  int pof2 = 1;
  while (pof2 * 2 <= P)
    pof2 *= 2;
  return pof2;
}

/// The first rank of r's subtree of `mask` ranks.
int tree_root(int r, int mask) { return r & ~(mask - 1); }

/// MPICH's recursive doubling as allgather/recursive_doubling.cpp and reducescatter/mpich_rdb.cpp run it, evaluated
/// message by message: at step mask = 2^i, rank r sends exchange(r, mask) bytes to r XOR mask and receives theirs;
/// a rank's sendrecv ends when it has received and its send has returned (send_seconds). Where the partner's subtree
/// is cut short by P, the `completed` ranks of r's subtree that got its data send forward(r, mask) bytes to the
/// others by recursive halving: a rank's forwards of one step, to higher ranks, leave as one burst (send_burst) once
/// it holds the data, so the ranks are taken in increasing order. The exchanges of a step go both ways at once
/// (crowded by the step's messages), the forwards one way.
template <typename Exchange, typename Forward>
double mpich_recursive_doubling_seconds(const ModelContext& ctx, Exchange exchange, Forward forward)
{
  const int P               = ctx.size;
  const PointToPoint& alone = ctx.p2p;
  std::vector<double> t(static_cast<size_t>(P), 0);
  for (int mask = 1, i = 0; mask < P; mask <<= 1, i++) {
    int exchanging = 0;
    for (int r = 0; r < P; r++)
      exchanging += (r ^ mask) < P;
    const PointToPoint p2p = crowded(ctx, ctx.p2p, exchanging, true);
    for (int r = 0; r < P; r++)
      if (int dst = r ^ mask; r < dst && dst < P) {
        double start = std::max(t[r], t[dst]), to_dst = exchange(r, mask), to_r = exchange(dst, mask);
        t[r]         = start + std::max(send_seconds(p2p, to_dst), p2p.time(to_r));
        t[dst]       = start + std::max(send_seconds(p2p, to_r), p2p.time(to_dst));
      }
    std::vector<std::vector<int>> peers(static_cast<size_t>(P));  // each rank's forwards, in sub-step order
    for (int half = mask >> 1, k = i; half > 0; half >>= 1, k--)
      for (int r = 0; r < P; r++) {
        if (tree_root(r ^ mask, mask) + mask <= P)
          continue;
        int completed = P - tree_root(r, mask) - mask;
        int peer = r ^ half, root = (r >> k) << k;
        if (peer > r && peer < P && r < root + completed && peer >= root + completed)
          peers[r].push_back(peer);
      }
    for (int r = 0; r < P; r++) {
      if (peers[r].empty())
        continue;
      Burst burst = send_burst(alone, t[r], std::vector<double>(peers[r].size(), forward(r, mask)));
      for (size_t j = 0; j < peers[r].size(); j++)
        t[peers[r][j]] = std::max(t[peers[r][j]], burst.arrival[j]);
      t[r] = burst.returned;
    }
  }
  return P > 0 ? *std::max_element(t.begin(), t.end()) : 0;
}

/// Each rank's block of a reduce-scatter: the counts, or args.bytes each without them.
std::vector<double> reducescatter_blocks(const ModelContext& ctx, const CollArgs& args)
{
  const auto* counts = args.recv_counts;
  if (counts == nullptr || counts->size() != static_cast<size_t>(ctx.size))
    return std::vector<double>(static_cast<size_t>(ctx.size), static_cast<double>(args.bytes));
  return {counts->begin(), counts->end()};
}

/// One rank's P − 1 messages at once through one port: those of `counts` but the smallest (standing for the rank's
/// own block), the largest arriving last, L + g(largest) + the others' link_seconds; or fan_seconds of `bytes`.
double port_seconds(const std::vector<uint64_t>* counts, uint64_t bytes, int P, const PointToPoint& p2p)
{
  if (counts == nullptr || counts->size() != static_cast<size_t>(P))
    return fan_seconds(P - 1, static_cast<double>(bytes), p2p);
  std::vector<double> sorted(counts->begin(), counts->end());
  std::sort(sorted.begin(), sorted.end());
  double seconds = p2p.time(sorted.back());
  for (size_t i = 1; i + 1 < sorted.size(); i++)
    seconds += link_seconds(p2p, sorted[i]);
  return seconds;
}

} // namespace

// ---- Allreduce ----

double predict_allreduce_reduce_bcast(const ModelContext& ctx, const CollArgs& args)
{
  double n = static_cast<double>(args.bytes);
  return fan_seconds(ctx.size - 1, n, ctx.p2p) + binomial_bcast_seconds(ctx, 0, n) +
         reduction_seconds(ctx, args);
}

double predict_allreduce_recursive_doubling(const ModelContext& ctx, const CollArgs& args)
{
  int pof2        = largest_power_of_two_at_most(ctx.size);
  const double n  = static_cast<double>(args.bytes);
  double seconds  = ctx.size != pof2 ? 2 * ctx.p2p.time(n) : 0;  // folding the extra ranks in, then out
  std::vector<int> partner(static_cast<size_t>(pof2));
  for (int mask = 1; mask < pof2; mask <<= 1) {  // the group of p' ranks (their real ranks are near: left out)
    for (int r = 0; r < pof2; r++)
      partner[r] = r ^ mask;
    seconds += exchange_step_seconds(ctx, partner, n);
  }
  return seconds + reduction_seconds(ctx, args);
}

double predict_allreduce_ring(const ModelContext& ctx, const CollArgs& args)
{
  const int P = ctx.size;
  if (P < 2)
    return reduction_seconds(ctx, args);
  double largest_block = static_cast<double>((args.bytes + P - 1) / P);
  return 2 * (P - 1) * crowded(ctx, ctx.p2p, P, true).time(largest_block) + reduction_seconds(ctx, args);
}

double predict_allreduce_rabenseifner(const ModelContext& ctx, const CollArgs& args)
{
  int pof2         = largest_power_of_two_at_most(ctx.size);
  uint64_t each    = args.bytes / pof2;
  uint64_t rest    = args.bytes - pof2 * each;
  double seconds   = 0;
  std::vector<int> partner(static_cast<size_t>(pof2));
  // The halving step with rank XOR mask and the doubling step with the same partner move pof2 / (2 mask) blocks.
  for (int mask = 1; mask < pof2; mask <<= 1) {
    for (int r = 0; r < pof2; r++)
      partner[r] = r ^ mask;
    seconds += 2 * exchange_step_seconds(ctx, partner, static_cast<double>((pof2 / (2 * mask)) * each + rest));
  }
  if (ctx.size != pof2)
    seconds += 2 * ctx.p2p.time(static_cast<double>(args.bytes));
  return seconds + reduction_seconds(ctx, args);
}

// ---- Allgather ----

double predict_allgather_linear(const ModelContext& ctx, const CollArgs& args)
{
  // Every rank's P - 1 messages at once: each port serializes P - 1 messages, the backbone carries P at a time.
  return fan_seconds(ctx.size - 1, static_cast<double>(args.bytes), crowded(ctx, ctx.p2p, ctx.size, true));
}

double predict_allgather_ring(const ModelContext& ctx, const CollArgs& args)
{
  return std::max(ctx.size - 1, 0) * crowded(ctx, ctx.p2p, ctx.size, true).time(static_cast<double>(args.bytes));
}

double predict_allgather_recursive_doubling(const ModelContext& ctx, const CollArgs& args)
{
  const int P    = ctx.size;
  const double m = static_cast<double>(args.bytes);
  auto held      = [&](int r, int mask) { return std::min(mask, P - tree_root(r, mask)) * m; };
  auto completed = [&](int r, int mask) { return (P - tree_root(r, mask) - mask) * m; };
  return mpich_recursive_doubling_seconds(ctx, held, completed);
}

double predict_allgather_bruck(const ModelContext& ctx, const CollArgs& args)
{
  const int P    = ctx.size;
  const double m = static_cast<double>(args.bytes);
  PointToPoint p2p = crowded(ctx, ctx.p2p, P, true);
  double seconds   = 0;
  int pof2         = 1;
  for (; pof2 <= P / 2; pof2 *= 2)
    seconds += p2p.time(pof2 * m);
  if (P > pof2)
    seconds += p2p.time((P - pof2) * m);
  return seconds;
}

// ---- Gather and scatter ----

double predict_gather_linear(const ModelContext& ctx, const CollArgs& args)
{
  return fan_seconds(ctx.size - 1, static_cast<double>(args.bytes), ctx.p2p);
}

double predict_gather_binomial(const ModelContext& ctx, const CollArgs& args)
{
  return binomial_gather_seconds(ctx.size, static_cast<double>(args.bytes), ctx.p2p);
}

double predict_scatter_linear(const ModelContext& ctx, const CollArgs& args)
{
  return fan_seconds(ctx.size - 1, static_cast<double>(args.bytes2), ctx.p2p);
}

double predict_scatter_binomial(const ModelContext& ctx, const CollArgs& args)
{
  return binomial_scatter_seconds(ctx, args.root, static_cast<double>(args.bytes2));
}

// ---- Barrier ----

double predict_barrier_linear(const ModelContext& ctx, const CollArgs&)
{
  return 2 * fan_seconds(ctx.size - 1, 0, ctx.p2p);
}

double predict_barrier_dissemination(const ModelContext& ctx, const CollArgs&)
{
  int rounds = 0;
  for (int distance = 1; distance < ctx.size; distance <<= 1)
    rounds++;
  return rounds * ctx.p2p.time(0);
}

double predict_barrier_tree(const ModelContext& ctx, const CollArgs&)
{
  return binomial_gather_seconds(ctx.size, 0, ctx.p2p) + binomial_bcast_seconds(ctx, 0, 0);
}

// ---- Reduce-scatter ----

double predict_reducescatter_reduce_scatterv(const ModelContext& ctx, const CollArgs& args)
{
  std::vector<double> blocks = reducescatter_blocks(ctx, args);
  if (std::any_of(blocks.begin(), blocks.end(), [&](double b) { return b != blocks[0]; }))
    return predict_reducescatter_mpich(ctx, args);
  double n = std::accumulate(blocks.begin(), blocks.end(), 0.0);
  double b = blocks.empty() ? 0 : blocks[0];
  return fan_seconds(ctx.size - 1, n, ctx.p2p) + fan_seconds(ctx.size - 1, b, ctx.p2p) + reduction_seconds(ctx, args);
}

double predict_reducescatter_mpich(const ModelContext& ctx, const CollArgs& args)
{
  std::vector<double> blocks = reducescatter_blocks(ctx, args);
  auto bytes        = static_cast<uint64_t>(std::accumulate(blocks.begin(), blocks.end(), 0.0));
  uint64_t elements = bytes / static_cast<uint64_t>(args.datatype_size > 0 ? args.datatype_size : 1);
  return elements > 524288 ? predict_reducescatter_mpich_pair(ctx, args) : predict_reducescatter_mpich_rdb(ctx, args);
}

double predict_reducescatter_mpich_pair(const ModelContext& ctx, const CollArgs& args)
{
  std::vector<double> blocks = reducescatter_blocks(ctx, args);
  double largest             = blocks.empty() ? 0 : *std::max_element(blocks.begin(), blocks.end());
  if (largest == 0)
    return reduction_seconds(ctx, args);  // the code returns without communicating
  return (ctx.size - 1) * crowded(ctx, ctx.p2p, ctx.size, true).time(largest) + reduction_seconds(ctx, args);
}

double predict_reducescatter_mpich_rdb(const ModelContext& ctx, const CollArgs& args)
{
  std::vector<double> blocks = reducescatter_blocks(ctx, args);
  double total               = std::accumulate(blocks.begin(), blocks.end(), 0.0);
  // Bytes of every block but those of the subtree of `mask` ranks from `root`.
  auto outside = [&](int root, int mask) {
    double inside = 0;
    for (int j = root; j < std::min(root + mask, ctx.size); j++)
      inside += blocks[j];
    return total - inside;
  };
  auto sent      = [&](int r, int mask) { return outside(tree_root(r, mask), mask); };
  auto forwarded = [&](int r, int mask) { return outside(tree_root(r ^ mask, mask), mask); };
  return mpich_recursive_doubling_seconds(ctx, sent, forwarded) + reduction_seconds(ctx, args);
}

// ---- Alltoallv and scan ----

double predict_alltoallv_linear(const ModelContext& ctx, const CollArgs& args)
{
  const int P = ctx.size;
  if (P < 2)
    return 0;
  PointToPoint p2p = crowded(ctx, ctx.p2p, P, true);  // as allgather/linear
  return std::max(port_seconds(args.send_counts, args.bytes, P, p2p), port_seconds(args.recv_counts, args.bytes2, P, p2p));
}

double predict_scan_linear(const ModelContext& ctx, const CollArgs& args)
{
  // Rank 0 sends P - 1 messages, rank P - 1 receives as many, all P (P - 1) / 2 at once: P / 2 per port through
  // the backbone.
  PointToPoint p2p = crowded(ctx, ctx.p2p, ctx.size / 2.0, false);
  return fan_seconds(ctx.size - 1, static_cast<double>(args.bytes), p2p) + reduction_seconds(ctx, args);
}

} // namespace tireplay::models
