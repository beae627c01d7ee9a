// Unit tests of format/rma_fields.cpp: one-sided actions' fields, windows and epochs (docs/trace-format.md
// section 12), read as one rank's trace.
#include "tests/unit/test_support.hpp"

#include <catch2/catch.hpp>

using namespace tireplay;
using namespace tireplay::testing;

TEST_CASE("one-sided actions: fields", "[parser][rma]")
{
  Parser p(4);
  p("0 comm_split 1 2 0 2");
  CHECK(p("0 win_create 7 comm=1").kind == ActionKind::WinCreate);
  CHECK(p.action.win == 7);
  CHECK(p.action.comm == 1);
  p("0 win_create 8");
  p("0 win_fence 7");
  const Action& put = p("0 put 7 1 4096");
  CHECK(put.kind == ActionKind::Put);
  CHECK(put.win == 7);
  CHECK(put.comm == 1);  // the window's communicator, for the target's world rank
  CHECK(put.peer == 1);
  CHECK(put.bytes == 4096);
  const Action& ga = p("0 rget_accumulate 7 0 16 8");
  CHECK(ga.kind == ActionKind::RgetAccumulate);
  CHECK(ga.bytes == 16);
  CHECK(ga.bytes2 == 8);
  const Action& lock = p("0 win_lock 8 3 exclusive nocheck");
  CHECK(lock.exclusive);
  CHECK(lock.nocheck);
  CHECK(lock.comm == 0);
  CHECK(lock.peer == 3);
  CHECK_FALSE(p("0 win_lock 8 2 shared").nocheck);  // fields reset from line to line
  const Action& post = p("0 win_post 7 2 1 0");
  CHECK(post.members == std::vector<int>{1, 0});
  CHECK(p("0 Win_Flush_Local_All 8").kind == ActionKind::WinFlushLocalAll);  // names are case-insensitive
  CHECK(action_name(ActionKind::WinFlushLocalAll) == "win_flush_local_all");
  CHECK(is_rma(ActionKind::WinSync));
  CHECK_FALSE(is_rma(ActionKind::ExScan));
  CHECK_FALSE(is_collective(ActionKind::WinCreate));
}

TEST_CASE("one-sided actions: epochs open and close in order", "[parser][rma]")
{
  Parser p(2);
  p("0 win_create 1");
  CHECK_THROWS_WITH(p("0 get 1 1 8"), "get: target 1 of window 1 is outside an access epoch (no win_fence, "
                                      "win_start or win_lock before it)");
  p("0 win_start 1 1 1");
  p("0 put 1 1 8");  // inside the access epoch of the start group
  CHECK_THROWS_WITH(p("0 win_start 1 1 1"),
                    "win_start: window 1 already has an access epoch (win_start without win_complete)");
  CHECK_THROWS_WITH(p("0 win_free 1"), "win_free: window 1 still has an epoch open (win_start without win_complete)");
  p("0 win_complete 1");
  CHECK_THROWS_WITH(p("0 put 1 1 8"), "put: target 1 of window 1 is outside an access epoch (no win_fence, "
                                      "win_start or win_lock before it)");
  p("0 win_lock 1 1 shared");
  p("0 rput 1 1 8");
  p("0 win_flush_all 1");
  CHECK_THROWS_WITH(p("0 win_lock_all 1"), "win_lock_all: window 1 is already locked (win_lock of target 1)");
  p("0 win_unlock 1 1");
  CHECK_THROWS_WITH(p("0 win_flush_all 1"),
                    "win_flush_all: window 1 has no passive-target epoch (no win_lock or win_lock_all before it)");
  CHECK_THROWS_WITH(p("0 win_unlock_all 1"), "win_unlock_all: no win_lock_all on window 1 before it");
  CHECK_THROWS_WITH(p("0 win_wait 1"), "win_wait: no win_post on window 1 before it");
  p("0 win_post 1 1 1");
  CHECK_THROWS_WITH(p("0 win_free 1"), "win_free: window 1 still has an epoch open (win_post without win_wait)");
  p("0 win_wait 1");
  p("0 win_free 1");
  p("0 win_create 1");  // an id freed may be created again
  CHECK_THROWS_WITH(p("0 win_post 1 3 0 1 0"), "win_post: field 'size' must be between 0 and 2 (expected: "
                                               "win_post <win> <size> <rank>...)");
  CHECK_THROWS_WITH(p("0 win_post 1 -1"), "win_post: field 'size' must be between 0 and 2 (expected: win_post <win> "
                                          "<size> <rank>...)");
  p("0 win_post 1 0");  // MPI_GROUP_EMPTY
  p("0 win_wait 1");
  CHECK_THROWS_WITH(p("0 win_lock 1 1 shared check"), "win_lock: the field after the lock type can only be "
                                                      "'nocheck': 'check' (expected: win_lock <win> <target> "
                                                      "<exclusive|shared> [nocheck])");
  CHECK_THROWS_WITH(p("0 put 1 0 8 comm=0"),
                    "put: field 'comm' belongs to win_create (a window keeps the communicator it was created on)");
  CHECK_THROWS_WITH(p("0 get_accumulate 1 0 8"), "get_accumulate: missing field 'result_bytes' (expected: "
                                                 "get_accumulate <win> <target> <bytes> <result_bytes>)");
}
