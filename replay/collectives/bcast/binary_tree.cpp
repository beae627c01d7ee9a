// Binary-tree broadcast, unsegmented (Open MPI's bcast_intra_bintree, coll_base_bcast.c, with one segment):
// ranks relative to the root form a heap, r receiving from (r-1)/2 and sending to 2r+1 and 2r+2. As in
// Open MPI's generic tree broadcast, both sends are posted at once and then waited.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void bcast_binary_tree(Coll& c, const CollArgs& a)
{
  int size     = c.size();
  int relative = (c.rank() - a.root + size) % size;
  auto actual  = [&](int r) { return (r + a.root) % size; };
  if (relative > 0)
    c.recv(actual((relative - 1) / 2), a.bytes, kTagBcast);
  auto& requests = c.scratch();
  for (int child = 2 * relative + 1; child <= 2 * relative + 2 && child < size; child++)
    requests.push_back(c.isend(actual(child), a.bytes, kTagBcast));
  c.waitall(requests);
}

} // namespace tireplay::algorithms
