// Writes a packed trace (docs/trace-format.md section 13): each rank's records gathered into checksummed blocks, in
// rank order, then the string table, the rank index, and the header last (the file must be seekable).
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace tireplay {

/// Writes `bytes` to `file`, checked (a full disk shows here). Throws InputError naming `path`.
void write_all(FILE* file, const std::string& bytes, const std::string& path);

class PackedWriter {
public:
  /// Writes on `file` (named `path` in messages) a trace of `ranks` ranks. Throws InputError.
  PackedWriter(FILE* file, std::string path, int ranks);

  /// The ranks' streams, in rank order.
  void begin_rank(int rank);
  /// The next record of the rank: appends its bytes to the string returned, then calls end_record().
  std::string& record();
  void end_record();
  /// Returns the rank's record count.
  uint64_t end_rank();
  /// The index of `s` in the string table.
  uint32_t intern(const std::string& s);
  /// Writes the string table, the index and the header. Returns the file's size.
  uint64_t finish();

private:
  void write(const std::string& bytes);
  void flush_block();

  FILE* file_;
  std::string path_;
  int ranks_;
  uint64_t at_ = 0;  // bytes written
  size_t block_bytes_;
  int rank_ = -1;
  uint64_t rank_start_ = 0, records_ = 0, blocks_ = 0;
  std::string payload_;
  uint32_t in_block_ = 0;
  std::vector<uint64_t> index_;
  std::map<std::string, uint32_t> strings_;
  std::vector<const std::string*> string_order_;
};

} // namespace tireplay
