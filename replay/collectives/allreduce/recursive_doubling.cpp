// Recursive-doubling allreduce (Thakur, Rabenseifner & Gropp 2005, section 4.4; MPICH's allreduce, allreduce-rdb.cpp
// in SMPI): log2(p') exchanges of the whole vector with rank XOR 2^k. With p not a power of two, p' being the
// largest power of two below p, the first 2(p - p') ranks pair up: each even one sends its vector to the odd one
// above, sits out, and gets the result back at the end.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void allreduce_recursive_doubling(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  int pof2 = 1;
  while (pof2 * 2 <= size)
    pof2 *= 2;
  int rem = size - pof2;

  int newrank = rank - rem;  // rank in the power-of-two group; -1: sits out
  if (rank < 2 * rem) {
    if (rank % 2 == 0)
      c.send(rank + 1, a.bytes, kTagAllreduce);
    else
      c.recv(rank - 1, a.bytes, kTagAllreduce);
    newrank = rank % 2 == 0 ? -1 : rank / 2;
  }
  if (newrank != -1)
    for (int mask = 1; mask < pof2; mask <<= 1) {
      int newdst = newrank ^ mask;
      int dst    = newdst < rem ? newdst * 2 + 1 : newdst + rem;
      c.sendrecv(dst, a.bytes, dst, a.bytes, kTagAllreduce);
    }
  if (rank < 2 * rem) {
    if (rank % 2 == 1)
      c.send(rank - 1, a.bytes, kTagAllreduce);
    else
      c.recv(rank + 1, a.bytes, kTagAllreduce);
  }
}

} // namespace tireplay::algorithms
