// Linear scan and exscan (SMPI's colls::scan / colls::exscan): each rank receives from every lower rank and
// sends to every higher rank, all posted at once.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void scan_linear(Coll& c, const CollArgs& a)
{
  auto& requests = c.scratch();
  for (int other = 0; other < c.rank(); other++)
    requests.push_back(c.irecv(other, a.bytes, kTagScan));
  for (int other = c.rank() + 1; other < c.size(); other++)
    requests.push_back(c.isend(other, a.bytes, kTagScan));
  c.waitall(requests);
}

} // namespace tireplay::algorithms
