#include "src/cli/platform_engine.hpp"

#include "replay/configuration.hpp"

#include <cstdio>

namespace tireplay {

std::unique_ptr<simgrid::s4u::Engine> engine_with_platform(const std::string& platform,
                                                           const std::vector<std::string>& cfg)
{
  Configuration checked = parse_configuration(cfg);
  for (const auto& note : checked.notes)
    std::fprintf(stderr, "tireplay: note: %s\n", note.c_str());
  auto engine = make_engine(checked);
  load_platform(*engine, platform);
  return engine;
}

} // namespace tireplay
