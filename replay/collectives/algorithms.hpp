// Every collective algorithm, by operation. Each is defined in replay/collectives/<operation>/<name>.cpp
// and listed in the operation's table in registry.cpp.
#pragma once

#include "replay/collectives/coll.hpp"
#include "replay/collectives/registry.hpp"

namespace tireplay::algorithms {

void barrier_linear(Coll&, const CollArgs&);
void barrier_dissemination(Coll&, const CollArgs&);
void barrier_tree(Coll&, const CollArgs&);
void barrier_ompi_recursivedoubling(Coll&, const CollArgs&);

void bcast_binomial(Coll&, const CollArgs&);
void bcast_flat(Coll&, const CollArgs&);
void bcast_binary_tree(Coll&, const CollArgs&);
void bcast_chain(Coll&, const CollArgs&);
void bcast_segmented_chain(Coll&, const CollArgs&);
void bcast_scatter_allgather(Coll&, const CollArgs&);
void bcast_NTSL(Coll&, const CollArgs&);
void bcast_NTSB(Coll&, const CollArgs&);
void bcast_ompi_pipeline(Coll&, const CollArgs&);
void bcast_ompi_split_bintree(Coll&, const CollArgs&);
void bcast_SMP_linear(Coll&, const CollArgs&);
void bcast_mvapich2_knomial_intra_node(Coll&, const CollArgs&);
void bcast_scatter_rdb_allgather(Coll&, const CollArgs&);

/// The ranks of a communicator on hosts, as SMPI's Comm::init_smp finds them (bcast/smp.cpp): world ranks.
struct SmpLayout {
  std::vector<int> local;    // the ranks on this rank's host, ascending (the first is the host's leader)
  std::vector<int> leaders;  // every host's leader, ascending
  bool uniform = true;       // every host holds as many ranks
};
SmpLayout smp_layout(const Coll&);
/// SMPI's Comm::init_smp: its messages at a rank's first call on a communicator (none after), and the layout.
SmpLayout smp_init(Coll&, const CollArgs&);

void reduce_linear(Coll&, const CollArgs&);
void reduce_binomial(Coll&, const CollArgs&);
void reduce_chain(Coll&, const CollArgs&);
void reduce_fibonacci_tree(Coll&, const CollArgs&);
void reduce_greedy_tree(Coll&, const CollArgs&);
void reduce_greedy_k_transfers(Coll&, const CollArgs&);
void reduce_greedy_k_reducers(Coll&, const CollArgs&);
void reduce_ompi_basic_linear(Coll&, const CollArgs&);
void reduce_ompi_chain(Coll&, const CollArgs&);
void reduce_ompi_pipeline(Coll&, const CollArgs&);
void reduce_ompi_binary(Coll&, const CollArgs&);
void reduce_ompi_binomial(Coll&, const CollArgs&);
void reduce_ompi_in_order_binary(Coll&, const CollArgs&);

void allreduce_reduce_bcast(Coll&, const CollArgs&);
void allreduce_recursive_doubling(Coll&, const CollArgs&);
void allreduce_ring(Coll&, const CollArgs&);
void allreduce_rabenseifner(Coll&, const CollArgs&);
void allreduce_redbcast(Coll&, const CollArgs&);
void allreduce_lr(Coll&, const CollArgs&);
void allreduce_ompi_ring_segmented(Coll&, const CollArgs&);

void alltoall_linear(Coll&, const CollArgs&);
void alltoall_pairwise(Coll&, const CollArgs&);
void alltoall_bruck(Coll&, const CollArgs&);
void alltoall_ompi(Coll&, const CollArgs&);
void alltoall_ring(Coll&, const CollArgs&);

void alltoallv_linear(Coll&, const CollArgs&);
void alltoallv_ompi_basic_linear(Coll&, const CollArgs&);
void alltoallv_ring(Coll&, const CollArgs&);
void alltoallv_pair(Coll&, const CollArgs&);

void gather_linear(Coll&, const CollArgs&);
void gather_binomial(Coll&, const CollArgs&);
void gather_ompi_basic_linear(Coll&, const CollArgs&);
void gather_ompi_linear_sync(Coll&, const CollArgs&);
void gatherv_linear(Coll&, const CollArgs&);
void scatter_linear(Coll&, const CollArgs&);
void scatter_binomial(Coll&, const CollArgs&);
void scatter_ompi_basic_linear(Coll&, const CollArgs&);
void scatter_ompi_linear_nb(Coll&, const CollArgs&);
void scatterv_linear(Coll&, const CollArgs&);

void allgather_linear(Coll&, const CollArgs&);
void allgather_shift(Coll&, const CollArgs&);
void allgather_ring(Coll&, const CollArgs&);
void allgather_recursive_doubling(Coll&, const CollArgs&);
void allgather_bruck(Coll&, const CollArgs&);
void allgather_ntslr_nb(Coll&, const CollArgs&);
void allgather_ompi_neighborexchange(Coll&, const CollArgs&);
void allgather_pair(Coll&, const CollArgs&);
void allgatherv_linear(Coll&, const CollArgs&);
void allgatherv_ring(Coll&, const CollArgs&);
void allgatherv_gb(Coll&, const CollArgs&);
void allgatherv_ompi_bruck(Coll&, const CollArgs&);
void allgatherv_mpich_ring(Coll&, const CollArgs&);
void allgatherv_ompi_neighborexchange(Coll&, const CollArgs&);
void allgatherv_pair(Coll&, const CollArgs&);

void reducescatter_reduce_scatterv(Coll&, const CollArgs&);
void reducescatter_mpich(Coll&, const CollArgs&);
void reducescatter_mpich_pair(Coll&, const CollArgs&);
void reducescatter_mpich_rdb(Coll&, const CollArgs&);
void reducescatter_ompi_basic_recursivehalving(Coll&, const CollArgs&);
void reducescatter_ompi_ring(Coll&, const CollArgs&);
void reducescatter_ompi_butterfly(Coll&, const CollArgs&);

void scan_linear(Coll&, const CollArgs&);

// Hierarchical algorithms (replay/collectives/<operation>/hierarchical.cpp): the flat algorithm `Flat` run level
// by level on the communicator's hierarchy (models/hierarchy.hpp), and their cost models.
template <CollFunction Flat> void bcast_hierarchical(Coll&, const CollArgs&);
template <CollFunction Flat> void reduce_hierarchical(Coll&, const CollArgs&);
template <CollFunction Flat> void allreduce_hierarchical(Coll&, const CollArgs&);
template <CollFunction Flat> void gather_hierarchical(Coll&, const CollArgs&);
void alltoall_hierarchical(Coll&, const CollArgs&);
template <CostFunction Flat> double predict_bcast_hierarchical(const models::ModelContext&, const CollArgs&);
template <CostFunction Flat> double predict_reduce_hierarchical(const models::ModelContext&, const CollArgs&);
template <CostFunction Flat> double predict_allreduce_hierarchical(const models::ModelContext&, const CollArgs&);
template <CostFunction Flat> double predict_gather_hierarchical(const models::ModelContext&, const CollArgs&);
double predict_alltoall_hierarchical(const models::ModelContext&, const CollArgs&);

// Grid algorithms: the broadcast of heuristic number `Heuristic` of models::grid_heuristics()
// (replay/collectives/bcast/grid.cpp) and the Local Group all-to-all (alltoall/local_group.cpp).
template <int Heuristic> void bcast_grid(Coll&, const CollArgs&);
template <int Heuristic> double predict_bcast_grid(const models::ModelContext&, const CollArgs&);
void alltoall_local_group(Coll&, const CollArgs&);
double predict_alltoall_local_group(const models::ModelContext&, const CollArgs&);

} // namespace tireplay::algorithms
