#include "src/cli/commands.hpp"

#include "format/input_file.hpp"
#include "format/rank_reader.hpp"

#include <simgrid/config.h>
#include <simgrid/version.h>

#include <iostream>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sys/resource.h>
#include <cstring>
#include <new>
#include <utility>
#include <vector>
#include <string>

namespace tireplay {

const std::vector<Command>& commands()
{
  static const std::vector<Command> table{
      {"replay", "replay a time-independent trace on a SimGrid platform and predict its time", replay_command},
      {"algorithms", "list the collective algorithms, by operation", algorithms_command},
      {"actions", "print a trace's actions as the replay reads them (sizes in bytes), to compare traces", actions_command},
      {"pack", "write a trace in the packed form (one binary file, read faster)", pack_command},
      {"unpack", "write a trace (a packed one) as text", unpack_command},
      {"predict", "predict each algorithm's time for one collective call, from the models", predict_command},
      {"check", "replay a trace and compare its prediction with a baseline: exit 1 on a regression", check_command},
      {"topology", "group a platform's hosts into logical clusters (Lowekamp) and print their latencies", topology_command},
      {"sweep", "replay a trace over the product of platform, deployment and algorithm variations, in parallel", sweep_command},
      {"calibrate", "fit a platform's flop rate, latency, bandwidth, SMPI factors, contention to measurements",
       calibrate_command},
  };
  return table;
}

double size_in_bytes(const std::string& text)
{
  static const std::pair<const char*, double> units[] = {{"", 1},     {"B", 1},          {"k", 1e3},   {"kB", 1e3},
                                                         {"KiB", 1024}, {"M", 1e6},      {"MB", 1e6},  {"MiB", 1048576},
                                                         {"G", 1e9},  {"GB", 1e9},       {"GiB", 1073741824}};
  size_t end   = 0;
  double value = 0;
  try {
    value = std::stod(text, &end);
  } catch (const std::exception&) {
    return std::nan("");
  }
  for (const auto& [suffix, factor] : units)
    if (text.compare(end, std::string::npos, suffix) == 0)
      return value * factor;
  return std::nan("");
}

uint64_t whole_bytes_option(const std::string& option, const std::string& text, uint64_t min, uint64_t max)
{
  const double bytes = size_in_bytes(text);
  if (bytes < 0 && bytes == std::floor(bytes) && std::isfinite(bytes))  // -1: a number, out of range
    throw boost::program_options::error("--" + option + ": " + text + " is out of range (" + std::to_string(min) +
                                        " to " + std::to_string(max) + " bytes)");
  if (!(bytes >= 0) || bytes != std::floor(bytes) || !std::isfinite(bytes))
    throw boost::program_options::error("--" + option + ": '" + text + "' is not a whole number of bytes (e.g. 8192, "
                                        "64k, 1MiB)");
  if (bytes < static_cast<double>(min) || bytes > static_cast<double>(max))
    throw boost::program_options::error("--" + option + ": " + text + " is out of range (" + std::to_string(min) +
                                        " to " + std::to_string(max) + " bytes)");
  return static_cast<uint64_t>(bytes);
}

bool parse_options(int argc, char** argv, const boost::program_options::options_description& desc,
                   const boost::program_options::positional_options_description* positional,
                   std::vector<boost::program_options::option>* parsed_out)
{
  namespace po = boost::program_options;
  po::variables_map vm;
  // Without a positional description, a word that is no option's value is an error, not silently dropped
  // (`replay ... --gantt a.svg b.png`); `--` ends the options, and what follows it is refused too.
  std::vector<std::string> words;  // a lone `--` is kept for compatibility: the options after it are ours too
  for (int i = 1; i < argc; i++) {
    // Boost's error messages substitute %option%-like placeholders again and again: a word holding one made the
    // message never end (found by tests/fuzz's options target: `--%canonical_option%`).
    for (const char* placeholder : {"%canonical_option%", "%option%", "%value%", "%prefix%", "%original_token%"})
      if (std::strstr(argv[i], placeholder) != nullptr)
        throw po::error(std::string("'") + argv[i] + "': " + placeholder + " cannot appear in an argument");
    if (std::strcmp(argv[i], "--") != 0)
      words.emplace_back(argv[i]);
  }
  // smpirun's spellings (-platform, -hostfile or -machinefile, -np, -replay TRACE) where the command has the option;
  // its -map (print where each rank runs) asks for what the summary's table shows anyway
  for (auto& word : words)
    for (auto [smpirun, ours] : {std::pair{"-platform", "platform"}, {"-hostfile", "hostfile"},
                                 {"-machinefile", "hostfile"}, {"-np", "np"}, {"-replay", "trace"}})
      if (word == smpirun && desc.find_nothrow(ours, false) != nullptr)
        word = std::string("--") + ours;
  if (desc.find_nothrow("hostfile", false) != nullptr)
    words.erase(std::remove(words.begin(), words.end(), "-map"), words.end());
  auto parser = po::command_line_parser(words).options(desc);
  if (positional != nullptr)
    parser.positional(*positional);
  auto parsed = parser.run();
  for (const auto& o : parsed.options)
    if (positional == nullptr && o.position_key >= 0 && !o.value.empty())
      throw po::error("unexpected argument '" + o.value.front() + "' (no option takes it: values follow their "
                      "option, as in --gantt FILE)");
  po::store(parsed, vm);
  if (parsed_out != nullptr)
    *parsed_out = parsed.options;
  if (vm.count("help")) {
    std::cout << desc << "\n";
    return false;
  }
  po::notify(vm);
  return true;
}

int guarded(const std::string& command, const std::function<int()>& body)
{
  try {
    return body();
  } catch (const boost::program_options::error& e) {
    std::fprintf(stderr, "tireplay %s: %s\n(see tireplay %s --help)\n", command.c_str(),
                 with_pipe_names(e.what()).c_str(), command.c_str());
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", with_pipe_names(e.what()).c_str());
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "tireplay %s: %s\n", command.c_str(), with_pipe_names(e.what()).c_str());
  } catch (const std::bad_alloc&) {
    rlimit limit{};
    bool limited = getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY;
    std::fprintf(stderr, "tireplay %s: out of memory: the input asks for more than %s (a line of millions of fields, "
                         "millions of ranks or hosts?)\n", command.c_str(),
                 limited ? ("this process's address-space limit allows (ulimit -v: " +
                            std::to_string(limit.rlim_cur / 1024) + " KiB)").c_str()
                         : "this machine has");
  } catch (const std::exception& e) {  // a check missing somewhere: still a message and exit 2, not an abort
    std::fprintf(stderr, "tireplay %s: %s (an input tireplay does not check yet: please report it)\n",
                 command.c_str(), e.what());
  }
  return kExitBadInput;
}

namespace {
void usage(FILE* out)
{
  std::fprintf(out, "usage: tireplay <command> [options]   (tireplay <command> --help for its options)\n\ncommands:\n");
  for (const auto& c : commands())
    std::fprintf(out, "  %-12.*s %.*s\n", static_cast<int>(c.name.size()), c.name.data(),
                 static_cast<int>(c.summary.size()), c.summary.data());
}
} // namespace

int run_cli(int argc, char** argv)
{
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 ||
      (std::strcmp(argv[1], "help") == 0 && argc == 2)) {
    usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? kExitBadInput : kExitOk;
  }
  if (std::strcmp(argv[1], "--version") == 0 || std::strcmp(argv[1], "version") == 0) {
    std::printf("tireplay %s (SimGrid %d.%d.%d)\n", TIREPLAY_VERSION, SIMGRID_VERSION_MAJOR, SIMGRID_VERSION_MINOR,
                SIMGRID_VERSION_PATCH);
    return kExitOk;
  }
  if (std::strcmp(argv[1], "help") == 0) {  // tireplay help COMMAND: its --help
    char help[] = "--help";
    char* args[] = {argv[2], help, nullptr};
    for (const auto& c : commands())
      if (c.name == argv[2])
        return c.run(2, args);
    std::fprintf(stderr, "tireplay: unknown command '%s'\n", argv[2]);
    usage(stderr);
    return kExitBadInput;
  }
  for (const auto& c : commands())
    if (c.name == argv[1])
      return c.run(argc - 1, argv + 1);
  if (argv[1][0] == '-') {  // options without a command (smpirun's habit: tireplay -platform P -replay T): replay
    std::vector<char*> args{const_cast<char*>("replay")};
    args.insert(args.end(), argv + 1, argv + argc);
    args.push_back(nullptr);
    for (const auto& c : commands())
      if (c.name == "replay")
        return c.run(argc, args.data());
  }
  std::fprintf(stderr, "tireplay: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return kExitBadInput;
}

} // namespace tireplay
