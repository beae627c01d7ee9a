#include "src/trace/input_file.hpp"

#include "src/trace/rank_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace tireplay {

void check_input_file(const std::string& path, const std::string& role)
{
  if (path.empty())
    throw InputError("an empty file name was given for the " + role);
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT)
      throw InputError(path + ": no such file (the " + role + ")");
    throw InputError(path + ": cannot be read (" + std::strerror(errno) + ")");
  }
  if (S_ISDIR(st.st_mode))
    throw InputError(path + ": is a directory, not the " + role);
  if (!S_ISREG(st.st_mode))
    throw InputError(path + ": is not a regular file (a FIFO, device or socket cannot be the " + role + ")");
  if (access(path.c_str(), R_OK) != 0)
    throw InputError(path + ": cannot be read (" + std::strerror(errno) + ")");
}

void check_output_path(const std::string& path, const std::string& option, const std::vector<std::string>& inputs,
                       bool directory)
{
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path out = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec || path.empty())
    throw InputError(option + " '" + path + "': not a usable path");
  if (!directory && fs::is_directory(out, ec))
    throw InputError(option + " " + path + ": is a directory");
  fs::path parent = out.parent_path();
  if (!fs::is_directory(parent, ec))
    throw InputError(option + " " + path + ": directory " + parent.string() + " does not exist");
  if (access(parent.c_str(), W_OK) != 0 && !fs::exists(out, ec))
    throw InputError(option + " " + path + ": directory " + parent.string() + " is not writable");
  for (const auto& input : inputs) {
    if (input.empty())
      continue;
    fs::path in = fs::weakly_canonical(fs::absolute(input, ec), ec);
    if (ec)
      continue;
    bool same   = in == out || (fs::exists(out, ec) && fs::equivalent(in, out, ec));
    bool inside = directory && std::mismatch(out.begin(), out.end(), in.begin(), in.end()).first == out.end();
    if (same || inside)
      throw InputError(option + " " + path + ": " + (same ? "is" : "holds") + " the input " + input +
                       ": refusing to overwrite an input");
  }
}

} // namespace tireplay
