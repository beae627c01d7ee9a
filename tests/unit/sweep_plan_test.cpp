// Unit tests of src/sweep (variations, the plan's product) and replay/platform_changes (parsing only).
#include "replay/platform_changes.hpp"
#include "src/sweep/plan.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>

using namespace tireplay;

namespace {

bool has_pair(const std::vector<std::string>& args, const std::string& option, const std::string& value)
{
  for (size_t i = 0; i + 1 < args.size(); i++)
    if (args[i] == option && args[i + 1] == value)
      return true;
  return false;
}

} // namespace

TEST_CASE("platform changes (--scale, --set) parse factors and values with SimGrid units", "[sweep]")
{
  PlatformChange c = parse_platform_change("link.bw@rennes=0.5x", true, "--scale");
  CHECK(c.quantity == PlatformQuantity::LinkBandwidth);
  CHECK(c.zone == "rennes");
  CHECK(c.is_factor);
  CHECK(c.value == 0.5);
  c = parse_platform_change("lat=10us", false, "--set");
  CHECK(c.quantity == PlatformQuantity::LinkLatency);
  CHECK(c.zone.empty());
  CHECK(c.value == Approx(1e-5).epsilon(1e-12));
  CHECK(parse_platform_change("speed=2Gf", false, "--set").value == 2e9);
  CHECK(parse_platform_change("link.bw=1GBps", false, "--set").value == 1e9);
  CHECK(parse_platform_change("lat=0", true, "--scale").value == 0);  // no latency at all is a valid what-if
  CHECK_THROWS_WITH(parse_platform_change("bw=-2x", true, "--scale"),
                    "--scale 'bw=-2x': '-2x' is not a positive factor (write 2 or 2x)");
  CHECK_THROWS_WITH(parse_platform_change("host.bw=2", true, "--scale"),
                    "--scale 'host.bw=2': expected QUANTITY[@ZONE]=FACTOR with QUANTITY one of link.bw (bw), "
                    "link.lat (lat), host.speed (speed), host.quota (quota)");
  CHECK(parse_platform_change("host.quota@node-1=50%", false, "--set").value == 0.5);  // a share, no unit
  CHECK(parse_platform_change("quota=0.25", false, "--set").value == 0.25);
  CHECK_THROWS_WITH(parse_platform_change("quota=2", false, "--set"),
                    "--set 'quota=2': '2' is not a share of the core from 0.001 to 1 (0.5 or 50%)");
  CHECK_THROWS_WITH(parse_platform_change("speed=2GBps", false, "--set"),
                    "--set 'speed=2GBps': cannot read '2GBps' as a host.speed with its unit (e.g. 2Gf)");
}

TEST_CASE("a variation's values become replay options", "[sweep]")
{
  std::vector<Variation> v{parse_variation("bw@za=2x,1GBps"), parse_variation("ranks-per-node=1,4")};
  CHECK(v[0].kind == VariationKind::Platform);
  CHECK(v[1].kind == VariationKind::RanksPerNode);
  CHECK(variation_arguments(v, {0, 1}) ==
        std::vector<std::string>{"--scale", "bw@za=2", "--ranks-per-node", "4"});
  CHECK(variation_arguments(v, {1, 0}) ==
        std::vector<std::string>{"--set", "bw@za=1GBps", "--ranks-per-node", "1"});
}

TEST_CASE("collective variations combine: only the `model` operations are left to the models", "[sweep]")
{
  std::vector<Variation> v{parse_variation("bcast=model,chain"), parse_variation("reduce=binomial,model")};
  CHECK(v[0].kind == VariationKind::Collective);
  auto fixed = variation_arguments(v, {1, 0});  // bcast=chain reduce=binomial
  CHECK(fixed == std::vector<std::string>{"--coll", "bcast=chain", "--coll", "reduce=binomial", "--select", "fixed"});
  auto mixed = variation_arguments(v, {0, 0});  // bcast=model reduce=binomial
  CHECK(has_pair(mixed, "--select", "model"));
  CHECK(has_pair(mixed, "--coll", "reduce=binomial"));
  CHECK(has_pair(mixed, "--coll", "barrier=linear"));  // SMPI's default, not the models' choice
  CHECK(std::none_of(mixed.begin(), mixed.end(), [](const std::string& a) { return a.rfind("bcast=", 0) == 0; }));
  auto both = variation_arguments(v, {0, 1});
  CHECK(std::none_of(both.begin(), both.end(), [](const std::string& a) { return a.rfind("reduce=", 0) == 0; }));
}

TEST_CASE("the plan is the product, the last variation changing fastest", "[sweep]")
{
  std::vector<Variation> v{parse_variation("bw=0.5x,1x,2x"), parse_variation("bcast=chain,model")};
  SweepPlan plan = make_plan("study", v, {"--trace", "t.txt", "--platform", "p.xml"});
  REQUIRE(plan.runs.size() == 6);
  CHECK(plan.runs[0].id == "000");
  CHECK(plan.runs[1].values == std::vector<std::string>{"0.5x", "model"});
  CHECK(plan.runs[2].values == std::vector<std::string>{"1x", "chain"});
  CHECK(plan.runs[5].values == std::vector<std::string>{"2x", "model"});
  const auto& args = plan.runs[2].args;
  CHECK(args.front() == "replay");
  CHECK(has_pair(args, "--trace", "t.txt"));
  CHECK(has_pair(args, "--scale", "bw=1"));
  CHECK(has_pair(args, "--json", "study/runs/002.json"));
  CHECK(args.back() == "-q");
  CHECK(run_command_line("/bin/tireplay", plan, plan.runs[2]).find(" 2> study/runs/002.err") != std::string::npos);
  CHECK_THROWS_WITH(make_plan("s", v, {"--select", "smpi"}),
                    "'--select': the sweep sets --select of each run itself");
}
