#include "src/trace/input_file.hpp"

#include "src/trace/rank_reader.hpp"

#include <cerrno>
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

} // namespace tireplay
