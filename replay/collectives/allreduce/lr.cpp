// Logical-ring allreduce (SMPI's lr, allreduce-lr.cpp): with n elements and p ranks, blocks of n / p elements.
// After a sendrecv of block rank-1 with itself (a local copy in SMPI's Request::sendrecv: no message), p-1 ring
// steps of a reduce-scatter (sendrecv to rank+1, from rank-1, tag -4445+i at step i) and p-1 of an allgather
// (same tags).
// The n mod p last elements are then reduced by an allreduce run as the selector picks it (colls::allreduce);
// with n < p the whole call is SMPI's redbcast instead.
#include "replay/collectives/algorithms.hpp"
#include "format/action.hpp"

namespace tireplay::algorithms {

void allreduce_lr(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  uint64_t type  = a.datatype_size > 0 ? a.datatype_size : 1;
  uint64_t count = a.bytes / type;
  if (count < static_cast<uint64_t>(size)) {
    allreduce_redbcast(c, a);
    return;
  }
  uint64_t block = count / size * type;
  int right = (rank + 1) % size, left = (rank - 1 + size) % size;
  for (int i = 0; i < size - 1; i++)
    c.sendrecv(right, block, left, block, kTagAllreduce + i);
  for (int i = 0; i < size - 1; i++)
    c.sendrecv(right, block, left, block, kTagAllreduce + i);
  if (count % size != 0) {
    CollArgs rest = a;
    rest.bytes    = count % size * type;
    c.collective(ActionKind::AllReduce, rest);
  }
}

} // namespace tireplay::algorithms
