// The subcommands of `tireplay`, in one table.
#pragma once

#include <boost/program_options.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tireplay {

// Exit statuses.
constexpr int kExitOk       = 0;
constexpr int kExitFailure  = 1;  // internal error; `check`: out of tolerance
constexpr int kExitBadInput = 2;  // the user's input or options are wrong
/// A string option's value that may not be empty (`--json ''` was taken for no --json at all): po::value(&s) with a
/// notifier throwing "--NAME: an empty file name".
inline auto file_option(std::string* target, const char* name)
{
  return boost::program_options::value(target)->notifier([name](const std::string& value) {
    if (value.empty())
      throw boost::program_options::error(std::string("--") + name + ": an empty file name");
  });
}

constexpr int kExitBlocked  = 3;  // the replayed application deadlocks

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(int argc, char** argv);  // argv[0] is the command's name
};

const std::vector<Command>& commands();

int replay_command(int argc, char** argv);
int algorithms_command(int argc, char** argv);
int predict_command(int argc, char** argv);
int actions_command(int argc, char** argv);
int topology_command(int argc, char** argv);
int check_command(int argc, char** argv);
int sweep_command(int argc, char** argv);
int calibrate_command(int argc, char** argv);
int pack_command(int argc, char** argv);
int unpack_command(int argc, char** argv);

/// Parses argv into `desc`'s variables; returns false after printing the help when --help is given. Throws
/// boost::program_options::error.
bool parse_options(int argc, char** argv, const boost::program_options::options_description& desc,
                   const boost::program_options::positional_options_description* positional = nullptr,
                   std::vector<boost::program_options::option>* parsed_out = nullptr);

/// A size as options write it: a number, then optionally B, k, kB, M, MB, G, GB (powers of 1000) or KiB, MiB,
/// GiB (powers of 1024): bytes, or NaN when `text` is not one.
double size_in_bytes(const std::string& text);

/// An option's whole number of bytes (size_in_bytes) from `min` to `max`; a negative value is out of range, never wrapped around.
/// Throws boost::program_options::error naming `--option`.
uint64_t whole_bytes_option(const std::string& option, const std::string& text, uint64_t min, uint64_t max);

/// Runs a command's work and turns bad input into kExitBadInput with its message: an InputError (it names the
/// file), a std::invalid_argument or an option error (prefixed `tireplay COMMAND:`).
int guarded(const std::string& command, const std::function<int()>& body);

/// Dispatches `tireplay <command> ...`.
int run_cli(int argc, char** argv);

} // namespace tireplay
