// libFuzzer target for every command's options: random argument lists given to `tireplay` (src/cli), checked up to
// the point where a simulation would start (replay/configuration.hpp: stop_before_simulation), so that one process
// runs millions of them. Every command's option parsing, --cfg checks, file-kind checks, output-path checks, sweep
// plans and calibration tables are reached; a sanitizer report, an uncaught exception or an exit status other than
// 0, 1, 2 or 3 is a bug.
//
// Input: the arguments, separated by '\n' (the first is the command). Runs in the current directory, which
// tests/fuzz/run_fuzzer.sh makes a scratch directory holding a platform, a trace and a hostfile (files.txt).
#include "replay/configuration.hpp"
#include "src/cli/commands.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  std::vector<std::string> words{"tireplay"};
  std::string word;
  for (size_t i = 0; i < size && words.size() < 64; i++) {
    char c = static_cast<char>(data[i]);
    if (c == '\n') {
      words.push_back(word);
      word.clear();
    } else if (c != '\0') {
      word += c;
    }
  }
  words.push_back(word);
  std::vector<char*> argv;
  for (auto& w : words)
    argv.push_back(w.data());
  argv.push_back(nullptr);
  tireplay::stop_before_simulation(true);
  int status = 0;
  try {
    status = tireplay::run_cli(static_cast<int>(words.size()), argv.data());
  } catch (const tireplay::SimulationNotStarted&) {
    return 0;  // every check passed: a simulation would start here
  }
  if (status < 0 || status > 3)
    std::abort();
  return 0;
}
