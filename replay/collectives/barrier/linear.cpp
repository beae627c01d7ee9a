// Linear barrier (Open MPI's basic_linear, SMPI's default): everyone sends an empty message to rank 0,
// which answers each once all have arrived.
#include "replay/collectives/algorithms.hpp"

namespace tireplay::algorithms {

void barrier_linear(Coll& c, const CollArgs&)
{
  if (c.rank() > 0) {
    c.send(0, 0, kTagBarrier);
    c.recv(0, 0, kTagBarrier);
    return;
  }
  auto& requests = c.scratch();
  for (int i = 1; i < c.size(); i++)
    requests.push_back(c.irecv(i, 0, kTagBarrier));
  c.waitall(requests);
  for (int i = 1; i < c.size(); i++)
    requests.push_back(c.isend(i, 0, kTagBarrier));
  c.waitall(requests);
}

} // namespace tireplay::algorithms
