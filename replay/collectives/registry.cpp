#include "replay/collectives/registry.hpp"

#include "models/alltoall_models.hpp"
#include "models/bcast_models.hpp"
#include "models/collective_models.hpp"
#include "models/reduce_models.hpp"
#include "replay/collectives/algorithms.hpp"

#include <tuple>
#include <stdexcept>

namespace tireplay {

namespace a = algorithms;
namespace m = models;

const std::vector<CollOperation>& collective_operations()
{
  static const std::vector<CollOperation> operations{
      {ActionKind::Barrier, "barrier", "linear",
       {{"linear", "all send to rank 0, which then answers all (Open MPI basic_linear)", a::barrier_linear, m::predict_barrier_linear},
        {"dissemination", "ceil(log2 p) rounds: empty message to rank + 2^k, from rank - 2^k", a::barrier_dissemination, m::predict_barrier_dissemination},
        {"tree", "empty messages up a binomial tree to rank 0, then back down", a::barrier_tree, m::predict_barrier_tree},
        {"ompi_recursivedoubling", "exchanges with rank XOR 2^k among the largest power of two, the others before and after (Open MPI)",
         a::barrier_ompi_recursivedoubling}}},
      {ActionKind::Bcast, "bcast", "binomial",
       {{"binomial", "binomial tree rooted at the root", a::bcast_binomial, m::predict_bcast_binomial},
        {"flat", "the root sends to every rank", a::bcast_flat, m::predict_bcast_flat},
        {"binary_tree", "binary tree (heap order) rooted at the root, whole message", a::bcast_binary_tree, m::predict_bcast_binary_tree},
        {"chain", "each rank passes the whole message to the next one", a::bcast_chain, m::predict_bcast_chain},
        {"segmented_chain", "chain pipelined in segments (default 8192 bytes)", a::bcast_segmented_chain, m::predict_bcast_segmented_chain,
         m::tune_bcast_segmented_chain},
        {"scatter_allgather", "binomial scatter then ring allgather (van de Geijn)", a::bcast_scatter_allgather, m::predict_bcast_scatter_allgather},
        {"NTSL", "SMPI's NTSL: root to rank 0, then a chain from rank 0, 8192-byte segments", a::bcast_NTSL},
        {"NTSB", "SMPI's NTSB: root to rank 0, then a binary tree from rank 0, 8192-byte segments", a::bcast_NTSB},
        {"ompi_pipeline", "Open MPI's pipelined chain (SMPI's segment choice, 16 to 128 KiB)", a::bcast_ompi_pipeline},
        {"ompi_split_bintree", "Open MPI's split binary tree: each half down one subtree, then pairs swap", a::bcast_ompi_split_bintree},
        {"SMP_linear", "SMPI's SMP_linear: chains between and inside hosts, 8192-byte segments", a::bcast_SMP_linear},
        {"mvapich2_knomial_intra_node", "MVAPICH2's 4-nomial tree (SMPI's init_smp at the first call)",
         a::bcast_mvapich2_knomial_intra_node},
        {"scatter_rdb_allgather", "binomial scatter then recursive-doubling allgather (MPICH)", a::bcast_scatter_rdb_allgather},
        {"hier_flat", "flat tree on each level of the hierarchy, top down (hwloc paper)", a::bcast_hierarchical<a::bcast_flat>,
         a::predict_bcast_hierarchical<m::predict_bcast_flat>, nullptr, true},
        {"hier_chain", "chain on each level of the hierarchy", a::bcast_hierarchical<a::bcast_chain>,
         a::predict_bcast_hierarchical<m::predict_bcast_chain>, nullptr, true},
        {"hier_pipeline", "segmented chain on each level of the hierarchy", a::bcast_hierarchical<a::bcast_segmented_chain>,
         a::predict_bcast_hierarchical<m::predict_bcast_segmented_chain>, nullptr, true},
        {"hier_binary_tree", "binary tree on each level of the hierarchy", a::bcast_hierarchical<a::bcast_binary_tree>,
         a::predict_bcast_hierarchical<m::predict_bcast_binary_tree>, nullptr, true},
        {"hier_binomial", "binomial tree on each level of the hierarchy", a::bcast_hierarchical<a::bcast_binomial>,
         a::predict_bcast_hierarchical<m::predict_bcast_binomial>, nullptr, true},
        {"grid_flat_tree", "grid: the root's coordinator sends to every cluster's, then each cluster broadcasts",
         a::bcast_grid<0>, a::predict_bcast_grid<0>, nullptr, true},
        {"grid_fef", "grid: Fastest Edge First between cluster coordinators", a::bcast_grid<1>, a::predict_bcast_grid<1>, nullptr, true},
        {"grid_ecef", "grid: Early Completion Edge First", a::bcast_grid<2>, a::predict_bcast_grid<2>, nullptr, true},
        {"grid_ecef_la", "grid: ECEF with lookahead (ECEF-LA)", a::bcast_grid<3>, a::predict_bcast_grid<3>, nullptr, true},
        {"grid_ecef_lat", "grid: ECEF with lookahead and internal times, min (ECEF-LAt)", a::bcast_grid<4>,
         a::predict_bcast_grid<4>, nullptr, true},
        {"grid_ecef_lat_max", "grid: ECEF with lookahead and internal times, max (ECEF-LAT)", a::bcast_grid<5>,
         a::predict_bcast_grid<5>, nullptr, true},
        {"grid_bottom_up", "grid: slowest clusters served first (BottomUp)", a::bcast_grid<6>, a::predict_bcast_grid<6>, nullptr, true}}},
      {ActionKind::Reduce, "reduce", "linear",
       {{"linear", "every rank sends to the root", a::reduce_linear, m::predict_reduce_linear},
        {"binomial", "binomial tree towards the root (MPICH)", a::reduce_binomial, m::predict_reduce_binomial},
        {"chain", "each rank sends its partial result to the previous one", a::reduce_chain, m::predict_reduce_chain},
        {"fibonacci_tree", "Fibonacci tree: optimal when transfer and reduction take as long (Canon-Antoniu)",
         a::reduce_fibonacci_tree, m::predict_reduce_fibonacci_tree},
        {"greedy_tree", "optimal greedy tree for the call's transfer and reduction times (Canon-Antoniu Alg. 1)",
         a::reduce_greedy_tree, m::predict_reduce_greedy_tree},
        {"greedy_k_transfers", "optimal greedy tree with at most K transfers at once (Alg. 2; K: --limit)",
         a::reduce_greedy_k_transfers, m::predict_reduce_greedy_k_transfers, m::tune_reduce_greedy_k_transfers},
        {"greedy_k_reducers", "optimal greedy tree with at most K reducing ranks (Alg. 3; K: --limit)",
         a::reduce_greedy_k_reducers, m::predict_reduce_greedy_k_reducers, m::tune_reduce_greedy_k_reducers},
        {"ompi_basic_linear", "every rank sends to the root, which receives from p-1 down to 0 (Open MPI)", a::reduce_ompi_basic_linear},
        {"ompi_chain", "p/2 chains to the root, 64 KiB segments (Open MPI)", a::reduce_ompi_chain},
        {"ompi_pipeline", "one chain to the root, segments of 1, 32 or 64 KiB (Open MPI)", a::reduce_ompi_pipeline},
        {"ompi_binary", "binary tree to the root, 32 KiB segments (Open MPI)", a::reduce_ompi_binary},
        {"ompi_binomial", "in-order binomial tree to the root, whole vector or 1 KiB segments (Open MPI)", a::reduce_ompi_binomial},
        {"ompi_in_order_binary", "in-order binary tree to rank p-1, which sends to the root (Open MPI)", a::reduce_ompi_in_order_binary},
        {"hier_linear", "linear reduce on each level of the hierarchy, bottom up (hwloc paper)", a::reduce_hierarchical<a::reduce_linear>,
         a::predict_reduce_hierarchical<m::predict_reduce_linear>, nullptr, true},
        {"hier_chain", "chain reduce on each level of the hierarchy", a::reduce_hierarchical<a::reduce_chain>,
         a::predict_reduce_hierarchical<m::predict_reduce_chain>, nullptr, true},
        {"hier_binomial", "binomial reduce on each level of the hierarchy", a::reduce_hierarchical<a::reduce_binomial>,
         a::predict_reduce_hierarchical<m::predict_reduce_binomial>, nullptr, true},
        {"hier_fibonacci_tree", "Fibonacci-tree reduce on each level of the hierarchy", a::reduce_hierarchical<a::reduce_fibonacci_tree>,
         a::predict_reduce_hierarchical<m::predict_reduce_fibonacci_tree>, nullptr, true}}},
      {ActionKind::AllReduce, "allreduce", "reduce_bcast",
       {{"reduce_bcast", "linear reduce to rank 0, then binomial broadcast", a::allreduce_reduce_bcast, m::predict_allreduce_reduce_bcast},
        {"recursive_doubling", "log2 p exchanges of the whole vector (MPICH, any p)", a::allreduce_recursive_doubling, m::predict_allreduce_recursive_doubling},
        {"ring", "ring reduce-scatter then ring allgather of p blocks", a::allreduce_ring, m::predict_allreduce_ring},
        {"rabenseifner", "recursive-halving reduce-scatter, recursive-doubling allgather (MPICH, any p)",
         a::allreduce_rabenseifner, m::predict_allreduce_rabenseifner},
        {"redbcast", "reduce to rank 0 then broadcast, both as the selector picks them (SMPI's redbcast)", a::allreduce_redbcast},
        {"lr", "ring reduce-scatter and allgather of p blocks, the rest by another allreduce; redbcast below p elements (SMPI)",
         a::allreduce_lr},
        {"ompi_ring_segmented", "ring reduce-scatter in 1 MiB segments, ring allgather; lr below p segments (Open MPI)",
         a::allreduce_ompi_ring_segmented},
        {"hier_recursive_doubling", "binomial reduces up the hierarchy, recursive doubling among the top leaders, binomial broadcasts down",
         a::allreduce_hierarchical<a::allreduce_recursive_doubling>, a::predict_allreduce_hierarchical<m::predict_allreduce_recursive_doubling>, nullptr, true},
        {"hier_ring", "binomial reduces up the hierarchy, ring among the top leaders, binomial broadcasts down",
         a::allreduce_hierarchical<a::allreduce_ring>, a::predict_allreduce_hierarchical<m::predict_allreduce_ring>, nullptr, true},
        {"hier_rabenseifner", "binomial reduces up the hierarchy, Rabenseifner among the top leaders, binomial broadcasts down",
         a::allreduce_hierarchical<a::allreduce_rabenseifner>, a::predict_allreduce_hierarchical<m::predict_allreduce_rabenseifner>, nullptr, true}}},
      {ActionKind::AllToAll, "alltoall", "ompi",
       {{"ompi", "Open MPI's choice among linear, pairwise and bruck by size", a::alltoall_ompi, m::predict_alltoall_ompi},
        {"linear", "all receives and sends posted at once", a::alltoall_linear, m::predict_alltoall_linear},
        {"pairwise", "p-1 exchanges with rank XOR step (power of two only)", a::alltoall_pairwise, m::predict_alltoall_pairwise},
        {"bruck", "ceil(log2 p) steps of packed blocks", a::alltoall_bruck, m::predict_alltoall_bruck},
        {"ring", "p-1 sendrecvs: to rank + i, from rank - i", a::alltoall_ring, m::predict_alltoall_ring},
        {"hierarchical", "gathers up the hierarchy, exchange among the top leaders, scatters down", a::alltoall_hierarchical,
         a::predict_alltoall_hierarchical, nullptr, true},
        {"lg", "Local Group: exchange inside clusters, then each block crosses between two clusters once (Steffenel)",
         a::alltoall_local_group, a::predict_alltoall_local_group, nullptr, true}}},
      {ActionKind::AllToAllV, "alltoallv", "linear",
       {{"linear", "all receives then all sends, posted at once", a::alltoallv_linear, m::predict_alltoallv_linear},
        {"ompi_basic_linear", "all receives then all sends, posted at once (Open MPI basic linear)", a::alltoallv_ompi_basic_linear},
        {"pair", "p-1 sendrecvs with rank XOR i (power of two only)", a::alltoallv_pair},
        {"ring", "p sendrecvs: with rank XOR i at a power of two, else to rank + i, from rank - i", a::alltoallv_ring}}},
      {ActionKind::Gather, "gather", "linear",
       {{"linear", "every rank sends to the root", a::gather_linear, m::predict_gather_linear},
        {"binomial", "binomial tree towards the root, subtrees' blocks packed (Open MPI)", a::gather_binomial, m::predict_gather_binomial},
        {"ompi_basic_linear", "every rank sends to the root, which receives one after the other (Open MPI)", a::gather_ompi_basic_linear},
        {"ompi_linear_sync", "the root calls each rank in turn, which sends a first segment then the rest (Open MPI)",
         a::gather_ompi_linear_sync},
        {"hier_linear", "linear gather on each level of the hierarchy, bottom up (hwloc paper)", a::gather_hierarchical<a::gather_linear>,
         a::predict_gather_hierarchical<m::predict_gather_linear>, nullptr, true},
        {"hier_binomial", "binomial gather on each level of the hierarchy", a::gather_hierarchical<a::gather_binomial>,
         a::predict_gather_hierarchical<m::predict_gather_binomial>, nullptr, true}}},
      {ActionKind::GatherV, "gatherv", "linear", {{"linear", "every rank sends to the root", a::gatherv_linear}}},
      {ActionKind::Scatter, "scatter", "linear",
       {{"linear", "the root sends to every rank", a::scatter_linear, m::predict_scatter_linear},
        {"binomial", "binomial tree from the root, subtrees' blocks packed (Open MPI)", a::scatter_binomial, m::predict_scatter_binomial},
        {"ompi_basic_linear", "the root sends to every rank, one blocking send after the other (Open MPI)", a::scatter_ompi_basic_linear},
        {"ompi_linear_nb", "the root posts a send to every rank, then waits for them all (Open MPI)", a::scatter_ompi_linear_nb}}},
      {ActionKind::ScatterV, "scatterv", "linear",
       {{"linear", "the root sends to every rank", a::scatterv_linear}}},
      {ActionKind::AllGather, "allgather", "linear",
       {{"linear", "every rank exchanges with every other at once", a::allgather_linear, m::predict_allgather_linear},
        {"ring", "p-1 steps passing one block to rank + 1", a::allgather_ring, m::predict_allgather_ring},
        {"shift", "p-1 sendrecvs: own block to rank + i, from rank - i (SMPI's ring)", a::allgather_shift},
        {"recursive_doubling", "exchange with rank XOR 2^k (MPICH, any p)", a::allgather_recursive_doubling, m::predict_allgather_recursive_doubling},
        {"bruck", "ceil(log2 p) steps of 2^k blocks to rank - 2^k", a::allgather_bruck, m::predict_allgather_bruck},
        {"NTSLR_NB", "logical ring, all receives posted first, one tag per step", a::allgather_ntslr_nb},
        {"ompi_neighborexchange", "even p: exchanges of two blocks with alternate neighbors (odd p: SMPI's ring)",
         a::allgather_ompi_neighborexchange},
        {"pair", "p-1 exchanges of the own block with rank XOR i (power of two only)", a::allgather_pair}}},
      {ActionKind::AllGatherV, "allgatherv", "linear",
       {{"linear", "every rank exchanges with every other at once", a::allgatherv_linear},
        {"ring", "p-1 sendrecv steps: own block to rank + i, from rank - i", a::allgatherv_ring},
        {"GB", "gatherv to rank 0, then bcast of the largest count", a::allgatherv_gb},
        {"ompi_bruck", "ceil(log2 p) steps of 2^k blocks to rank - 2^k", a::allgatherv_ompi_bruck},
        {"mpich_ring", "blocks passed to rank + 1 in chunks of the smallest count (>= 256 KiB)", a::allgatherv_mpich_ring},
        {"ompi_neighborexchange", "even p: exchanges of two blocks with alternate neighbors (odd p: ring)",
         a::allgatherv_ompi_neighborexchange},
        {"pair", "p-1 exchanges of the own block with rank XOR i (power of two only)", a::allgatherv_pair}}},
      {ActionKind::ReduceScatter, "reducescatter", "reduce_scatterv",
       {{"reduce_scatterv", "linear reduce to rank 0 then linear scatterv; MPICH's choice for unequal counts",
         a::reducescatter_reduce_scatterv, m::predict_reducescatter_reduce_scatterv},
        {"mpich", "MPICH's choice: pairwise above 524288 elements, else recursive doubling", a::reducescatter_mpich, m::predict_reducescatter_mpich},
        {"mpich_pair", "p-1 pairwise exchanges of each destination's block", a::reducescatter_mpich_pair, m::predict_reducescatter_mpich_pair},
        {"mpich_rdb", "recursive doubling (MPICH), with halving for non-power-of-two", a::reducescatter_mpich_rdb, m::predict_reducescatter_mpich_rdb},
        {"ompi_basic_recursivehalving", "recursive halving on the largest power of two, the others folded in first (Open MPI)",
         a::reducescatter_ompi_basic_recursivehalving},
        {"ompi_ring", "p-1 ring steps passing partial blocks to rank + 1 (Open MPI)", a::reducescatter_ompi_ring},
        {"ompi_butterfly", "butterfly halving on the largest power of two, blocks sent by mirror permutation (Traff; Open MPI)",
         a::reducescatter_ompi_butterfly}}},
      {ActionKind::Scan, "scan", "linear",
       {{"linear", "receive from every lower rank, send to every higher rank", a::scan_linear, m::predict_scan_linear}}},
      {ActionKind::ExScan, "exscan", "linear",
       {{"linear", "receive from every lower rank, send to every higher rank", a::scan_linear, m::predict_scan_linear}}},
  };
  return operations;
}

const CollOperation& collective_operation(ActionKind kind)
{
  for (const auto& op : collective_operations())
    if (op.kind == kind)
      return op;
  throw std::logic_error("not a collective: " + std::string(action_name(kind)));
}

const CollOperation* operation_named(std::string_view name)
{
  for (const auto& op : collective_operations())
    if (op.name == name)
      return &op;
  return nullptr;
}

const CollOperation* operation_of_smpi_key(std::string_view key)
{
  // SMPI's keys that fix a collective's algorithm (smpi/bcast:binomial_tree, as smpirun takes it), and ours
  static const std::pair<std::string_view, std::string_view> kKeys[] = {
      {"smpi/allgather", "allgather"}, {"smpi/allgatherv", "allgatherv"}, {"smpi/allreduce", "allreduce"},
      {"smpi/alltoall", "alltoall"},   {"smpi/alltoallv", "alltoallv"},   {"smpi/barrier", "barrier"},
      {"smpi/bcast", "bcast"},         {"smpi/gather", "gather"},         {"smpi/reduce", "reduce"},
      {"smpi/reduce_scatter", "reducescatter"}, {"smpi/scatter", "scatter"}};
  for (const auto& [smpi, ours] : kKeys)
    if (key == smpi)
      return operation_named(ours);
  return nullptr;
}

const CollAlgorithm& find_algorithm(const CollOperation& op, std::string_view name)
{
  // SMPI's names (smpirun's --cfg smpi/bcast:binomial_tree) of algorithms that have another name here
  static const std::tuple<std::string_view, std::string_view, std::string_view> kSmpiNames[] = {
      {"bcast", "binomial_tree", "binomial"},   {"bcast", "flattree", "flat"},
      {"bcast", "scatter_LR_allgather", "scatter_allgather"},
      {"alltoall", "pair", "pairwise"},         {"alltoall", "basic_linear", "linear"},
      {"barrier", "ompi_basic_linear", "linear"}, {"allreduce", "rdb", "recursive_doubling"},
      {"allgather", "rdb", "recursive_doubling"}, {"gather", "ompi_binomial", "binomial"},
      {"scatter", "ompi_binomial", "binomial"}};
  for (const auto& [operation, smpi, ours] : kSmpiNames)
    if (op.name == operation && name == smpi)
      name = ours;
  std::string valid;
  for (const auto& alg : op.algorithms) {
    if (alg.name == name)
      return alg;
    valid += (valid.empty() ? "" : ", ") + std::string(alg.name);
  }
  // SMPI's selectors, which it also takes as an operation's algorithm (smpi/bcast:mpich), where none is ours
  for (std::string_view selector : {"default", "ompi", "mpich", "mvapich2", "impi", "automatic"})
    if (name == selector)
      throw std::invalid_argument(
          std::string(op.name) + "=" + std::string(name) + ": '" + std::string(name) + "' is one of SMPI's selectors, "
          "not an algorithm: tireplay selects for every operation at once (--select smpi for SMPI's default, --select "
          "ompi, --select model), and --coll " + std::string(op.name) + "=ALGORITHM fixes one operation's algorithm");
  throw std::invalid_argument("unknown " + std::string(op.name) + " algorithm '" + std::string(name) +
                              "' (valid: " + valid + ")");
}

CollChoice::CollChoice()
    : chosen_(static_cast<size_t>(ActionKind::Count_), nullptr), given_(static_cast<size_t>(ActionKind::Count_), false)
{
  for (const auto& op : collective_operations())
    chosen_[static_cast<size_t>(op.kind)] = &find_algorithm(op, op.smpi_default);
}

void CollChoice::set(const std::string& assignment)
{
  auto eq = assignment.find('=');
  if (eq == std::string::npos)
    throw std::invalid_argument("--coll expects <operation>=<algorithm>, got '" + assignment + "'");
  std::string op_name = assignment.substr(0, eq);
  std::string valid;
  for (const auto& op : collective_operations()) {
    if (op.name == op_name) {
      chosen_[static_cast<size_t>(op.kind)] = &find_algorithm(op, assignment.substr(eq + 1));
      given_[static_cast<size_t>(op.kind)]  = true;
      return;
    }
    valid += (valid.empty() ? "" : ", ") + std::string(op.name);
  }
  throw std::invalid_argument("unknown collective operation '" + op_name + "' (valid: " + valid + ")");
}

} // namespace tireplay
