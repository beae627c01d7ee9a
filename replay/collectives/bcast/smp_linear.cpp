// SMP-aware linear broadcast (SMPI's SMP_linear, bcast-SMP-linear.cpp), which ompi_split_bintree falls back to for
// small messages. It first runs SMPI's init_smp (bcast/smp.cpp). With p ranks on hosts of `cores` ranks each, taken
// as consecutive ranks: the root hands the message to rank 0; rank 0 sends it to the next host's first rank and to
// rank 1; each host's first rank passes it on to the next host's and inside its host, where it flows down a chain.
// Messages above 8192 bytes go in 8192-byte segments (tags kTagBcast + i), each sent when it arrived; the remainder
// of the division in elements is broadcast by the selector's algorithm. Hosts of different rank counts: SMPI's
// bcast__mpich instead; all ranks on one host: binomial tree. Not reproduced: with one rank per host, SMPI's rank r
// sends each message twice to r + 1 (as the "next host" and "inside the host") and the last rank sends it to rank 0;
// the spare messages stay unmatched until a later broadcast's receive from that rank takes one (SMPI then aborts on
// MPI_ERR_TRUNCATE when it is larger, or deadlocks). tireplay sends each message once, down the chain 0 -> p-1: the
// same time for SMPI's first call, where the spare messages cost nothing.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/bcast/pipelined.hpp"
#include "format/action.hpp"

#include <algorithm>

namespace tireplay::algorithms {

namespace {

// SMPI's bcast__mpich on a communicator whose hosts hold different numbers of ranks.
void bcast_mpich_nonuniform(Coll& c, const CollArgs& a)
{
  if (a.bytes < 12288 || c.size() <= 8)
    bcast_binomial(c, a);
  else if (a.bytes < 524288 && c.size() % 2 == 0)
    bcast_scatter_rdb_allgather(c, a);
  else
    bcast_scatter_allgather(c, a);
}

} // namespace

void bcast_SMP_linear(Coll& c, const CollArgs& a)
{
  SmpLayout layout = smp_init(c, a);
  if (!layout.uniform)
    return bcast_mpich_nonuniform(c, a);
  int size = c.size(), rank = c.rank();
  int cores = static_cast<int>(layout.local.size());
  if (size <= cores)
    return bcast_binomial(c, a);  // SMPI's bcast__default

  auto [type, count, segment, pipe, remainder] = pipeline_of(a);
  int to_inter = (rank + cores) % size, to_intra = (rank + 1) % size;
  int from_inter = (rank - cores + size) % size, from_intra = (rank - 1 + size) % size;
  bool leader = rank % cores == 0, last_leader = rank == (size - 1) / cores * cores;
  bool last_of_host = (rank + 1) % cores == 0 || rank == size - 1;

  root_to_zero(c, a);
  if (count <= segment) {
    if (rank != 0)
      c.recv(leader ? from_inter : from_intra, a.bytes, kTagBcast);
    if (leader && !last_leader)
      c.send(to_inter, a.bytes, kTagBcast);
    if (cores > 1 && (leader || !last_of_host))
      c.send(to_intra, a.bytes, kTagBcast);
    return;
  }

  uint64_t bytes = segment * type;
  auto& received = c.scratch();
  if (rank != 0)
    for (uint64_t i = 0; i < pipe; i++)
      received.push_back(c.irecv(leader ? from_inter : from_intra, bytes, kTagBcast + static_cast<int>(i)));
  for (uint64_t i = 0; i < pipe; i++) {
    int tag = kTagBcast + static_cast<int>(i);
    if (rank != 0)
      c.wait(received[i]);
    if (leader && !last_leader)
      c.send(to_inter, bytes, tag);
    if (cores > 1 && (leader || !last_of_host))
      c.send(to_intra, bytes, tag);
  }
  received.clear();
  if (remainder != 0) {
    CollArgs rest = a;
    rest.bytes = rest.bytes2 = remainder * type;
    c.collective(ActionKind::Bcast, rest);
  }
}

} // namespace tireplay::algorithms
