// libFuzzer target for the whole `--trace` path: open_trace (index or shared file or directory, file names, binary
// data) and then RankReader over every rank it yields (format/trace_source.cpp, rank_reader.cpp).
//
// Input: byte 0 picks --np (byte % 9; 0 = inferred from the trace); byte 1's low bit makes the target a directory.
// The rest is split at '\x1e' bytes into files: the first is the target `trace` (or, for a directory target, the
// first file in it), the others are `r0.txt`, `r1.txt`, ... beside it, so that an index can name them. Every run
// works in a fresh directory under $TMPDIR. An InputError is the reader rejecting bad input, which is fine; any
// other exception (std::terminate), a sanitizer report or a hang is a bug.
#include "format/trace_source.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;

namespace {

/// A fresh directory for one input, removed afterwards.
struct Scratch {
  fs::path dir;
  Scratch()
  {
    std::string pattern = (fs::temp_directory_path() / "trace-path-fuzz-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr)
      std::abort();
    dir = pattern;
  }
  ~Scratch()
  {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

void write_file(const fs::path& path, std::string_view content)
{
  std::ofstream out(path, std::ios::binary);
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  if (size < 2)
    return 0;
  int np             = data[0] % 9;
  bool directory     = (data[1] & 1) != 0;
  std::string_view rest(reinterpret_cast<const char*>(data) + 2, size - 2);
  std::vector<std::string_view> files;
  for (size_t start = 0;;) {
    size_t end = rest.find('\x1e', start);
    files.push_back(rest.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos || files.size() == 9)
      break;
    start = end + 1;
  }
  Scratch scratch;
  fs::path target = scratch.dir / (directory ? "d" : "trace");
  fs::path home   = directory ? target : scratch.dir;
  if (directory)
    fs::create_directory(target);
  write_file(directory ? target / "trace" : target, files[0]);
  for (size_t i = 1; i < files.size(); i++)
    write_file(home / ("r" + std::to_string(i - 1) + ".txt"), files[i]);

  try {
    tireplay::TraceInputs inputs = tireplay::open_trace(target.string(), np);
    int ranks                    = static_cast<int>(inputs.ranks.size());
    tireplay::Action action;
    for (int r = 0; r < ranks; r++) {
      tireplay::RankReader reader(inputs.ranks[static_cast<size_t>(r)], r, ranks);
      while (reader.next(action)) {
      }
    }
  } catch (const tireplay::InputError&) {
  }
  return 0;
}
