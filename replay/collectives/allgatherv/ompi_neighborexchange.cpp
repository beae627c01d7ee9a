// Neighbor-exchange allgather with per-rank counts (Open MPI's tuned neighborexchange; SMPI's
// ompi_neighborexchange, allgatherv-ompi-neighborexchange.cpp): even ranks pair with rank+1 first, then
// alternate between their two neighbors; the first step exchanges the own block for the neighbor's, each later
// step the pair of blocks (r, r+1) received at the previous step for the next pair. Even p only: with odd p
// SMPI runs its allgatherv ring (allgatherv_ring).
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allgatherv_ompi_neighborexchange(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  if (size % 2 != 0) {
    allgatherv_ring(c, a);
    return;
  }
  const auto& counts = *a.recv_counts;
  bool even          = rank % 2 == 0;
  int neighbor[2]    = {even ? (rank + 1) % size : (rank - 1 + size) % size,
                        even ? (rank - 1 + size) % size : (rank + 1) % size};
  int offset[2]      = {even ? 2 : -2, even ? -2 : 2};
  int recv_from[2]   = {even ? rank : neighbor[0], even ? rank : neighbor[0]};  // first rank of a pair of blocks
  c.sendrecv(neighbor[0], counts[rank], neighbor[0], counts[neighbor[0]], kTagAllgatherv);
  int send_from = even ? rank : recv_from[0];
  for (int i = 1; i < size / 2; i++) {
    int parity        = i % 2;
    recv_from[parity] = (recv_from[parity] + offset[parity] + size) % size;
    int r             = recv_from[parity];
    c.sendrecv(neighbor[parity], counts[send_from] + counts[send_from + 1], neighbor[parity],
               counts[r] + counts[r + 1], kTagAllgatherv);
    send_from = r;
  }
}

} // namespace tireplay::algorithms
