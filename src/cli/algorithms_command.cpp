#include "replay/collectives/registry.hpp"
#include "src/cli/commands.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace tireplay {

int algorithms_command(int argc, char** argv)
{
  if (argc > 1 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::printf("usage: tireplay algorithms [OPERATION...]\n\nLists each collective operation's algorithms (or "
                "those of the operations named); `*` marks the one SMPI's default selector uses. Choose one with "
                "`tireplay replay --coll <operation>=<algorithm>`.\n");
    return kExitOk;
  }
  std::vector<std::string> wanted(argv + 1, argv + argc);
  std::string names;
  for (const auto& op : collective_operations())
    names += (names.empty() ? "" : ", ") + std::string(op.name);
  for (const auto& w : wanted) {
    bool known = false;
    for (const auto& op : collective_operations())
      known = known || op.name == w;
    if (!known) {
      std::fprintf(stderr, "tireplay algorithms: unknown operation '%s' (operations: %s)\n", w.c_str(), names.c_str());
      return kExitBadInput;
    }
  }
  for (const auto& op : collective_operations()) {
    if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), op.name) == wanted.end())
      continue;
    std::printf("%.*s\n", static_cast<int>(op.name.size()), op.name.data());
    for (const auto& alg : op.algorithms)
      std::printf("  %c %-20.*s %.*s\n", alg.name == op.smpi_default ? '*' : ' ', static_cast<int>(alg.name.size()),
                  alg.name.data(), static_cast<int>(alg.description.size()), alg.description.data());
  }
  return kExitOk;
}

} // namespace tireplay
