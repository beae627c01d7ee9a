#include "src/cli/platform_engine.hpp"

#include "src/trace/rank_reader.hpp"

namespace tireplay {

std::unique_ptr<simgrid::s4u::Engine> engine_with_platform(const std::string& platform,
                                                           const std::vector<std::string>& cfg)
{
  std::vector<std::string> args{"tireplay", "--cfg=network/model:SMPI", "--log=root.thres:warning",
                                "--log=xbt_cfg.thres:warning"};
  for (const auto& kv : cfg)
    args.push_back("--cfg=" + kv);
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  int argc    = static_cast<int>(argv.size());
  auto engine = std::make_unique<simgrid::s4u::Engine>(&argc, argv.data());
  try {
    engine->load_platform(platform);
  } catch (const std::exception& e) {
    throw InputError(platform + ": " + e.what());
  }
  return engine;
}

} // namespace tireplay
