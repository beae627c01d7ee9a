#include "format/packed_trace.hpp"

#include "format/packed_layout.hpp"
#include "format/rank_reader.hpp"

#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tireplay {
namespace packed {

uint64_t checksum(const void* data, size_t size, uint64_t seed)
{
  return XXH3_64bits_withSeed(data, size, seed);
}

} // namespace packed

namespace {

constexpr uint64_t kMaxRanks   = 1000000;  // as a text trace's
constexpr uint64_t kMaxStrings = 1000000;

} // namespace

PackedTrace::PackedTrace(const std::string& path) : path_(path)
{
  using namespace packed;
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0)
    throw InputError(path + ": cannot open the trace: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd_, &st) != 0)
    throw InputError(path + ": cannot read the trace: " + std::strerror(errno));
  file_bytes_ = static_cast<uint64_t>(st.st_size);
  auto corrupt = [&](const std::string& what) {
    ::close(fd_);
    fd_ = -1;
    throw InputError(path + ": not a readable packed trace: " + what);
  };
  if (file_bytes_ < kHeaderSize)
    corrupt("truncated (" + std::to_string(file_bytes_) + " bytes, fewer than its " + std::to_string(kHeaderSize) +
            "-byte header)");
  char head[kHeaderSize];
  read(0, head, kHeaderSize);
  if (std::memcmp(head, kMagic, sizeof kMagic) != 0)
    corrupt("it does not start with the packed form's magic bytes");
  if (get<uint64_t>(head + 40) != checksum(head, 40, kHeaderSeed))
    corrupt("its header is corrupt (checksum)");
  const auto version = get<uint32_t>(head + 8);
  const auto ranks   = get<uint32_t>(head + 12);
  const auto index   = get<uint64_t>(head + 16);
  const auto strings = get<uint64_t>(head + 24);
  const auto written = get<uint64_t>(head + 32);
  if (version != kVersion)
    corrupt("packed in version " + std::to_string(version) + " of the form, this tireplay reads version " +
            std::to_string(kVersion) + " (unpack it with the tireplay that packed it)");
  if (written != file_bytes_)
    corrupt(file_bytes_ < written ? "truncated (" + std::to_string(file_bytes_) + " bytes of the " +
                                        std::to_string(written) + " it was written with)"
                                  : std::to_string(file_bytes_) + " bytes, " + std::to_string(written) +
                                        " when it was written (data appended?)");
  if (ranks == 0 || ranks > kMaxRanks)
    corrupt("its header says " + std::to_string(ranks) + " ranks (1 to " + std::to_string(kMaxRanks) + ")");
  const uint64_t index_bytes = uint64_t{ranks} * kIndexEntry + 8;
  if (strings < kHeaderSize || index < strings || index - strings < 12 || index_bytes != file_bytes_ - index)
    corrupt("its header's offsets do not fit the file");

  std::vector<char> table(index_bytes);
  read(index, table.data(), table.size());
  if (get<uint64_t>(table.data() + index_bytes - 8) != checksum(table.data(), index_bytes - 8, kIndexSeed))
    corrupt("its rank index is corrupt (checksum)");
  ranks_.resize(ranks);
  uint64_t end = kHeaderSize;
  for (uint32_t r = 0; r < ranks; r++) {
    const char* at = table.data() + uint64_t{r} * kIndexEntry;
    Rank& rank     = ranks_[r];
    rank           = {get<uint64_t>(at), get<uint64_t>(at + 8), get<uint64_t>(at + 16)};
    if (rank.offset < end || rank.offset > strings || rank.bytes > strings - rank.offset ||
        (rank.records > 0) != (rank.bytes > 0) || rank.records > rank.bytes)
      corrupt("the stream of rank " + std::to_string(r) + " in its index does not fit the file");
    end = rank.offset + rank.bytes;
  }

  table.assign(index - strings, 0);
  read(strings, table.data(), table.size());
  const size_t size = table.size() - 8;
  if (get<uint64_t>(table.data() + size) != checksum(table.data(), size, kStringsSeed))
    corrupt("its string table is corrupt (checksum)");
  const auto count = get<uint32_t>(table.data());
  if (count > kMaxStrings)
    corrupt("its string table does not fit its place");
  size_t at = 4;
  for (uint32_t s = 0; s < count; s++) {
    if (size - at < 4 || size - at - 4 < get<uint32_t>(table.data() + at))
      corrupt("its string table does not fit its place");
    const auto length = get<uint32_t>(table.data() + at);
    strings_.emplace_back(table.data() + at + 4, length);
    at += 4 + length;
    // names of MPI functions, written back as a field of a `# unreplayed` line
    if (length == 0 || length > 256 ||
        std::any_of(strings_.back().begin(), strings_.back().end(), [](char c) { return c <= ' ' || c > '~'; }))
      corrupt("string " + std::to_string(s) + " of its table is not a function's name");
  }
  if (at != size)
    corrupt("its string table does not fit its place");
}

PackedTrace::~PackedTrace()
{
  if (fd_ >= 0)
    ::close(fd_);
}

void PackedTrace::read(uint64_t offset, char* out, size_t size) const
{
  while (size > 0) {
    ssize_t got = ::pread(fd_, out, size, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      throw InputError(path_ + ": cannot read the trace: " + std::strerror(errno));
    if (got == 0)
      throw InputError(path_ + ": not a readable packed trace: truncated while it was read (at byte " +
                       std::to_string(offset) + ")");
    out += got;
    offset += static_cast<uint64_t>(got);
    size -= static_cast<size_t>(got);
  }
}

bool is_packed_trace(const std::string& path)
{
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  char head[sizeof packed::kMagic];
  bool packed = ::pread(fd, head, sizeof head, 0) == static_cast<ssize_t>(sizeof head) &&
                std::memcmp(head, packed::kMagic, sizeof head) == 0;
  ::close(fd);
  return packed;
}

} // namespace tireplay
