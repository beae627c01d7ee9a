// Open MPI's all-to-all decision (SMPI's alltoall__ompi, also SMPI's default): the algorithm depends on the
// communicator size and the bytes sent to each rank, as replay/collectives/ompi_decisions.cpp's table says.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/ompi_decisions.hpp"
#include "replay/collectives/registry.hpp"

namespace tireplay::algorithms {

void alltoall_ompi(Coll& c, const CollArgs& a)
{
  ompi_algorithm(ActionKind::AllToAll, c.size(), c.rank(), a)->run(c, a);
}

} // namespace tireplay::algorithms
