// SMPI 3.32's Open MPI selector (src/smpi/colls/smpi_openmpi_selector.cpp, `--cfg smpi/coll-selector:ompi`): Open
// MPI 4.1's fixed decision rules (coll_tuned_decision_fixed.c) on SMPI's implementations of the algorithms. Per
// operation, a table of communicator sizes and message sizes gives Open MPI's algorithm number; a second table
// names the algorithm of ours that runs for that number, as SMPI maps them. The tables are data, copied from the
// selector's if-chains (commutative operations: a trace does not say which operator a reduction used, and SMPI's
// replay passes MPI_OP_NULL, which takes the commutative rules). One departure from SMPI, where it aborts: its pair
// all-to-alls at sizes that are not powers of two (below).
#include "replay/collectives/ompi_decisions.hpp"

#include "replay/collectives/registry.hpp"

#include <array>
#include <cstdio>
#include <limits>
#include <mutex>
#include <numeric>
#include <string>
#include <vector>

namespace tireplay {
namespace {

constexpr uint64_t kAll = std::numeric_limits<uint64_t>::max();  // any message size
constexpr int kAny      = std::numeric_limits<int>::max();        // any communicator size

struct Step {
  uint64_t below;  // message sizes (bytes) below this one
  int alg;         // Open MPI's algorithm number
};
struct Row {
  int comm_below;  // communicator sizes below this one
  std::vector<Step> steps;
};
using Table = std::vector<Row>;

const Table kAllreduce{{
    {4, {{8, 4}, {4096, 3}, {8192, 4}, {16384, 3}, {65536, 4}, {262144, 5}, {kAll, 6}}},
    {8, {{16, 4}, {8192, 3}, {kAll, 6}}},
    {16, {{8192, 3}, {kAll, 6}}},
    {32, {{64, 5}, {4096, 3}, {kAll, 6}}},
    {64, {{128, 5}, {kAll, 6}}},
    {128, {{262144, 3}, {kAll, 6}}},
    {256, {{131072, 2}, {262144, 3}, {kAll, 6}}},
    {512, {{4096, 2}, {kAll, 6}}},
    {2048, {{2048, 2}, {16384, 3}, {kAll, 6}}},
    {4096, {{2048, 2}, {4096, 5}, {16384, 3}, {kAll, 6}}},
    {kAny, {{2048, 2}, {16384, 5}, {32768, 3}, {kAll, 6}}},
}};

const Table kAlltoall{{
    {2, {{8192, 4}, {16384, 1}, {65536, 4}, {524288, 1}, {1048576, 2}, {kAll, 1}}},  // (one rank: the < 8 row)
    {3, {{2, 2}, {4, 5}, {16, 2}, {64, 5}, {256, 2}, {4096, 5}, {32768, 2}, {262144, 4}, {1048576, 5}, {kAll, 2}}},  // == 2
    {8, {{8192, 4}, {16384, 1}, {65536, 4}, {524288, 1}, {1048576, 2}, {kAll, 1}}},
    {16, {{262144, 4}, {kAll, 1}}},
    {32, {{4, 4}, {512, 3}, {8192, 4}, {32768, 1}, {262144, 4}, {524288, 1}, {kAll, 4}}},
    {64, {{512, 3}, {524288, 1}, {kAll, 4}}},
    {128, {{1024, 3}, {2048, 1}, {4096, 4}, {262144, 1}, {kAll, 2}}},
    {256, {{1024, 3}, {2048, 4}, {262144, 1}, {kAll, 2}}},
    {512, {{1024, 3}, {8192, 4}, {32768, 1}, {kAll, 2}}},
    {1024, {{512, 3}, {8192, 4}, {16384, 1}, {131072, 4}, {262144, 1}, {kAll, 2}}},
    {2048, {{512, 3}, {1024, 4}, {2048, 1}, {16384, 4}, {262144, 1}, {kAll, 4}}},
    {4096, {{1024, 3}, {4096, 4}, {8192, 1}, {131072, 4}, {kAll, 1}}},
    {kAny, {{2048, 3}, {8192, 4}, {16384, 1}, {32768, 4}, {65536, 1}, {kAll, 4}}},
}};

const Table kAlltoallv{{
    {4, {{kAll, 2}}},
    {64, {{kAll, 1}}},
    {128, {{kAll, 2}}},
    {256, {{kAll, 1}}},
    {1024, {{kAll, 2}}},
    {kAny, {{kAll, 1}}},
}};

const Table kBarrier{{
    {4, {{kAll, 3}}},
    {8, {{kAll, 1}}},
    {64, {{kAll, 3}}},
    {256, {{kAll, 4}}},
    {512, {{kAll, 6}}},
    {1024, {{kAll, 4}}},
    {4096, {{kAll, 6}}},
    {kAny, {{kAll, 4}}},
}};

const Table kBcast{{
    {4, {{32, 3}, {256, 5}, {512, 3}, {1024, 7}, {32768, 1}, {131072, 5}, {262144, 2}, {524288, 1}, {1048576, 6}, {kAll, 5}}},
    {8, {{64, 5}, {128, 6}, {2048, 5}, {8192, 6}, {1048576, 1}, {kAll, 2}}},
    {16, {{8, 7}, {64, 5}, {4096, 7}, {16384, 5}, {32768, 6}, {kAll, 1}}},
    {32, {{4096, 7}, {1048576, 6}, {kAll, 8}}},
    {64, {{2048, 6}, {kAll, 7}}},
    {128, {{kAll, 7}}},
    {256, {{2, 6}, {16384, 5}, {32768, 1}, {65536, 5}, {kAll, 7}}},
    {1024, {{16384, 7}, {32768, 4}, {kAll, 7}}},
    {2048, {{524288, 7}, {kAll, 8}}},
    {4096, {{262144, 7}, {kAll, 8}}},
    {kAny, {{8192, 7}, {16384, 5}, {262144, 7}, {kAll, 8}}},
}};

const Table kReduce{{
    {4, {{8, 7}, {16, 4}, {32, 3}, {262144, 1}, {524288, 3}, {1048576, 2}, {kAll, 3}}},
    {8, {{4096, 4}, {65536, 2}, {262144, 5}, {524288, 1}, {1048576, 5}, {kAll, 1}}},
    {16, {{8192, 4}, {kAll, 5}}},
    {32, {{4096, 4}, {kAll, 5}}},
    {256, {{kAll, 5}}},
    {512, {{8192, 5}, {16384, 6}, {kAll, 5}}},
    {2048, {{kAll, 5}}},
    {4096, {{512, 5}, {1024, 6}, {8192, 5}, {16384, 6}, {kAll, 5}}},
    {kAny, {{16, 5}, {32, 6}, {1024, 5}, {2048, 6}, {8192, 5}, {16384, 6}, {kAll, 5}}},
}};

const Table kReduceScatter{{
    {4, {{65536, 3}, {131072, 4}, {kAll, 3}}},
    {8, {{8, 1}, {262144, 2}, {kAll, 3}}},
    {32, {{262144, 2}, {kAll, 3}}},
    {64, {{64, 1}, {2048, 2}, {524288, 4}, {kAll, 3}}},
    {128, {{256, 1}, {512, 2}, {2048, 4}, {4096, 2}, {kAll, 4}}},
    {256, {{256, 1}, {512, 2}, {kAll, 4}}},
    {512, {{256, 1}, {1024, 2}, {kAll, 4}}},
    {1024, {{512, 1}, {2048, 2}, {8192, 4}, {16384, 2}, {kAll, 4}}},
    {2048, {{512, 1}, {4096, 2}, {16384, 4}, {32768, 2}, {kAll, 4}}},
    {4096, {{512, 1}, {4096, 2}, {kAll, 4}}},
    {kAny, {{1024, 1}, {8192, 2}, {kAll, 4}}},
}};

const Table kAllgather{{
    {2, {{kAll, 3}}},  // (one rank: Open MPI tests == 2, then < 32)
    {3, {{kAll, 6}}},  // == 2
    {32, {{kAll, 3}}},
    {64, {{1024, 3}, {65536, 5}, {kAll, 4}}},
    {128, {{512, 3}, {65536, 5}, {kAll, 4}}},
    {256, {{512, 3}, {131072, 5}, {524288, 4}, {1048576, 5}, {kAll, 4}}},
    {512, {{32, 3}, {128, 2}, {1024, 3}, {131072, 5}, {524288, 4}, {1048576, 5}, {kAll, 4}}},
    {1024, {{64, 3}, {256, 2}, {2048, 3}, {kAll, 5}}},
    {2048, {{4, 3}, {8, 2}, {16, 3}, {32, 2}, {256, 3}, {512, 2}, {4096, 3}, {kAll, 5}}},
    {4096, {{32, 2}, {128, 3}, {512, 2}, {4096, 3}, {kAll, 5}}},
    {kAny, {{2, 3}, {8, 2}, {16, 3}, {512, 2}, {4096, 3}, {kAll, 5}}},
}};

const Table kAllgatherv{{
    {2, {{256, 1}, {4096, 4}, {8192, 3}, {16384, 4}, {262144, 2}, {kAll, 4}}},  // (one rank: the < 8 row)
    {3, {{2048, 3}, {4096, 5}, {8192, 3}, {kAll, 5}}},  // == 2
    {8, {{256, 1}, {4096, 4}, {8192, 3}, {16384, 4}, {262144, 2}, {kAll, 4}}},
    {16, {{1024, 1}, {kAll, 2}}},
    {32, {{128, 1}, {262144, 2}, {kAll, 3}}},
    {64, {{256, 1}, {8192, 2}, {kAll, 3}}},
    {128, {{256, 1}, {4096, 2}, {kAll, 3}}},
    {256, {{1024, 2}, {65536, 4}, {kAll, 3}}},
    {512, {{1024, 2}, {kAll, 3}}},
    {1024, {{512, 2}, {1024, 1}, {4096, 2}, {1048576, 4}, {kAll, 3}}},
    {kAny, {{4096, 2}, {kAll, 4}}},
}};

const Table kGather{{
    {4, {{2, 3}, {4, 1}, {32768, 2}, {65536, 1}, {131072, 2}, {kAll, 3}}},
    {8, {{1024, 2}, {8192, 1}, {32768, 2}, {262144, 1}, {kAll, 3}}},
    {256, {{kAll, 2}}},
    {512, {{2048, 2}, {8192, 1}, {kAll, 2}}},
    {kAny, {{kAll, 2}}},
}};

const Table kScatter{{
    {4, {{2, 3}, {131072, 1}, {262144, 3}, {kAll, 1}}},
    {8, {{2048, 2}, {4096, 1}, {8192, 2}, {32768, 1}, {1048576, 3}, {kAll, 1}}},
    {16, {{16384, 2}, {1048576, 3}, {kAll, 1}}},
    {32, {{16384, 2}, {32768, 1}, {kAll, 3}}},
    {64, {{512, 2}, {8192, 3}, {16384, 2}, {kAll, 3}}},
    {kAny, {{512, 2}, {kAll, 3}}},
}};

int algorithm_number(const Table& table, int comm_size, uint64_t bytes)
{
  for (const Row& row : table)
    if (comm_size < row.comm_below)
      for (const Step& step : row.steps)
        if (step.below == kAll || bytes < step.below)
          return step.alg;
  return 0;  // not reached: every table ends with kAny and kAll
}

/// Open MPI's numbers (from 1) to our algorithms, as SMPI's selector maps them (its `funcs` arrays), looked up in
/// the registry once. All-to-alls: `ring` runs instead of SMPI's `pair` at sizes that are not powers of two.
struct Decision {
  Decision(ActionKind op, const Table& t, std::initializer_list<std::string_view> names) : table(t)
  {
    const CollOperation& operation = collective_operation(op);
    for (std::string_view name : names)
      algorithms.push_back(name.empty() ? nullptr : &find_algorithm(operation, name));
    if (op == ActionKind::AllToAll || op == ActionKind::AllToAllV) {
      pair = algorithms.at(1);  // Open MPI's 2, pairwise
      ring = &find_algorithm(operation, "ring");
    }
  }
  const Table& table;
  std::vector<const CollAlgorithm*> algorithms;
  const CollAlgorithm* pair = nullptr;
  const CollAlgorithm* ring = nullptr;
};

const Decision* decision_of(ActionKind op)
{
  static const Decision allreduce{ActionKind::AllReduce, kAllreduce, {"redbcast", "redbcast", "recursive_doubling", "lr", "ompi_ring_segmented",
                                               "rabenseifner"}};
  static const Decision alltoall{ActionKind::AllToAll, kAlltoall, {"linear", "pairwise", "bruck", "linear", "linear"}};
  static const Decision alltoallv{ActionKind::AllToAllV, kAlltoallv, {"ompi_basic_linear", "pair"}};
  // Open MPI's 5 (two_proc) is never chosen by the table.
  static const Decision barrier{ActionKind::Barrier, kBarrier, {"linear", "linear", "ompi_recursivedoubling", "dissemination", "", "tree"}};
  static const Decision bcast{ActionKind::Bcast, kBcast, {"NTSL", "ompi_pipeline", "ompi_pipeline", "ompi_split_bintree", "NTSB", "binomial",
                                       "mvapich2_knomial_intra_node", "scatter_rdb_allgather", "scatter_allgather"}};
  static const Decision reduce{ActionKind::Reduce, kReduce, {"ompi_basic_linear", "ompi_chain", "ompi_pipeline", "ompi_binary", "ompi_binomial",
                                         "ompi_in_order_binary", "ompi_basic_linear"}};
  static const Decision reducescatter{ActionKind::ReduceScatter, kReduceScatter, {"reduce_scatterv", "ompi_basic_recursivehalving", "ompi_ring",
                                                       "ompi_butterfly"}};
  static const Decision allgather{ActionKind::AllGather, kAllgather, {"NTSLR_NB", "bruck", "recursive_doubling", "shift",
                                               "ompi_neighborexchange", "pair"}};
  static const Decision allgatherv{ActionKind::AllGatherV, kAllgatherv, {"GB", "ompi_bruck", "mpich_ring", "ompi_neighborexchange", "pair"}};
  static const Decision gather{ActionKind::Gather, kGather, {"ompi_basic_linear", "binomial", "ompi_linear_sync"}};
  static const Decision scatter{ActionKind::Scatter, kScatter, {"ompi_basic_linear", "binomial", "ompi_linear_nb"}};
  switch (op) {
    case ActionKind::AllReduce: return &allreduce;
    case ActionKind::AllToAll: return &alltoall;
    case ActionKind::AllToAllV: return &alltoallv;
    case ActionKind::Barrier: return &barrier;
    case ActionKind::Bcast: return &bcast;
    case ActionKind::Reduce: return &reduce;
    case ActionKind::ReduceScatter: return &reducescatter;
    case ActionKind::AllGather: return &allgather;
    case ActionKind::AllGatherV: return &allgatherv;
    case ActionKind::Gather: return &gather;
    case ActionKind::Scatter: return &scatter;
    default: return nullptr;
  }
}

/// The message size the selector decides on, as SMPI's computes it for this rank.
uint64_t decision_bytes(ActionKind op, int comm_size, int rank, const CollArgs& a)
{
  switch (op) {
    case ActionKind::Gather: return rank == a.root ? a.bytes2 : a.bytes;  // the root: its receive size
    case ActionKind::Scatter: return rank == a.root ? a.bytes : a.bytes2;
    case ActionKind::ReduceScatter:
      return a.recv_counts == nullptr ? 0 : std::accumulate(a.recv_counts->begin(), a.recv_counts->end(), uint64_t{0});
    case ActionKind::AllGatherV: {
      // The send datatype's size times every rank's receive count, divided by the ranks (integers, as SMPI).
      uint64_t elements = 0;
      if (a.recv_counts != nullptr)
        for (uint64_t bytes : *a.recv_counts)
          elements += bytes / static_cast<uint64_t>(a.recv_datatype_size > 0 ? a.recv_datatype_size : 1);
      return elements * static_cast<uint64_t>(a.datatype_size) / static_cast<uint64_t>(comm_size);
    }
    default: return a.bytes;
  }
}

} // namespace

const CollAlgorithm* ompi_algorithm(ActionKind op, int comm_size, int rank, const CollArgs& a)
{
  const Decision* d = decision_of(op);
  if (d == nullptr)
    return nullptr;
  int number                   = algorithm_number(d->table, comm_size, decision_bytes(op, comm_size, rank, a));
  const CollAlgorithm* chosen = d->algorithms.at(static_cast<size_t>(number - 1));
  // SMPI maps Open MPI's pairwise all-to-all to its pair algorithms, which abort at sizes that are not powers of two;
  // Open MPI's own pairwise sends to rank + i and receives from rank - i at any size: the ring here.
  if (chosen == d->pair && d->pair != nullptr && (comm_size & (comm_size - 1)) != 0) {
    static std::once_flag said;
    std::call_once(said, [&] {
      std::fprintf(stderr, "tireplay: note: Open MPI's rules pick the pairwise %s for %d ranks, which SMPI runs only "
                           "on a power of two: the ring runs instead (Open MPI's own pairwise order, any size)\n",
                   std::string(collective_operation(op).name).c_str(), comm_size);
    });
    return d->ring;
  }
  return chosen;
}

} // namespace tireplay
