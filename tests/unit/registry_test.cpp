// Unit tests of replay/collectives/registry: the algorithm tables and --coll op=name.
#include "replay/collectives/registry.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <stdexcept>
#include <string>

using namespace tireplay;

namespace {
const char* kOperations = "barrier, bcast, reduce, allreduce, alltoall, alltoallv, gather, gatherv, scatter, "
                          "scatterv, allgather, allgatherv, reducescatter, scan, exscan";
}

TEST_CASE("every collective action has one operation with algorithms", "[registry]")
{
  const auto& ops = collective_operations();
  std::set<std::string_view> op_names;
  std::set<ActionKind> kinds;
  for (const auto& op : ops) {
    INFO(op.name);
    CHECK(is_collective(op.kind));
    CHECK(op.name == action_name(op.kind));  // --coll uses the trace's canonical names
    CHECK(op_names.insert(op.name).second);
    CHECK(kinds.insert(op.kind).second);
    REQUIRE_FALSE(op.algorithms.empty());
    std::set<std::string_view> names;
    bool has_default = false;
    for (const auto& alg : op.algorithms) {
      INFO(alg.name);
      CHECK_FALSE(alg.name.empty());
      CHECK_FALSE(alg.description.empty());
      CHECK(alg.run != nullptr);
      CHECK(names.insert(alg.name).second);
      has_default = has_default || alg.name == op.smpi_default;
    }
    CHECK(has_default);
  }
  for (int k = 0; k < static_cast<int>(ActionKind::Count_); k++) {
    auto kind = static_cast<ActionKind>(k);
    INFO(action_name(kind));
    CHECK(kinds.count(kind) == (is_collective(kind) ? 1u : 0u));
  }
  CHECK(ops.size() == 15);
}

TEST_CASE("collective_operation finds an operation by kind", "[registry]")
{
  CHECK(collective_operation(ActionKind::Bcast).name == "bcast");
  CHECK(collective_operation(ActionKind::Bcast).smpi_default == "binomial");
  CHECK(collective_operation(ActionKind::AllToAll).smpi_default == "ompi");
  CHECK(collective_operation(ActionKind::ReduceScatter).smpi_default == "reduce_scatterv");
  CHECK_THROWS_AS(collective_operation(ActionKind::Send), std::logic_error);
  CHECK_THROWS_WITH(collective_operation(ActionKind::Send), "not a collective: send");
  CHECK_THROWS_WITH(collective_operation(ActionKind::SendRecv), "not a collective: sendrecv");
}

TEST_CASE("CollChoice starts with SMPI's defaults", "[registry]")
{
  CollChoice choice;
  for (const auto& op : collective_operations()) {
    INFO(op.name);
    CHECK(choice.get(op.kind).name == op.smpi_default);
  }
}

TEST_CASE("CollChoice::set picks an algorithm", "[registry]")
{
  CollChoice choice;
  choice.set("bcast=flat");
  CHECK(choice.get(ActionKind::Bcast).name == "flat");
  CHECK(choice.get(ActionKind::Bcast).run == collective_operation(ActionKind::Bcast).algorithms[1].run);
  CHECK(choice.get(ActionKind::AllToAll).name == "ompi");  // others unchanged
  choice.set("alltoall=pairwise");
  choice.set("reducescatter=mpich_rdb");
  CHECK(choice.get(ActionKind::AllToAll).name == "pairwise");
  CHECK(choice.get(ActionKind::ReduceScatter).name == "mpich_rdb");
  choice.set("bcast=binomial");  // the last assignment wins
  CHECK(choice.get(ActionKind::Bcast).name == "binomial");
}

TEST_CASE("CollChoice::set rejects bad assignments with the valid names", "[registry][errors]")
{
  CollChoice choice;
  choice.set("bcast=flat");
  CHECK_THROWS_AS(choice.set("bcast=nope"), std::invalid_argument);
  // The valid names are the table's, in its order.
  auto valid = [](ActionKind op) {
    std::string names;
    for (const auto& alg : collective_operation(op).algorithms)
      names += (names.empty() ? "" : ", ") + std::string(alg.name);
    return names;
  };
  const std::string bcast = valid(ActionKind::Bcast);
  CHECK(bcast.rfind("binomial, flat", 0) == 0);
  CHECK_THROWS_WITH(choice.set("bcast=nope"), "unknown bcast algorithm 'nope' (valid: " + bcast + ")");
  CHECK_THROWS_WITH(choice.set("alltoall=nope"),
                    "unknown alltoall algorithm 'nope' (valid: " + valid(ActionKind::AllToAll) + ")");
  CHECK_THROWS_WITH(choice.set("bcast="), "unknown bcast algorithm '' (valid: " + bcast + ")");
  CHECK_THROWS_WITH(choice.set("bcast=flat=x"), "unknown bcast algorithm 'flat=x' (valid: " + bcast + ")");
  CHECK_THROWS_WITH(choice.set("bcast=Flat"), "unknown bcast algorithm 'Flat' (valid: " + bcast + ")");
  CHECK_THROWS_WITH(choice.set("nope=flat"), std::string("unknown collective operation 'nope' (valid: ") + kOperations + ")");
  CHECK_THROWS_WITH(choice.set("=flat"), std::string("unknown collective operation '' (valid: ") + kOperations + ")");
  CHECK_THROWS_WITH(choice.set("send=flat"), std::string("unknown collective operation 'send' (valid: ") + kOperations + ")");
  CHECK_THROWS_WITH(choice.set("bcast"), "--coll expects <operation>=<algorithm>, got 'bcast'");
  CHECK_THROWS_WITH(choice.set(""), "--coll expects <operation>=<algorithm>, got ''");
  CHECK(choice.get(ActionKind::Bcast).name == "flat");  // a rejected assignment changes nothing
}
