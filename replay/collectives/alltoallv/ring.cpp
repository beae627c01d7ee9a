// Ring all-to-all with per-rank counts (SMPI's ring, alltoallv-ring.cpp): p steps of one sendrecv each; at a
// power-of-two size step i exchanges with rank XOR i (as `pair`), otherwise it sends to rank + i and receives from
// rank - i (Open MPI's pairwise). Step 0, with itself, is a local copy.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void alltoallv_ring(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  bool power_of_two = (size & (size - 1)) == 0;
  for (int i = 0; i < size; i++) {
    int dst = power_of_two ? rank ^ i : (rank + i) % size;
    int src = power_of_two ? rank ^ i : (rank - i + size) % size;
    c.sendrecv(dst, (*a.send_counts)[dst], src, (*a.recv_counts)[src], kTagAlltoallv);
  }
}

} // namespace tireplay::algorithms
