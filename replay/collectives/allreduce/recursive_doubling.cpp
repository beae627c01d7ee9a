// Recursive-doubling allreduce (Thakur, Rabenseifner & Gropp 2005, section 4.4; MPICH's allreduce, allreduce-rdb.cpp
// in SMPI): log2(p') exchanges of the whole vector with rank XOR 2^k. With p not a power of two, p' being the
// largest power of two below p, the first 2(p - p') ranks pair up: each even one sends its vector to the odd one
// above, sits out, and gets the result back at the end.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/allreduce/power_of_two_group.hpp"

namespace tireplay::algorithms {

void allreduce_recursive_doubling(Coll& c, const CollArgs& a)
{
  PowerOfTwoGroup g = enter_power_of_two_group(c, a.bytes, kTagAllreduce);
  if (g.newrank != -1)
    for (int mask = 1; mask < g.size; mask <<= 1) {
      int dst = g.real_rank(g.newrank ^ mask);
      c.sendrecv(dst, a.bytes, dst, a.bytes, kTagAllreduce);
    }
  leave_power_of_two_group(c, a.bytes, kTagAllreduce);
}

} // namespace tireplay::algorithms
