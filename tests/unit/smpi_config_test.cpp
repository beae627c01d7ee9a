// Unit tests of replay/smpi_config: the piecewise overheads and the smpi/ options.
#include "replay/smpi_config.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace tireplay;
using Catch::Matchers::Contains;

TEST_CASE("an empty or all-zero overhead is zero", "[smpi]")
{
  PiecewiseOverhead none;
  CHECK(none.is_zero());
  CHECK(none.at(0) == 0);
  CHECK(none.at(1000000) == 0);
  PiecewiseOverhead zero("0:0:0:0:0");  // SimGrid's default value
  CHECK(zero.is_zero());
  CHECK(zero.at(12345) == 0);
  CHECK(PiecewiseOverhead("").is_zero());
}

TEST_CASE("piecewise overhead as SMPI's Host::osend evaluates it", "[smpi]")
{
  // SMPI (smpi_host.cpp): segments sorted by bound; current = base0 + per_byte0 * size; for each segment in order:
  // if size <= bound return current, else current = base + per_byte * size. After the last, return current.
  // "1:3:2;10:5:1" = {bound 1: 3 + 2 s}, {bound 10: 5 + 1 s}:
  //   size 0:   0 <= 1                                   -> 3 + 2*0   = 3
  //   size 1:   1 <= 1                                   -> 3 + 2*1   = 5
  //   size 2:   2 > 1, current = 3 + 4 = 7;  2 <= 10     -> 7
  //   size 10:  10 > 1, current = 3 + 20 = 23; 10 <= 10  -> 23
  //   size 11:  11 > 1; 11 > 10, current = 5 + 11 = 16   -> 16
  //   size 100: 100 > 1; 100 > 10, current = 5 + 100    -> 105
  // So a segment's values apply to sizes ABOVE its bound (and the first one also to sizes up to its bound).
  for (const char* spec : {"1:3:2;10:5:1", "10:5:1;1:3:2", "1:3:2;;10:5:1;"}) {
    INFO(spec);
    PiecewiseOverhead o(spec);
    CHECK_FALSE(o.is_zero());
    CHECK(o.at(0) == 3);
    CHECK(o.at(1) == 5);
    CHECK(o.at(2) == 7);
    CHECK(o.at(10) == 23);
    CHECK(o.at(11) == 16);
    CHECK(o.at(100) == 105);
  }
  PiecewiseOverhead constant("100:2e-6");  // no per-byte value: 0
  CHECK(constant.at(0) == 2e-6);
  CHECK(constant.at(1000) == 2e-6);
  PiecewiseOverhead extra("0:1:0.5:7:7");  // values after the second are ignored, as SMPI does
  CHECK(extra.at(0) == 1);
  CHECK(extra.at(4) == 3);
}

TEST_CASE("bad overhead specifications name the option", "[smpi][errors]")
{
  const std::string time = " is not a non-negative time (a number, optionally with a unit: ps ns us ms s m h d w)";
  CHECK_THROWS_AS(PiecewiseOverhead("abc", "smpi/os"), std::invalid_argument);
  CHECK_THROWS_WITH(PiecewiseOverhead("abc", "smpi/os"), "--cfg smpi/os: chunk 'abc' is not bound:base[:per_byte]");
  CHECK_THROWS_WITH(PiecewiseOverhead("1:1;5", "smpi/or"), "--cfg smpi/or: chunk '5' is not bound:base[:per_byte]");
  CHECK_THROWS_WITH(PiecewiseOverhead("x:1", "smpi/ois"), "--cfg smpi/ois: 'x' is not a non-negative integer");
  CHECK_THROWS_WITH(PiecewiseOverhead("1.5:1", "smpi/os"), "--cfg smpi/os: '1.5' is not a non-negative integer");
  CHECK_THROWS_WITH(PiecewiseOverhead("-1:1", "smpi/os"), "--cfg smpi/os: '-1' is not a non-negative integer");
  CHECK_THROWS_WITH(PiecewiseOverhead("1:y", "smpi/os"), "--cfg smpi/os: 'y'" + time);
  CHECK_THROWS_WITH(PiecewiseOverhead("1:1:2z", "smpi/os"), "--cfg smpi/os: '2z'" + time);
  CHECK_THROWS_WITH(PiecewiseOverhead("1:nan", "smpi/os"), "--cfg smpi/os: 'nan'" + time);
  CHECK_THROWS_WITH(PiecewiseOverhead("1:-3", "smpi/os"), "--cfg smpi/os: '-3'" + time);
  CHECK_THROWS_WITH(PiecewiseOverhead("1:1:inf", "smpi/os"), "--cfg smpi/os: 'inf'" + time);
  // without an option name the messages say "overhead"
  CHECK_THROWS_WITH(PiecewiseOverhead("abc"), "--cfg overhead: chunk 'abc' is not bound:base[:per_byte]");
  CHECK_THROWS_WITH(PiecewiseOverhead("1:y"), "--cfg overhead: 'y'" + time);
}

TEST_CASE("overhead values accept SimGrid's time units", "[smpi]")
{
  PiecewiseOverhead o("0:2us:1ns", "smpi/os");
  CHECK_FALSE(o.is_zero());
  CHECK(o.at(0) == Approx(2e-6));
  CHECK(o.at(1000) == Approx(2e-6 + 1e-6));
  PiecewiseOverhead mixed("10:1ms;0:3:0", "smpi/or");  // units and plain seconds, in any order
  CHECK(mixed.at(5) == 3);
  CHECK(mixed.at(11) == Approx(1e-3));
  CHECK(PiecewiseOverhead("0:0s:0ns", "smpi/os").is_zero());
}

TEST_CASE("parse_seconds: a non-negative number with an optional SimGrid time unit", "[smpi]")
{
  const std::vector<std::pair<const char*, double>> ok{
      {"0", 0},        {"3", 3},         {"2.5", 2.5},      {"1e-6", 1e-6}, {"1e-6s", 1e-6}, {"5ps", 5e-12},
      {"7ns", 7e-9},   {"2us", 2e-6},    {"1.5ms", 1.5e-3}, {"4s", 4},      {"1m", 60},      {"2h", 7200},
      {"1d", 86400},   {"1w", 604800},   {"0.5m", 30},      {"0us", 0}};
  for (const auto& [text, seconds] : ok) {
    INFO(text);
    CHECK(parse_seconds("smpi/test", text) == Approx(seconds).margin(1e-15));
  }
  const std::string time = " is not a non-negative time (a number, optionally with a unit: ps ns us ms s m h d w)";
  for (const char* bad : {"", "s", "fast", "1x", "1 s", "1s ", "1sec", "1S", "1us2", "-1", "-1s", "nan", "inf", "-inf",
                          "infs", "1e400"}) {
    INFO("'" << bad << "'");
    CHECK_THROWS_AS(parse_seconds("smpi/init", bad), std::invalid_argument);
    CHECK_THROWS_WITH(parse_seconds("smpi/init", bad), "--cfg smpi/init: '" + std::string(bad) + "'" + time);
  }
}

TEST_CASE("SmpiConfig defaults are SimGrid 3.32's", "[smpi]")
{
  SmpiConfig c;
  CHECK(c.detached_send_threshold == 65536);
  CHECK(c.async_small_threshold == 0);
  CHECK(c.test_sleep == 1e-4);
  CHECK(c.grow_injected_times);
  CHECK(c.simulate_computation);
  CHECK_FALSE(c.finalization_barrier);
  CHECK(c.init_sleep == 0);
  CHECK(c.send_overhead == "0:0:0:0:0");
  CHECK(c.isend_overhead == "0:0:0:0:0");
  CHECK(c.receive_overhead == "0:0:0:0:0");
}

TEST_CASE("SmpiConfig::apply sets each option", "[smpi]")
{
  SmpiConfig c;
  CHECK(c.apply("smpi/send-is-detached-thresh", "1000"));
  CHECK(c.detached_send_threshold == 1000);
  CHECK(c.apply("smpi/send-is-detached-thresh", "2147483647"));
  CHECK(c.detached_send_threshold == 2147483647);
  CHECK(c.apply("smpi/send-is-detached-thresh", "0"));
  CHECK(c.detached_send_threshold == 0);
  CHECK(c.apply("smpi/async-small-thresh", "512"));
  CHECK(c.async_small_threshold == 512);
  CHECK(c.apply("smpi/test", "2e-4"));
  CHECK(c.test_sleep == 2e-4);
  CHECK(c.apply("smpi/test", "3us"));
  CHECK(c.test_sleep == Approx(3e-6));
  CHECK(c.apply("smpi/init", "0.5"));
  CHECK(c.init_sleep == 0.5);
  CHECK(c.apply("smpi/init", "1s"));
  CHECK(c.init_sleep == 1);
  CHECK(c.apply("smpi/init", "2ms"));
  CHECK(c.init_sleep == Approx(2e-3));
  CHECK(c.apply("smpi/os", "1:3:2;10:5:1"));
  CHECK(c.send_overhead == "1:3:2;10:5:1");
  CHECK(c.apply("smpi/ois", "0:1e-6:1e-9"));
  CHECK(c.isend_overhead == "0:1e-6:1e-9");
  CHECK(c.apply("smpi/or", "0:2e-6"));
  CHECK(c.receive_overhead == "0:2e-6");
  CHECK(c.apply("smpi/or", "0:2us:1ns"));  // stored as given
  CHECK(c.receive_overhead == "0:2us:1ns");
  for (const char* yes : {"yes", "true", "on", "1"}) {
    CHECK(c.apply("smpi/finalization-barrier", yes));
    CHECK(c.finalization_barrier);
  }
  for (const char* no : {"no", "false", "off", "0"}) {
    CHECK(c.apply("smpi/grow-injected-times", no));
    CHECK_FALSE(c.grow_injected_times);
    CHECK(c.apply("smpi/simulate-computation", no));
    CHECK_FALSE(c.simulate_computation);
  }
}

TEST_CASE("SmpiConfig::apply rejects bad values", "[smpi][errors]")
{
  const std::string time = " is not a non-negative time (a number, optionally with a unit: ps ns us ms s m h d w)";
  SmpiConfig c;
  for (const char* bad : {"abc", "1.5", "10k", "", "1e5", "-1", "2147483648"}) {
    INFO("'" << bad << "'");
    CHECK_THROWS_WITH(c.apply("smpi/send-is-detached-thresh", bad),
                      "--cfg smpi/send-is-detached-thresh: '" + std::string(bad) + "' is not a non-negative integer");
  }
  CHECK_THROWS_WITH(c.apply("smpi/async-small-thresh", "x"),
                    "--cfg smpi/async-small-thresh: 'x' is not a non-negative integer");
  CHECK_THROWS_WITH(c.apply("smpi/async-small-thresh", "-5"),
                    "--cfg smpi/async-small-thresh: '-5' is not a non-negative integer");
  CHECK_THROWS_WITH(c.apply("smpi/test", "fast"), "--cfg smpi/test: 'fast'" + time);
  CHECK_THROWS_WITH(c.apply("smpi/test", "nan"), "--cfg smpi/test: 'nan'" + time);
  CHECK_THROWS_WITH(c.apply("smpi/test", "-1"), "--cfg smpi/test: '-1'" + time);
  CHECK_THROWS_WITH(c.apply("smpi/init", "inf"), "--cfg smpi/init: 'inf'" + time);
  CHECK_THROWS_WITH(c.apply("smpi/init", "1sec"), "--cfg smpi/init: '1sec'" + time);
  CHECK_THROWS_WITH(c.apply("smpi/grow-injected-times", "maybe"),
                    "--cfg smpi/grow-injected-times: 'maybe' is not a boolean (yes/no)");
  CHECK_THROWS_WITH(c.apply("smpi/simulate-computation", "YES"),
                    "--cfg smpi/simulate-computation: 'YES' is not a boolean (yes/no)");
  CHECK_THROWS_WITH(c.apply("smpi/finalization-barrier", ""),
                    "--cfg smpi/finalization-barrier: '' is not a boolean (yes/no)");
  CHECK_THROWS_WITH(c.apply("smpi/os", "abc"), "--cfg smpi/os: chunk 'abc' is not bound:base[:per_byte]");
  CHECK_THROWS_WITH(c.apply("smpi/os", "x:1"), "--cfg smpi/os: 'x' is not a non-negative integer");
  CHECK_THROWS_WITH(c.apply("smpi/ois", "1:x"), "--cfg smpi/ois: 'x'" + time);
  CHECK_THROWS_WITH(c.apply("smpi/or", "1"), "--cfg smpi/or: chunk '1' is not bound:base[:per_byte]");
  CHECK_THROWS_WITH(c.apply("smpi/or", "0:1:-2"), "--cfg smpi/or: '-2'" + time);
  // rejected values leave the configuration unchanged
  SmpiConfig d;
  CHECK(c.detached_send_threshold == d.detached_send_threshold);
  CHECK(c.async_small_threshold == d.async_small_threshold);
  CHECK(c.test_sleep == d.test_sleep);
  CHECK(c.init_sleep == d.init_sleep);
  CHECK(c.grow_injected_times == d.grow_injected_times);
  CHECK(c.simulate_computation == d.simulate_computation);
  CHECK(c.finalization_barrier == d.finalization_barrier);
  CHECK(c.send_overhead == d.send_overhead);
  CHECK(c.isend_overhead == d.isend_overhead);
  CHECK(c.receive_overhead == d.receive_overhead);
}

TEST_CASE("a rejected value leaves the previous value in place", "[smpi][errors]")
{
  SmpiConfig c;
  REQUIRE(c.apply("smpi/send-is-detached-thresh", "1000"));
  REQUIRE(c.apply("smpi/async-small-thresh", "100"));
  REQUIRE(c.apply("smpi/test", "2e-4"));
  REQUIRE(c.apply("smpi/os", "0:1e-6"));
  CHECK_THROWS(c.apply("smpi/send-is-detached-thresh", "-1"));
  CHECK_THROWS(c.apply("smpi/async-small-thresh", "1.5"));
  CHECK_THROWS(c.apply("smpi/test", "-1"));
  CHECK_THROWS(c.apply("smpi/os", "0:1e-6;5"));
  CHECK(c.detached_send_threshold == 1000);
  CHECK(c.async_small_threshold == 100);
  CHECK(c.test_sleep == 2e-4);
  CHECK(c.send_overhead == "0:1e-6");
  CHECK_NOTHROW(c.validate());
}

TEST_CASE("validate: async-small-thresh must not exceed send-is-detached-thresh", "[smpi][errors]")
{
  SmpiConfig c;
  CHECK_NOTHROW(c.validate());  // the defaults
  CHECK(c.apply("smpi/async-small-thresh", "65536"));  // equal is allowed
  CHECK_NOTHROW(c.validate());
  CHECK(c.apply("smpi/async-small-thresh", "100000"));  // apply does not cross-check
  CHECK(c.async_small_threshold == 100000);
  CHECK_THROWS_AS(c.validate(), std::invalid_argument);
  CHECK_THROWS_WITH(c.validate(),
                    "smpi/async-small-thresh (100000) must not exceed smpi/send-is-detached-thresh (65536)");
  SmpiConfig d;
  CHECK(d.apply("smpi/async-small-thresh", "100"));
  CHECK(d.apply("smpi/send-is-detached-thresh", "50"));
  CHECK(d.detached_send_threshold == 50);
  CHECK_THROWS_WITH(d.validate(), "smpi/async-small-thresh (100) must not exceed smpi/send-is-detached-thresh (50)");
  CHECK(d.apply("smpi/send-is-detached-thresh", "100"));  // a later option can repair it
  CHECK_NOTHROW(d.validate());
}

TEST_CASE("the two thresholds can be raised in any order", "[smpi]")
{
  // SimGrid checks them once, after all options (its smpi_config.cpp); so does validate(): the order of --cfg
  // does not matter.
  SmpiConfig c;
  CHECK(c.apply("smpi/async-small-thresh", "100000"));
  CHECK(c.apply("smpi/send-is-detached-thresh", "200000"));
  CHECK_NOTHROW(c.validate());
  SmpiConfig e;
  CHECK(e.apply("smpi/send-is-detached-thresh", "200000"));
  CHECK(e.apply("smpi/async-small-thresh", "100000"));
  CHECK_NOTHROW(e.validate());
  CHECK(c.async_small_threshold == e.async_small_threshold);
  CHECK(c.detached_send_threshold == e.detached_send_threshold);
}

TEST_CASE("only the keys of the MPI layer are applied (parse_configuration sorts the others)", "[smpi]")
{
  SmpiConfig c;
  CHECK_FALSE(c.apply("smpi/host-speed", "1Gf"));
  CHECK_FALSE(c.apply("smpi/privatization", "no"));
  CHECK_FALSE(c.apply("smpi/", "x"));
  CHECK_FALSE(c.apply("network/model", "SMPI"));
  CHECK_FALSE(c.apply("surf/precision", "1e-9"));
  CHECK_FALSE(c.apply("smpi", "x"));
  CHECK_FALSE(c.apply("SMPI/test", "1"));
  CHECK_FALSE(c.apply("xsmpi/test", "1"));
  SmpiConfig d;
  CHECK(c.test_sleep == d.test_sleep);
  CHECK(c.detached_send_threshold == d.detached_send_threshold);
}
