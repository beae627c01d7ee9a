// Open MPI's recursive-halving reduce-scatter (SMPI's ompi_basic_recursivehalving, reduce_scatter-ompi.cpp).
// With p' the largest power of two <= p and r = p - p', the even ranks below 2r send their whole vector to
// rank+1 and drop out. The p' others (new rank i) own blocks i (two old blocks for i < r) and halve: at each
// step, with mask p'/2, p'/4, ..., a rank keeps the half of its current range on its side of rank XOR mask and
// exchanges the other half with it (receive posted, blocking send, wait; a side with nothing to send or receive
// skips both). At last the odd ranks below 2r send their even neighbour its block. Blocks sizes are the
// call's recv_counts (bytes: SMPI's element counts times the datatype size).
#include "replay/collectives/algorithms.hpp"

#include <numeric>

namespace tireplay::algorithms {

void reducescatter_ompi_basic_recursivehalving(Coll& c, const CollArgs& a)
{
  const auto& counts = *a.recv_counts;
  int size = c.size(), rank = c.rank();
  uint64_t total = std::accumulate(counts.begin(), counts.end(), uint64_t{0});
  if (total == 0)
    return;
  int pof2 = 1;
  while (pof2 * 2 <= size)
    pof2 *= 2;
  int remain = size - pof2;
  int new_rank;
  if (rank < 2 * remain) {
    if (rank % 2 == 0) {
      c.send(rank + 1, total, kTagReduceScatter);
      new_rank = -1;
    } else {
      c.recv(rank - 1, total, kTagReduceScatter);
      new_rank = rank / 2;
    }
  } else {
    new_rank = rank - remain;
  }
  if (new_rank >= 0) {
    std::vector<uint64_t> owned(pof2);
    for (int i = 0; i < pof2; i++)
      owned[i] = i < remain ? counts[2 * i] + counts[2 * i + 1] : counts[i + remain];
    auto sum = [&](int from, int to) { return std::accumulate(owned.begin() + from, owned.begin() + to, uint64_t{0}); };
    int send_index = 0, recv_index = 0, last_index = pof2;
    for (int mask = pof2 >> 1; mask > 0; mask >>= 1) {
      int new_peer = new_rank ^ mask;
      int peer     = new_peer < remain ? new_peer * 2 + 1 : new_peer + remain;
      uint64_t send = 0, recv = 0;
      if (new_rank < new_peer) {
        send_index = recv_index + mask;
        send       = sum(send_index, last_index);
        recv       = sum(recv_index, send_index);
      } else {
        recv_index = send_index + mask;
        send       = sum(send_index, recv_index);
        recv       = sum(recv_index, last_index);
      }
      Request* incoming = send > 0 && recv > 0 ? c.irecv(peer, recv, kTagReduceScatter) : nullptr;
      if (recv > 0 && send > 0)
        c.send(peer, send, kTagReduceScatter);
      if (incoming != nullptr)
        c.wait(incoming);
      send_index = recv_index;
      last_index = recv_index + mask;
    }
  }
  if (rank < 2 * remain) {
    if (rank % 2 == 0) {
      if (counts[rank] > 0)
        c.recv(rank + 1, counts[rank], kTagReduceScatter);
    } else if (counts[rank - 1] > 0) {
      c.send(rank - 1, counts[rank - 1], kTagReduceScatter);
    }
  }
}

} // namespace tireplay::algorithms
