// Local Group all-to-all (models/local_group.hpp): a linear total exchange inside each level-0 group (cluster)
// with the blocks for remote nodes gathered on their carriers, then, pair of clusters by pair of clusters, the
// carriers' packets across the wide-area links, one step per group of the larger cluster. Costed by equation 7
// generalized: the slowest cluster's local phase, plus per round of pairs the slowest pair's steps, each step a
// packet of n1 blocks slowed by the flows that share the links between the two clusters. Without clusters it is
// the linear all-to-all.
#include "models/alltoall_models.hpp"
#include "models/local_group.hpp"
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/hierarchy/levels.hpp"

#include <algorithm>
#include <cmath>

namespace tireplay::algorithms {

namespace lg = models::local_group;

namespace {

std::vector<int> other_sizes(const models::RankHierarchy& h, int cluster)
{
  std::vector<int> sizes;
  for (int g = 0; g < h.groups(0); g++)
    if (g != cluster)
      sizes.push_back(static_cast<int>(h.members(0, g).size()));
  return sizes;
}

/// The inter-cluster exchange of one pair, small cluster x (nx <= ny) and large cluster y, as rank `me` sees it.
void exchange(Coll& c, const models::RankHierarchy& h, int x, int y, uint64_t block)
{
  const auto& xs = h.members(0, x);
  const auto& ys = h.members(0, y);
  int nx = static_cast<int>(xs.size()), ny = static_cast<int>(ys.size());
  auto& requests = c.scratch();
  if (h.group(0, c.rank()) == x) {
    int me = models::index_of(xs, c.rank());
    for (int start = 0; start < ny; start += nx) {
      int z = std::min(nx, ny - start);
      requests.push_back(c.irecv(ys[start + me % z], block * z, kTagAlltoall));
      if (me < z)
        requests.push_back(c.isend(ys[start + me], block * nx, kTagAlltoall));
      c.waitall(requests);
    }
  } else {
    int me    = models::index_of(ys, c.rank());
    int start = me / nx * nx;
    int z     = std::min(nx, ny - start);
    requests.push_back(c.irecv(xs[me - start], block * nx, kTagAlltoall));
    for (int a = me - start; a < nx; a += z)
      requests.push_back(c.isend(xs[a], block * z, kTagAlltoall));
    c.waitall(requests);
  }
}

} // namespace

void alltoall_local_group(Coll& c, const CollArgs& a)
{
  const models::HierarchyModel* model = hierarchy::of(a);
  if (model == nullptr)
    return alltoall_linear(c, a);
  const models::RankHierarchy& h = model->ranks;
  int cluster                    = h.group(0, c.rank());
  const auto& members            = h.members(0, cluster);
  int n  = static_cast<int>(members.size());
  int me = models::index_of(members, c.rank());
  std::vector<int> remote = other_sizes(h, cluster);

  std::vector<uint64_t> sends(n), receives(n);
  for (int other = 0; other < n; other++) {
    sends[other]    = other == me ? 0 : a.bytes * lg::blocks_carried(n, me, other, remote);
    receives[other] = other == me ? 0 : a.bytes * lg::blocks_carried(n, other, me, remote);
  }
  CollArgs local    = a;
  local.send_counts = &sends;
  local.recv_counts = &receives;
  Coll sub          = c.on(hierarchy::sub_communicator(c, a, members));
  alltoallv_linear(sub, local);

  for (const auto& round : lg::rounds(h.groups(0)))
    for (auto [p, q] : round) {
      if (p != cluster && q != cluster)
        continue;
      bool p_small = h.members(0, p).size() <= h.members(0, q).size();
      exchange(c, h, p_small ? p : q, p_small ? q : p, a.bytes);
    }
}

double predict_alltoall_local_group(const models::ModelContext& context, const CollArgs& a)
{
  if (context.hierarchy == nullptr || context.hierarchy->clusters.empty())
    return std::numeric_limits<double>::infinity();
  const models::HierarchyModel& model = *context.hierarchy;
  const models::RankHierarchy& h      = model.ranks;
  double local                        = 0;
  for (int g = 0; g < h.groups(0); g++) {
    int n = static_cast<int>(h.members(0, g).size());
    if (n < 2)
      continue;
    int most = 0;
    for (int other = 1; other < n; other++)
      most = std::max(most, lg::blocks_carried(n, 0, other, other_sizes(h, g)));
    CollArgs packets = a;
    packets.bytes = packets.bytes2 = a.bytes * static_cast<uint64_t>(most);
    local = std::max(local, models::predict_alltoall_linear(model.clusters[g], packets));
  }
  double across = 0;
  for (const auto& round : lg::rounds(h.groups(0))) {
    double slowest = 0;
    for (auto [p, q] : round) {
      int np = static_cast<int>(h.members(0, p).size()), nq = static_cast<int>(h.members(0, q).size());
      int x = np <= nq ? p : q, y = np <= nq ? q : p;
      int nx = std::min(np, nq), ny = std::max(np, nq);
      // The flows of one step share the links between the two clusters' zones (ModelContext::zone_cut_flows).
      double cut = std::numeric_limits<double>::infinity();
      bool both  = false;
      if (!context.zone_of.empty()) {
        int zx = context.zone_of[h.members(0, x).front()], zy = context.zone_of[h.members(0, y).front()];
        cut    = context.zone_cut_flows[static_cast<size_t>(zx * context.zones + zy)];
        both   = context.zone_cut_both_ways[static_cast<size_t>(zx * context.zones + zy)] != 0;
      }
      double pair = 0;
      for (int start = 0; start < ny; start += nx) {
        int z         = std::min(nx, ny - start);
        double flows  = both ? 2.0 * z : z;
        double slower = std::max(1.0, flows / cut);
        const auto& there = model.link(x, y);
        const auto& back  = model.link(y, x);
        pair += std::max(there.latency + there.gap(static_cast<double>(a.bytes) * nx) * slower,
                         back.latency + back.gap(static_cast<double>(a.bytes) * z) * slower);
      }
      slowest = std::max(slowest, pair);
    }
    across += slowest;
  }
  return local + across;
}

} // namespace tireplay::algorithms
