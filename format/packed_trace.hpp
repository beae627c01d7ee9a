// A packed trace opened for reading (docs/trace-format.md section 13): its header, rank index and strings read and
// checked once, then each rank's reader (format/rank_reader.hpp) reads its blocks through the one descriptor.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tireplay {

class PackedTrace {
public:
  struct Rank {
    uint64_t offset = 0;   // of its first block
    uint64_t bytes = 0;    // of its blocks
    uint64_t records = 0;  // a line of its text each
  };

  /// Opens `path` and checks its header, index and strings against their checksums and the file's size. Throws
  /// InputError naming the file and what is wrong (truncated, corrupt, a later version).
  explicit PackedTrace(const std::string& path);
  ~PackedTrace();
  PackedTrace(const PackedTrace&)            = delete;
  PackedTrace& operator=(const PackedTrace&) = delete;

  const std::string& path() const { return path_; }
  int ranks() const { return static_cast<int>(ranks_.size()); }
  const Rank& rank(int r) const { return ranks_[static_cast<size_t>(r)]; }
  /// The string table (names of unreplayed MPI functions).
  const std::vector<std::string>& strings() const { return strings_; }
  /// `size` bytes at `offset` into `out`. Throws InputError on a read error or past the file's end.
  void read(uint64_t offset, char* out, size_t size) const;

private:
  std::string path_;
  int fd_ = -1;
  uint64_t file_bytes_ = 0;
  std::vector<Rank> ranks_;
  std::vector<std::string> strings_;
};

/// Whether the file starts with the packed form's magic bytes (a file that cannot be read is not).
bool is_packed_trace(const std::string& path);

} // namespace tireplay
