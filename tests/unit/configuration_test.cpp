// --cfg checked before any simulation (replay/configuration.hpp): the messages of the keys and values that made
// SimGrid abort, hang or crash, or that were silently ignored.
#include "replay/configuration.hpp"

#include <catch2/catch.hpp>

using tireplay::parse_configuration;

namespace {
std::string refusal(const std::string& pair)
{
  try {
    parse_configuration({pair});
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}
} // namespace

TEST_CASE("keys nobody knows are refused with the closest known key", "[configuration]")
{
  CHECK(refusal("foo:bar") == "--cfg foo:bar: 'foo' is not an option tireplay uses (smpi/..., network/..., cpu/..., "
                              "host/..., surf/..., maxmin/..., bmf/..., contexts/..., tireplay/...)");
  CHECK(refusal("smpi/send-is-detached-treshold:0") ==
        "--cfg smpi/send-is-detached-treshold:0: unknown SMPI option 'smpi/send-is-detached-treshold' (did you mean "
        "'smpi/send-is-detached-thresh'?)");
  CHECK(refusal("tracing:yes") == "--cfg tracing:yes: SimGrid's tracing does not apply to a replay: tireplay writes "
                                  "timelines with --paje, --otf2-out and --events-csv");
  CHECK(refusal("nocolon") == "--cfg expects key:value, got 'nocolon'");
}

TEST_CASE("SMPI's collective selection points at tireplay's options", "[configuration]")
{
  CHECK(refusal("smpi/bcast:flattree") == "--cfg smpi/bcast:flattree: tireplay chooses collective algorithms itself: "
                                          "--coll bcast=ALGORITHM (tireplay algorithms lists them) with --select "
                                          "fixed, model or ompi");
  CHECK(refusal("smpi/coll-selector:mpich") == "--cfg smpi/coll-selector:mpich: tireplay's selectors are --select "
                                               "smpi (SMPI's default, --cfg smpi/coll-selector:default), "
                                               "fixed (--coll), model or ompi (SMPI's ompi selector, --cfg "
                                               "smpi/coll-selector:ompi)");
}

TEST_CASE("values SimGrid cannot take are refused with their range", "[configuration]")
{
  CHECK(refusal("network/model:Foo") == "--cfg network/model:Foo: 'Foo' is not one of: SMPI CM02 LV08 IB");
  CHECK(refusal("surf/precision:0") == "--cfg surf/precision:0: '0' is out of range (it must be above 0 and at "
                                       "most 0.001)");
  CHECK(refusal("surf/precision:nan") == "--cfg surf/precision:nan: 'nan' is not a number");
  CHECK(refusal("maxmin/precision:-1") == "--cfg maxmin/precision:-1: '-1' is out of range (it must be at least 1e-06 "
                                            "and at most 0.01)");
  // finer: SimGrid 3.32's solver crashes (a segfault at 1e-7 on an all-to-all of 64 ranks)
  CHECK(refusal("maxmin/precision:1e-7") == "--cfg maxmin/precision:1e-7: '1e-7' is out of range (it must be at least "
                                             "1e-06 and at most 0.01)");
  CHECK(refusal("contexts/stack-size:1") == "--cfg contexts/stack-size:1: '1' is out of range (it must be at least "
                                            "64 and at most 4194304)");
  CHECK(refusal("contexts/nthreads:2") == "--cfg contexts/nthreads:2: '2' is out of range (it must be at least 1 "
                                          "and at most 1)");
  CHECK(refusal("maxmin/concurrency-limit:0") == "--cfg maxmin/concurrency-limit:0: '0' is out of range (it must "
                                                 "be at least 1 and at most 1000000000)");
  CHECK(refusal("maxmin/concurrency-limit:-1") == "accepted");
  CHECK(refusal("network/TCP-gamma:abc") == "--cfg network/TCP-gamma:abc: 'abc' is not a number");
  CHECK(refusal("network/TCP-gamma:1e400") == "--cfg network/TCP-gamma:1e400: '1e400' is out of range");
  CHECK(refusal("network/solver:bmf") == "--cfg network/solver:bmf: 'bmf' is not one of: maxmin fairbottleneck");
  CHECK(refusal("smpi/bw-factor:garbage") == "--cfg smpi/bw-factor:garbage: chunk 'garbage' is not bound:factor");
  CHECK(refusal("smpi/bw-factor:0:0") == "--cfg smpi/bw-factor:0:0: in chunk '0:0', '0' is not a positive factor");
  CHECK(refusal("smpi/lat-factor:0:1;65536:1.5") == "accepted");
}

TEST_CASE("SMPI options without effect on a replay are noted, the MPI layer's applied", "[configuration]")
{
  auto cfg = parse_configuration({"smpi/privatization:yes", "smpi/send-is-detached-thresh:10", "network/crosstraffic:0"});
  REQUIRE(cfg.notes.size() == 1);
  CHECK(cfg.notes[0] == "--cfg smpi/privatization:yes has no effect on the replay of a time-independent trace");
  CHECK(cfg.smpi.detached_send_threshold == 10);
  CHECK(cfg.simgrid == std::vector<std::string>{"network/crosstraffic:0"});
}
