// SMPI's Comm::init_smp (smpi_comm.cpp), which its SMP-aware algorithms (mvapich2_knomial_intra_node, SMP_linear)
// run on a communicator at their first call there, and the layout of the ranks on hosts it finds. Its messages cost
// simulated time: an allgather of one int (SMPI's allgather__ring: to rank + i from rank - i, i = 1 .. p-1) on the
// communicator, the same among the hosts' leaders (their lowest rank), a broadcast of one int from
// each leader to the other ranks of its host (scatter_LR_allgather), and an allreduce__default of one int.
#include "replay/collectives/algorithms.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace tireplay::algorithms {

namespace {

constexpr uint64_t kIntBytes = 4;  // the MPI_INTs that init_smp exchanges

// SMPI's allgather__ring of one int. Its first sendrecv, with itself, is a local copy in SMPI's Request::sendrecv.
void allgather_one_int(Coll& c)
{
  int size = c.size(), rank = c.rank();
  for (int i = 1; i < size; i++)
    c.sendrecv((rank + i) % size, kIntBytes, (rank - i + size) % size, kIntBytes, kTagAllgather);
}

// The communicator of `world_members` (world ranks, ascending) inside c's.
const Communicator& sub_of(Coll& c, const CollArgs& a, const std::vector<int>& world_members)
{
  if (a.comms == nullptr)
    throw std::invalid_argument("SMPI's SMP-aware algorithms need the replay's communicators");
  return a.comms->sub(c.comm().id(), world_members);
}

} // namespace

SmpLayout smp_layout(const Coll& c)
{
  // SMPI numbers a host's ranks by process id (world rank) and takes the lowest as the host's leader.
  std::map<int, std::vector<int>> by_host;  // host -> world ranks of c's communicator there
  for (int r = 0; r < c.size(); r++)
    by_host[c.host(r)].push_back(c.comm().world_rank(r));
  SmpLayout layout;
  layout.uniform = true;
  for (auto& [host, ranks] : by_host) {
    std::sort(ranks.begin(), ranks.end());
    layout.leaders.push_back(ranks.front());
    layout.uniform = layout.uniform && ranks.size() == by_host.begin()->second.size();
  }
  std::sort(layout.leaders.begin(), layout.leaders.end());
  layout.local = by_host[c.host(c.rank())];
  return layout;
}

SmpLayout smp_init(Coll& c, const CollArgs& a)
{
  SmpLayout layout = smp_layout(c);
  if (c.comm().smp_ready(c.rank()))
    return layout;
  c.comm().set_smp_ready(c.rank());
  allgather_one_int(c);
  int me = c.comm().world_rank(c.rank());
  if (me == layout.local.front()) {
    Coll leaders = c.on(sub_of(c, a, layout.leaders));
    allgather_one_int(leaders);
  }
  CollArgs one_int;
  one_int.bytes = one_int.bytes2 = kIntBytes;
  one_int.datatype_size = one_int.recv_datatype_size = static_cast<int>(kIntBytes);
  if (layout.local.size() > 1) {  // whether the hosts hold as many ranks each, from the leader
    Coll host = c.on(sub_of(c, a, layout.local));
    bcast_scatter_allgather(host, one_int);
  }
  allreduce_reduce_bcast(c, one_int);  // whether each host's ranks are consecutive
  return layout;
}

} // namespace tireplay::algorithms
