#include "src/cli/commands.hpp"
#include "format/interruption.hpp"
#include "format/output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

int main(int argc, char** argv)
{
  tireplay::reopen_closed_standard_files();
  tireplay::exit_on_interruption();
  tireplay::exit_2_on_abort();
  int status = tireplay::run_cli(argc, argv);
  // What went to standard output is part of the answer (`tireplay actions T > list.txt`): a full disk is an error.
  std::cout.flush();
  errno        = 0;
  bool flushed = std::fflush(stdout) == 0;
  if (!flushed || std::ferror(stdout) || !std::cout) {
    std::fprintf(stderr, "tireplay: cannot write to standard output%s%s\n", errno != 0 ? ": " : "",
                 errno != 0 ? std::strerror(errno) : "");
    return status == 0 ? 2 : status;
  }
  return status;
}
