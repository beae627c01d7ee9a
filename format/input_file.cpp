#include "format/input_file.hpp"

#include "format/output_file.hpp"
#include "format/rank_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace tireplay {

void check_input_file(const std::string& path, const std::string& role)
{
  if (path.empty())
    throw InputError("an empty file name was given for the " + role);
  if (path == "-")
    throw InputError("-: the " + role + " is not read from standard input: give its file (a pipe as <(command) or "
                     "/dev/stdin)");
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

void check_byte_order_mark(const std::string& path, uint64_t number, const std::string& line)
{
  if (line.rfind("\xEF\xBB\xBF", 0) == 0)
    throw InputError(path + ":" + std::to_string(number) + ": the file starts with a UTF-8 byte-order mark: remove it "
                     "(sed -i '1s/^\\xEF\\xBB\\xBF//' " + path + ")");
}

namespace {
std::vector<std::pair<std::string, std::string>>& pipe_copies()  // (copy, the pipe it holds)
{
  static std::vector<std::pair<std::string, std::string>> copies;
  return copies;
}
void remove_pipe_copies()
{
  for (const auto& copy : pipe_copies())
    std::remove(copy.first.c_str());
}
} // namespace

std::string absolute_path(const std::string& path)
{
  std::error_code ec;
  auto a = std::filesystem::absolute(path, ec);
  return ec ? path : a.lexically_normal().string();
}

std::string with_pipe_names(std::string message)
{
  for (const auto& [copy, pipe] : pipe_copies())
    for (size_t at = message.find(copy); at != std::string::npos; at = message.find(copy, at + pipe.size()))
      message.replace(at, copy.size(), pipe);
  return message;
}

bool is_pipe(const std::string& path)
{
  struct stat st {};
  return !path.empty() && stat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

std::string pipe_to_file(const std::string& path, const std::string& role)
{
  if (!is_pipe(path))
    return path;
  constexpr int kTimeoutMs          = 10000;
  constexpr size_t kLargest         = size_t{64} << 20;
  int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK);  // a FIFO without a writer would block open()
  if (fd < 0)
    throw InputError(path + ": cannot be read (" + std::strerror(errno) + ")");
  std::string text;
  char buffer[65536];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    int ready = poll(&p, 1, kTimeoutMs);
    if (ready == 0) {
      close(fd);
      throw InputError(path + ": nothing written to the FIFO in " + std::to_string(kTimeoutMs / 1000) + " s (the " +
                       role + ")");
    }
    if (ready < 0 && errno == EINTR)
      continue;
    ssize_t n = ready < 0 ? -1 : read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EAGAIN)
      continue;
    if (n < 0) {
      int error = errno;
      close(fd);
      throw InputError(path + ": cannot be read (" + std::strerror(error) + ")");
    }
    if (n == 0)
      break;
    text.append(buffer, static_cast<size_t>(n));
    if (text.size() > kLargest) {
      close(fd);
      throw InputError(path + ": more than 64 MiB from the pipe (the " + role + "): give it as a file");
    }
  }
  close(fd);
  const char* tmp = std::getenv("TMPDIR");
  std::string copy = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/tireplay-pipe.XXXXXX";
  int out = mkstemp(copy.data());
  if (out < 0)
    throw InputError(path + ": cannot copy the " + role + " from the pipe into " + copy + ": " + std::strerror(errno));
  if (pipe_copies().empty())
    std::atexit(remove_pipe_copies);
  pipe_copies().emplace_back(copy, path);
  bool written = write(out, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  if (close(out) != 0 || !written)
    throw InputError(path + ": cannot copy the " + role + " from the pipe into " + copy + ": " + std::strerror(errno));
  return copy;
}

void check_output_path(const std::string& path, const std::string& option, const std::vector<std::string>& inputs,
                       bool directory)
{
  namespace fs = std::filesystem;
  if (is_standard_output(path)) {
    if (standard_output_closed())
      throw InputError(option + " -: standard output is closed");
    if (directory)
      throw InputError(option + " -: standard output cannot hold a directory (give a directory's path)");
    return;
  }
  std::error_code ec;
  struct stat st {};
  if (!directory && stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
    return;  // a device or FIFO (/dev/stdout, /dev/null): written as it is
  fs::path out = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec || path.empty())
    throw InputError(option + " '" + path + "': not a usable path");
  if (!directory && fs::is_directory(out, ec))
    throw InputError(option + " " + path + ": is a directory");
  if (directory && fs::exists(out, ec) && !fs::is_directory(out, ec))
    throw InputError(option + " " + path + ": is a file, not a directory");
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
