// Linear scan and exscan (SMPI's colls::scan / colls::exscan): each rank receives from every lower rank and
// sends to every higher rank, all posted at once. SMPI's replay passes MPI_OP_NULL, which takes the
// non-commutative branch: the requests are waited one after the other in their order (receives from rank 0 up,
// then sends), not by a waitall, so smpi/or is paid for each receive in rank order once it and those before it
// are done, not as the messages arrive.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void scan_linear(Coll& c, const CollArgs& a)
{
  auto& requests = c.scratch();
  for (int other = 0; other < c.rank(); other++)
    requests.push_back(c.irecv(other, a.bytes, kTagScan));
  for (int other = c.rank() + 1; other < c.size(); other++)
    requests.push_back(c.isend(other, a.bytes, kTagScan));
  for (Request* r : requests)
    c.wait(r);
  requests.clear();
}

} // namespace tireplay::algorithms
