// Tree barrier (Open MPI's barrier_intra_tree, barrier-ompi.cpp in SMPI): empty messages go up a binomial tree
// rooted at rank 0 (rank r sends to r - lowbit(r) once it has heard from r + 1, r + 2, ... below its lowest set
// bit), then come back down the same tree.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void barrier_tree(Coll& c, const CollArgs&)
{
  int size = c.size(), rank = c.rank();
  int depth = 1;
  while (depth < size)
    depth <<= 1;
  // A partner whose bits below `jump` are zero is a subtree root at this level.
  for (int jump = 1; jump < depth; jump <<= 1) {
    int partner = rank ^ jump;
    if ((partner & (jump - 1)) == 0 && partner < size) {
      if (partner > rank)
        c.recv(partner, 0, kTagBarrier);
      else
        c.send(partner, 0, kTagBarrier);
    }
  }
  for (int jump = depth >> 1; jump > 0; jump >>= 1) {
    int partner = rank ^ jump;
    if ((partner & (jump - 1)) == 0 && partner < size) {
      if (partner > rank)
        c.send(partner, 0, kTagBarrier);
      else
        c.recv(partner, 0, kTagBarrier);
    }
  }
}

} // namespace tireplay::algorithms
