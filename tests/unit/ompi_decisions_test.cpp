// Unit tests of replay/collectives/ompi_decisions: Open MPI 4.1's rules as SMPI 3.32's ompi selector states them.
#include "replay/collectives/ompi_decisions.hpp"
#include "replay/collectives/registry.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace tireplay;

namespace {
std::string pick(ActionKind op, int comm_size, uint64_t bytes, int rank = 0, uint64_t bytes2 = 0)
{
  CollArgs a;
  a.bytes  = bytes;
  a.bytes2 = bytes2 != 0 ? bytes2 : bytes;
  const CollAlgorithm* alg = ompi_algorithm(op, comm_size, rank, a);
  return alg == nullptr ? "" : std::string(alg->name);
}
} // namespace

TEST_CASE("allreduce follows Open MPI's table for commutative operations", "[ompi]")
{
  // 2 ranks (Elk's allreduces of 57 and 110 KB run a ring; small ones recursive doubling).
  CHECK(pick(ActionKind::AllReduce, 2, 4) == "lr");                   // < 8 bytes: 4 (ring)
  CHECK(pick(ActionKind::AllReduce, 2, 8) == "recursive_doubling");   // < 4096: 3
  CHECK(pick(ActionKind::AllReduce, 2, 4096) == "lr");                // < 8192: 4
  CHECK(pick(ActionKind::AllReduce, 2, 57000) == "lr");               // < 65536: 4
  CHECK(pick(ActionKind::AllReduce, 2, 110000) == "ompi_ring_segmented");  // < 262144: 5
  CHECK(pick(ActionKind::AllReduce, 2, 262144) == "rabenseifner");    // else: 6
  CHECK(pick(ActionKind::AllReduce, 4, 100) == "recursive_doubling");  // 4 to 7 ranks, < 8192: 3
  CHECK(pick(ActionKind::AllReduce, 300, 100) == "redbcast");          // 256 to 511 ranks, < 4096: 2
  CHECK(pick(ActionKind::AllReduce, 100000, 20000) == "recursive_doubling");  // the last row: < 32768: 3
}

TEST_CASE("each operation's rows and their special cases", "[ompi]")
{
  CHECK(pick(ActionKind::Barrier, 2, 0) == "ompi_recursivedoubling");
  CHECK(pick(ActionKind::Barrier, 5, 0) == "linear");
  CHECK(pick(ActionKind::Barrier, 100, 0) == "dissemination");  // Open MPI's bruck
  CHECK(pick(ActionKind::Barrier, 300, 0) == "tree");
  CHECK(pick(ActionKind::Bcast, 2, 10) == "ompi_pipeline");       // 3 (pipeline)
  CHECK(pick(ActionKind::Bcast, 2, 600) == "mvapich2_knomial_intra_node");
  CHECK(pick(ActionKind::Bcast, 8, 50) == "NTSB");
  CHECK(pick(ActionKind::Bcast, 20, 2000000) == "scatter_rdb_allgather");
  CHECK(pick(ActionKind::Reduce, 2, 4) == "ompi_basic_linear");   // 7 (rabenseifner) runs basic linear in SMPI
  CHECK(pick(ActionKind::Reduce, 2, 10) == "ompi_binary");
  CHECK(pick(ActionKind::Reduce, 6, 100000) == "ompi_binomial");
  CHECK(pick(ActionKind::AllToAll, 2, 100) == "pairwise");
  CHECK(pick(ActionKind::AllToAll, 2, 1000) == "linear");         // two_proc: basic linear in SMPI
  CHECK(pick(ActionKind::AllToAll, 40, 100) == "bruck");
  CHECK(pick(ActionKind::AllToAllV, 2, 0) == "pair");
  CHECK(pick(ActionKind::AllToAllV, 4, 0) == "ompi_basic_linear");
  CHECK(pick(ActionKind::AllGather, 2, 100) == "pair");           // == 2: two_proc
  CHECK(pick(ActionKind::AllGather, 1, 100) == "recursive_doubling");  // 1 rank: not == 2, < 32
  CHECK(pick(ActionKind::AllGather, 40, 2000) == "ompi_neighborexchange");
}

TEST_CASE("gather and scatter decide on the root's sizes at the root", "[ompi]")
{
  // 2 ranks: gather below 2 bytes runs linear_sync, below 4 basic linear, below 32768 binomial.
  CHECK(pick(ActionKind::Gather, 2, 1, 1, 40000) == "ompi_linear_sync");  // rank 1 sends 1 byte
  CHECK(pick(ActionKind::Gather, 2, 1, 0, 40000) == "ompi_basic_linear");  // the root receives 40000
  CHECK(pick(ActionKind::Scatter, 2, 200000, 0, 1) == "ompi_linear_nb");   // the root sends 200000
  CHECK(pick(ActionKind::Scatter, 2, 200000, 1, 1) == "ompi_linear_nb");   // rank 1 receives 1
}

TEST_CASE("the v-variants and reduce_scatter decide on their total sizes", "[ompi]")
{
  std::vector<uint64_t> counts{3000, 3000, 3000, 3000};
  CollArgs a;
  a.recv_counts = &counts;
  CHECK(ompi_algorithm(ActionKind::ReduceScatter, 4, 0, a)->name == "ompi_basic_recursivehalving");  // 12000 B
  // allgatherv: the per-rank size, 3000 B at 4 ranks: neighbor exchange (< 4096: 4).
  CHECK(ompi_algorithm(ActionKind::AllGatherV, 4, 0, a)->name == "ompi_neighborexchange");
  a.datatype_size = 8;  // a send datatype of 8 bytes and a receive one of 1: 8 times the size, 24000 B
  CHECK(ompi_algorithm(ActionKind::AllGatherV, 4, 0, a)->name == "ompi_bruck");
}

TEST_CASE("every algorithm the tables name is registered", "[ompi]")
{
  std::vector<uint64_t> counts(8, 0);
  for (ActionKind op : {ActionKind::AllReduce, ActionKind::AllToAll, ActionKind::AllToAllV, ActionKind::Barrier,
                        ActionKind::Bcast, ActionKind::Reduce, ActionKind::ReduceScatter, ActionKind::AllGather,
                        ActionKind::AllGatherV, ActionKind::Gather, ActionKind::Scatter})
    for (int size : {1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256, 511, 512, 1023, 1024, 2047, 2048,
                     4095, 4096, 10000})
      for (uint64_t bytes = 1; bytes < (1ULL << 23); bytes *= 2) {
        CollArgs a;
        a.bytes = a.bytes2 = bytes;
        counts.assign(static_cast<size_t>(size), bytes);
        a.recv_counts = &counts;
        INFO(action_name(op) << " " << size << " ranks, " << bytes << " bytes");
        CHECK_NOTHROW(ompi_algorithm(op, size, 0, a));
      }
  for (ActionKind op : {ActionKind::Scan, ActionKind::ExScan, ActionKind::GatherV, ActionKind::ScatterV})
    CHECK(ompi_algorithm(op, 4, 0, CollArgs{}) == nullptr);  // SMPI's default runs
}
