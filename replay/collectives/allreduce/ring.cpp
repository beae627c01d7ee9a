// Ring allreduce (Patarasuk & Yuan 2009; Open MPI's allreduce_intra_ring): the vector is cut into p blocks
// (the first n mod p one byte longer); p-1 steps of a ring reduce-scatter, then p-1 steps of a ring allgather,
// each step sending one block to rank+1 and receiving one from rank-1. Every rank ends up sending
// 2(p-1)/p of the vector, whatever p.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allreduce_ring(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  auto block = [&](int k) {
    k = ((k % size) + size) % size;
    return a.bytes / size + (static_cast<uint64_t>(k) < a.bytes % size ? 1 : 0);
  };
  int right = (rank + 1) % size, left = (rank - 1 + size) % size;
  // Reduce-scatter: at step k, pass on the partial sum of block rank-k, add the left's block rank-k-1 to ours.
  for (int k = 0; k < size - 1; k++)
    c.sendrecv(right, block(rank - k), left, block(rank - k - 1), kTagAllreduce);
  // Now block rank+1 is complete here. Allgather: pass on block rank+1-k, get block rank-k.
  for (int k = 0; k < size - 1; k++)
    c.sendrecv(right, block(rank + 1 - k), left, block(rank - k), kTagAllreduce);
}

} // namespace tireplay::algorithms
