#include "replay/collectives/allreduce/power_of_two_group.hpp"

namespace tireplay::algorithms {

PowerOfTwoGroup enter_power_of_two_group(Coll& c, uint64_t bytes, int tag)
{
  int pof2 = 1;
  while (pof2 * 2 <= c.size())
    pof2 *= 2;
  PowerOfTwoGroup g{pof2, c.size() - pof2, c.rank() - (c.size() - pof2)};
  if (c.rank() < 2 * g.rest) {
    if (c.rank() % 2 == 0)
      c.send(c.rank() + 1, bytes, tag);
    else
      c.recv(c.rank() - 1, bytes, tag);
    g.newrank = c.rank() % 2 == 0 ? -1 : c.rank() / 2;
  }
  return g;
}

void leave_power_of_two_group(Coll& c, uint64_t bytes, int tag)
{
  int pof2 = 1;
  while (pof2 * 2 <= c.size())
    pof2 *= 2;
  if (c.rank() < 2 * (c.size() - pof2)) {
    if (c.rank() % 2 == 1)
      c.send(c.rank() - 1, bytes, tag);
    else
      c.recv(c.rank() + 1, bytes, tag);
  }
}

} // namespace tireplay::algorithms
