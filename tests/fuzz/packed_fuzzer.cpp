// libFuzzer target for the packed form's reader (format/packed_trace.cpp, packed_reader.cpp), docs/trace-format.md
// section 13.
//
// Input: byte 0's low bit picks the mode.
//  - 0: the rest is the file itself, read as a trace (header, index, strings, blocks: mostly checksum errors);
//  - 1: byte 1 % 4 + 1 ranks, then records as [length byte][bytes], a length 0 ending a rank's stream: the file is
//    made from them by the writer, with valid checksums, so that what the records say is what is read.
// Every rank is read to its end. An InputError is the reader refusing bad input, which is fine; any other
// exception (std::terminate), a sanitizer report or a hang is a bug.
#include "format/packed_writer.hpp"
#include "format/rank_reader.hpp"
#include "format/trace_source.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace {

std::string scratch_file()
{
  static const std::string path = [] {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir != nullptr ? dir : "/tmp") + "/packed-fuzz-" + std::to_string(getpid()) + ".tipack";
  }();
  return path;
}

void make_from_records(const uint8_t* data, size_t size, const std::string& path)
{
  int ranks = size > 0 ? data[0] % 4 + 1 : 1;
  size_t at = 1;
  FILE* f   = std::fopen(path.c_str(), "wb");
  if (f == nullptr)
    std::abort();
  tireplay::PackedWriter writer(f, path, ranks);
  for (int r = 0; r < ranks; r++) {
    writer.begin_rank(r);
    while (at < size && data[at] != 0) {
      size_t length = std::min<size_t>(data[at], size - at - 1);
      writer.record().append(reinterpret_cast<const char*>(data + at + 1), length);
      writer.end_record();
      at += 1 + length;
    }
    at++;
    writer.end_rank();
  }
  writer.finish();
  std::fclose(f);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  if (size < 1)
    return 0;
  const std::string path = scratch_file();
  if (data[0] & 1) {
    make_from_records(data + 1, size - 1, path);
  } else {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr)
      std::abort();
    std::fwrite(data + 1, 1, size - 1, f);
    std::fclose(f);
  }
  try {
    tireplay::TraceInputs in = tireplay::open_trace(path, 0);
    const int ranks          = static_cast<int>(in.ranks.size());
    for (int r = 0; r < ranks; r++) {
      tireplay::RankReader reader(in.ranks[static_cast<size_t>(r)], r, ranks);
      tireplay::Action a;
      while (reader.next(a))
        (void)reader.text();  // a binary record written as its line, as error messages do
    }
  } catch (const tireplay::InputError&) {
  }
  std::remove(path.c_str());
  return 0;
}
