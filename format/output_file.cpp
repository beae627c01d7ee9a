#include "format/output_file.hpp"

#include "format/interruption.hpp"
#include "format/rank_reader.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace tireplay {

namespace {
bool g_stdout_closed = false;
}

void reopen_closed_standard_files()
{
  for (int fd = 0; fd <= 2; fd++)
    if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
      int opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);  // the lowest free number: `fd`
      if (opened != fd && opened >= 0)
        close(opened);
      if (fd == 1)
        g_stdout_closed = true;
    }
}

bool standard_output_closed() { return g_stdout_closed; }

bool is_standard_output(const std::string& path)
{
  if (path == "-")
    return true;
  if (path.rfind("/dev/", 0) != 0 && path.rfind("/proc/", 0) != 0)
    return false;
  struct stat out {}, named {};
  return fstat(STDOUT_FILENO, &out) == 0 && stat(path.c_str(), &named) == 0 && out.st_dev == named.st_dev &&
         out.st_ino == named.st_ino;
}

namespace {

/// Opens a FIFO for writing once a reader has opened it, for at most 10 s (as a FIFO read: input_file.cpp): opened
/// plainly, a FIFO that nobody reads blocks for ever. Null on a timeout, errno set.
FILE* open_fifo(const std::string& path)
{
  constexpr int kTimeoutMs = 10000, kStepMs = 50;
  for (int waited = 0;; waited += kStepMs) {
    int fd = open(path.c_str(), O_WRONLY | O_NONBLOCK);
    if (fd >= 0) {
      fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);  // then written as a file is
      return fdopen(fd, "w");
    }
    if (errno != ENXIO || waited >= kTimeoutMs)
      return nullptr;
    usleep(kStepMs * 1000);
  }
}

}  // namespace

std::string temporary_name(const std::string& path, const std::string& suffix)
{
  auto slash = path.rfind('/');
  size_t name = slash == std::string::npos ? 0 : slash + 1;
  return path.substr(0, name) + "." + path.substr(name) + ".part" + std::to_string(getpid()) + suffix;
}

OutputFile::OutputFile(std::string path, std::string what) : path_(std::move(path)), what_(std::move(what))
{
  if (path_ == "-") {
    file_ = stdout;
    return;
  }
  struct stat st {};
  bool special = is_standard_output(path_) ||  // /dev/stdout redirected to a file: that file, written directly
                 (stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode));
  if (!special) {
    // A symbolic link is written through: its target is replaced, the link kept.
    std::error_code ec;
    std::string target = std::filesystem::is_symlink(path_, ec) ? std::filesystem::canonical(path_, ec).string() : "";
    const std::string& real = !ec && !target.empty() ? target : path_;
    temp_   = temporary_name(real);
    target_ = real;
    set_interruption_output(temp_.c_str());
  }
  bool fifo = special && S_ISFIFO(st.st_mode);
  file_     = fifo ? open_fifo(path_) : std::fopen(temp_.empty() ? path_.c_str() : temp_.c_str(), "w");
  if (file_ == nullptr) {
    int error = errno;
    set_interruption_output("");
    if (fifo && error == ENXIO)
      throw InputError(path_ + ": nobody read the FIFO in 10 s (" + what_ + ")");
    throw InputError(path_ + ": cannot write " + what_ + ": " + std::strerror(error));
  }
}

OutputFile::~OutputFile()
{
  if (file_ != nullptr && file_ != stdout) {
    std::fclose(file_);
    if (!temp_.empty())
      std::remove(temp_.c_str());
  }
  if (!temp_.empty())
    set_interruption_output("");
}

void OutputFile::commit()
{
  FILE* file = file_;
  file_      = nullptr;
  bool failed = std::ferror(file) != 0;
  failed |= file == stdout ? std::fflush(file) != 0 : std::fclose(file) != 0;
  int error = errno;
  if (!failed && !temp_.empty() && std::rename(temp_.c_str(), target_.c_str()) != 0) {
    failed = true;
    error  = errno;
  }
  if (failed) {
    if (!temp_.empty())
      std::remove(temp_.c_str());
    throw InputError(path_ + ": cannot write " + what_ + ": " + std::strerror(error));
  }
}

} // namespace tireplay
