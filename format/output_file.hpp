// An output file of a command (--json, --paje, --events-csv, --explain, a sweep's tables): "-" is standard output;
// a regular file is written under a temporary name beside it and renamed when complete, so that an interrupted or
// failed write never leaves a partial file under the name the user gave (a file already there stays as it was);
// a path that exists and is neither (a device or FIFO: /dev/stdout, /dev/null) is written directly.
#pragma once

#include <cstdio>
#include <string>

namespace tireplay {

class OutputFile {
public:
  /// Opens it; `what` names the output in errors ("the JSON summary"). Throws InputError.
  OutputFile(std::string path, std::string what);
  OutputFile(const OutputFile&)            = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  /// Not committed (an error on the way): the temporary file is removed.
  ~OutputFile();

  FILE* get() const { return file_; }
  /// Flushed, checked (a full disk shows here), closed and renamed to its name. Throws InputError.
  void commit();

private:
  std::string path_, what_, temp_;  // temp_ empty: written directly
  std::string target_;              // what temp_ becomes: path_, or the file its symbolic link names
  FILE* file_ = nullptr;
};

/// The name an output is written under before it is renamed to `path`: `.NAME.partPID` beside it, `suffix` after.
std::string temporary_name(const std::string& path, const std::string& suffix = "");

/// Whether `path` means standard output: "-", or the file standard output is (/dev/stdout, /proc/self/fd/1).
bool is_standard_output(const std::string& path);

/// At start: standard input, output or error closed by who started the program (`>&-`) are opened on /dev/null, so
/// that no file the program opens takes their number (a JSON summary to `-` went into the next file opened). `-` as an
/// output is then refused (check_output_path).
void reopen_closed_standard_files();
bool standard_output_closed();

} // namespace tireplay
