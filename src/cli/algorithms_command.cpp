#include "replay/collectives/registry.hpp"
#include "src/cli/commands.hpp"

#include <cstdio>
#include <cstring>

namespace tireplay {

int algorithms_command(int argc, char** argv)
{
  if (argc > 1 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::printf("usage: tireplay algorithms\n\nLists each collective operation's algorithms; `*` marks the one "
                "SMPI's default selector uses. Choose one with `tireplay replay --coll <operation>=<algorithm>`.\n");
    return kExitOk;
  }
  if (argc > 1) {
    std::fprintf(stderr, "tireplay algorithms: unexpected argument '%s'\n", argv[1]);
    return kExitBadInput;
  }
  for (const auto& op : collective_operations()) {
    std::printf("%.*s\n", static_cast<int>(op.name.size()), op.name.data());
    for (const auto& alg : op.algorithms)
      std::printf("  %c %-20.*s %.*s\n", alg.name == op.smpi_default ? '*' : ' ', static_cast<int>(alg.name.size()),
                  alg.name.data(), static_cast<int>(alg.description.size()), alg.description.data());
  }
  return kExitOk;
}

} // namespace tireplay
