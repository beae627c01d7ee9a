// Non-topology-specific logical ring allgather, non-blocking (SMPI's NTSLR_NB, allgather-NTSLR-NB.cpp): every
// rank posts its p-1 receives from rank-1 at once, then at step i sends block rank-i to rank+1 and waits for
// that step's receive and send. Step i uses tag COLL_TAG_ALLGATHER + i. The own block is a local copy. With send
// and receive sizes that differ, SMPI runs its default allgather (linear) instead.
#include "replay/collectives/algorithms.hpp"

#include <vector>

namespace tireplay::algorithms {

void allgather_ntslr_nb(Coll& c, const CollArgs& a)
{
  if (a.bytes != a.bytes2) {  // SMPI's "irregular case": allgather__default
    allgather_linear(c, a);
    return;
  }
  int size = c.size(), rank = c.rank();
  int to = (rank + 1) % size, from = (rank + size - 1) % size;
  std::vector<Request*> receives;
  for (int i = 0; i < size - 1; i++)
    receives.push_back(c.irecv(from, a.bytes2, kTagAllgather + i));
  for (int i = 0; i < size - 1; i++) {
    Request* send = c.isend(to, a.bytes, kTagAllgather + i);
    c.wait(receives[i]);
    c.wait(send);
  }
}

} // namespace tireplay::algorithms
