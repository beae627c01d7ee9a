#include "format/text_source.hpp"

#include "format/line_parser.hpp"
#include "format/rank_reader.hpp"

#include <algorithm>
#include <boost/iostreams/concepts.hpp>
#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filtering_streambuf.hpp>

#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace io = boost::iostreams;

namespace tireplay {
namespace {

/// The file's bytes from an offset, through a descriptor kept open or opened for each read.
struct RawFile {
  std::string path, display;
  bool keep_open = true;
  std::string what = "the trace";
  int fd         = -1;
  uint64_t offset = 0;

  void open()
  {
    if (fd >= 0)
      return;
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      throw InputError(display + ": cannot open " + what + ": " + std::strerror(errno));
  }

  void close()
  {
    if (fd >= 0)
      ::close(fd);
    fd = -1;
  }

  size_t read(char* out, size_t size)
  {
    open();
    ssize_t got = 0;
    do
      got = ::pread(fd, out, size, static_cast<off_t>(offset));
    while (got < 0 && errno == EINTR);
    int error = errno;
    if (!keep_open)
      close();
    if (got < 0)
      throw InputError(display + ": read error: " + std::strerror(error));
    offset += static_cast<uint64_t>(got);
    return static_cast<size_t>(got);
  }
};

/// RawFile as a Boost.Iostreams source, under a decompressor.
struct RawDevice : io::source {
  RawFile* file;
  explicit RawDevice(RawFile* f) : file(f) {}
  std::streamsize read(char* out, std::streamsize size)
  {
    size_t got = file->read(out, static_cast<size_t>(size));
    return got == 0 ? -1 : static_cast<std::streamsize>(got);
  }
};

/// libzstd's streaming decompression as a Boost.Iostreams filter. Boost's own zstd_decompressor ends quietly at a
/// truncated frame (a cut download would replay as a shorter trace); this one says so.
class ZstdDecompressor : public io::multichar_input_filter {
public:
  ZstdDecompressor() : state_(std::make_shared<State>()) {}

  template <class Source>
  std::streamsize read(Source& source, char* out, std::streamsize size)
  {
    State& st = *state_;
    ZSTD_outBuffer to{out, static_cast<size_t>(size), 0};
    while (to.pos < to.size) {
      if (st.from.pos == st.from.size && !st.eof) {
        std::streamsize got = io::read(source, st.input.data(), static_cast<std::streamsize>(st.input.size()));
        st.eof  = got <= 0;
        st.from = {st.input.data(), got > 0 ? static_cast<size_t>(got) : 0, 0};
      }
      if (st.from.pos == st.from.size && st.eof) {
        if (st.hint != 0)
          throw std::runtime_error("the last zstd frame is cut short (a truncated file?)");
        break;
      }
      st.hint = ZSTD_decompressStream(st.stream.get(), &to, &st.from);
      if (ZSTD_isError(st.hint))
        throw std::runtime_error(ZSTD_getErrorName(st.hint));
    }
    return to.pos == 0 && st.eof ? -1 : static_cast<std::streamsize>(to.pos);
  }

private:
  struct State {
    std::unique_ptr<ZSTD_DStream, size_t (*)(ZSTD_DStream*)> stream{ZSTD_createDStream(), &ZSTD_freeDStream};
    std::vector<char> input = std::vector<char>(16 * 1024);  // not ZSTD_DStreamInSize() (128 KiB): thousands of ranks
    ZSTD_inBuffer from{nullptr, 0, 0};
    size_t hint = 0;  // 0: at a frame's end
    bool eof    = false;
  };
  std::shared_ptr<State> state_;  // Boost copies filters as it pushes them
};

} // namespace

Compression compression_from_magic(std::string_view bytes)
{
  const auto* b = reinterpret_cast<const unsigned char*>(bytes.data());
  size_t n      = bytes.size();
  if (n >= 2 && b[0] == 0x1f && b[1] == 0x8b)
    return Compression::Gzip;
  if (n >= 4 && b[0] == 0x28 && b[1] == 0xb5 && b[2] == 0x2f && b[3] == 0xfd)
    return Compression::Zstd;
  if (n >= 4 && (b[0] & 0xf0) == 0x50 && b[1] == 0x2a && b[2] == 0x4d && b[3] == 0x18)
    return Compression::Zstd;  // a skippable frame first (pzstd writes one before its frames)
  if (n >= 6 && std::memcmp(b, "\xfd" "7zXZ\0", 6) == 0)
    return Compression::Xz;
  if (n >= 4 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9')
    return Compression::Bzip2;
  return Compression::None;
}

namespace {

/// Archives and compressors that are not read: their name, or empty.
const char* unread_format(const unsigned char* b, size_t n)
{
  if (n >= 4 && std::memcmp(b, "PK\3\4", 4) == 0)
    return "a zip archive";
  if (n >= 6 && std::memcmp(b, "7z\xbc\xaf\x27\x1c", 6) == 0)
    return "a 7-Zip archive";
  if (n >= 4 && std::memcmp(b, "\x04\x22\x4d\x18", 4) == 0)
    return "lz4-compressed";
  return "";
}

} // namespace

Compression compression_of(const std::string& path)
{
  RawFile file{path, path, false};
  unsigned char magic[6];
  size_t n = file.read(reinterpret_cast<char*>(magic), sizeof magic);
  return compression_from_magic(std::string_view(reinterpret_cast<const char*>(magic), n));
}

std::string_view compression_name(Compression c)
{
  switch (c) {
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
    case Compression::Xz: return "xz";
    case Compression::Bzip2: return "bzip2";
    case Compression::None: break;
  }
  return "";
}

struct TextSource::Impl {
  RawFile file;
  Compression compression = Compression::None;
  std::unique_ptr<io::filtering_istreambuf> chain;  // decompressor + file, when compressed
};

TextSource::TextSource(const std::string& path, const std::string& display_path, bool keep_open,
                       const std::string& what)
    : impl_(std::make_unique<Impl>())
{
  impl_->file = RawFile{path, display_path, keep_open, what};
  impl_->file.open();
  unsigned char magic[6];
  size_t n = impl_->file.read(reinterpret_cast<char*>(magic), sizeof magic);
  impl_->file.offset = 0;
  impl_->compression = compression_from_magic(std::string_view(reinterpret_cast<const char*>(magic), n));
  if (const char* other = unread_format(magic, n); *other != '\0')
    throw InputError(display_path + ": " + other + ": tireplay reads traces as plain text or compressed with gzip, "
                     "zstd, xz or bzip2 (unpack it, or recompress it: zstd FILE)");
  if (impl_->compression == Compression::None)
    return;
  impl_->chain = std::make_unique<io::filtering_istreambuf>();
  switch (impl_->compression) {
    case Compression::Gzip: impl_->chain->push(io::gzip_decompressor()); break;
    case Compression::Zstd: impl_->chain->push(ZstdDecompressor()); break;
    case Compression::Xz: impl_->chain->push(io::lzma_decompressor()); break;
    case Compression::Bzip2: impl_->chain->push(io::bzip2_decompressor()); break;
    case Compression::None: break;
  }
  impl_->chain->push(RawDevice(&impl_->file));
}

TextSource::~TextSource()
{
  impl_->file.close();
}

Compression TextSource::compression() const
{
  return impl_->compression;
}

size_t TextSource::read(char* out, size_t size)
{
  if (impl_->compression == Compression::None)
    return impl_->file.read(out, size);
  auto corrupt = [this](const std::string& detail) {
    return InputError(impl_->file.display + ": corrupt or truncated " +
                      std::string(compression_name(impl_->compression)) + " data (" +
                      std::to_string(impl_->file.offset) + " compressed bytes read)" + detail);
  };
  try {
    return static_cast<size_t>(impl_->chain->sgetn(out, static_cast<std::streamsize>(size)));
  } catch (const InputError&) {
    throw;
  } catch (const io::gzip_error& e) {
    throw corrupt(e.error() == io::gzip::zlib_error ? "" : " (bad gzip header, CRC or length)");
  } catch (const std::ios_base::failure&) {  // Boost's zlib, bzip2 and lzma errors say no more than "iostream error"
    throw corrupt("");
  } catch (const std::exception& e) {
    throw corrupt(std::string(": ") + e.what());
  }
}

TextLines::TextLines(const std::string& path) : path_(path), source_(path, path) {}

void BlankRun::note(bool blank, const std::string& path, uint64_t number)
{
  constexpr uint64_t kLimit = 10000000;
  count_ = blank ? count_ + 1 : 0;
  if (count_ > kLimit)
    throw InputError(path + ":" + std::to_string(number) + ": more than " + std::to_string(kLimit) +
                     " blank or comment lines in a row: not a trace (a compressed file of empty lines?)");
}

bool TextLines::next(std::string& line)
{
  while (true) {
    size_t nl = buffer_.find('\n', std::max(begin_, scanned_));
    if (nl != std::string::npos || (eof_ && begin_ < buffer_.size())) {
      size_t end = nl != std::string::npos ? nl : buffer_.size();
      line.assign(buffer_, begin_, end - begin_);
      begin_ = scanned_ = end + 1;
      auto t = trim_line(line);
      blanks_.note(t.empty() || t.front() == '#', path_, ++number_);
      return true;
    }
    if (eof_)
      return false;
    buffer_.erase(0, begin_);
    begin_   = 0;
    scanned_ = buffer_.size();
    if (buffer_.size() > kMaxLineBytes)
      throw InputError(path_ + ": a line longer than 64 MiB (no trace or table line needs that much: is this the "
                               "right file?)");
    size_t old = buffer_.size();
    buffer_.resize(old + 64 * 1024);
    size_t got = source_.read(buffer_.data() + old, 64 * 1024);
    buffer_.resize(old + got);
    eof_ = got == 0;
  }
}

} // namespace tireplay
