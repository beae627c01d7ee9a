// Every collective algorithm, by operation. Each is defined in replay/collectives/<operation>/<name>.cpp
// and listed in the operation's table in registry.cpp.
#pragma once

#include "replay/collectives/coll.hpp"

namespace tireplay::algorithms {

void barrier_linear(Coll&, const CollArgs&);

void bcast_binomial(Coll&, const CollArgs&);
void bcast_flat(Coll&, const CollArgs&);

void reduce_linear(Coll&, const CollArgs&);

void allreduce_reduce_bcast(Coll&, const CollArgs&);

void alltoall_linear(Coll&, const CollArgs&);
void alltoall_pairwise(Coll&, const CollArgs&);
void alltoall_bruck(Coll&, const CollArgs&);
void alltoall_ompi(Coll&, const CollArgs&);

void alltoallv_linear(Coll&, const CollArgs&);

void gather_linear(Coll&, const CollArgs&);
void gatherv_linear(Coll&, const CollArgs&);
void scatter_linear(Coll&, const CollArgs&);
void scatterv_linear(Coll&, const CollArgs&);

void allgather_linear(Coll&, const CollArgs&);
void allgatherv_linear(Coll&, const CollArgs&);

void reducescatter_reduce_scatterv(Coll&, const CollArgs&);
void reducescatter_mpich(Coll&, const CollArgs&);
void reducescatter_mpich_pair(Coll&, const CollArgs&);
void reducescatter_mpich_rdb(Coll&, const CollArgs&);

void scan_linear(Coll&, const CollArgs&);

} // namespace tireplay::algorithms
