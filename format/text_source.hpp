// Trace files as users keep them: plain text, or compressed with gzip, zstd, xz or bzip2, recognised by their first
// bytes (not their name) and decompressed while they are read through Boost.Iostreams' filters, so that memory
// does not depend on a file's size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace tireplay {

enum class Compression { None, Gzip, Zstd, Xz, Bzip2 };

/// The longest line a trace or table may hold: an all-to-all-v's counts for a million ranks take about 40 MB.
constexpr size_t kMaxLineBytes = size_t{64} << 20;

/// By the file's magic bytes; None for a file too short to have any. Throws InputError if it cannot be read.
Compression compression_of(const std::string& path);

/// By the magic bytes that start `bytes` (a zstd file may start with a skippable frame); None if none.
Compression compression_from_magic(std::string_view bytes);

/// "gzip", "zstd", "xz", "bzip2", or "" for None.
std::string_view compression_name(Compression c);

/// The text of one file, decompressed if it is compressed.
class TextSource {
public:
  /// `keep_open` false: the file is opened only while a chunk is read (readers of 65,536 ranks must not hold a
  /// descriptor each). Throws InputError "DISPLAY: cannot open WHAT: reason".
  TextSource(const std::string& path, const std::string& display_path, bool keep_open = true,
             const std::string& what = "the trace");
  ~TextSource();
  TextSource(const TextSource&)            = delete;
  TextSource& operator=(const TextSource&) = delete;

  /// Up to `size` bytes of text into `out`; 0 at the end. Throws InputError naming the file on a read error and
  /// on corrupt or truncated compressed data.
  size_t read(char* out, size_t size);

  Compression compression() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Blank and comment lines in a row: past 10,000,000 a file is not a trace (a few KB of compressed newlines would
/// take minutes to read through). Each reader of lines keeps one.
class BlankRun {
public:
  /// `blank`: line `number` of `path` is blank or a comment. Throws InputError past the limit.
  void note(bool blank, const std::string& path, uint64_t number);

private:
  uint64_t count_ = 0;
};

/// A file's lines, without their '\n', for the scans that decide what a trace is.
class TextLines {
public:
  explicit TextLines(const std::string& path);
  /// False at the end. Throws InputError as TextSource::read, and past 10,000,000 blank or comment lines in a row.
  bool next(std::string& line);

private:
  std::string path_;
  BlankRun blanks_;
  uint64_t number_ = 0;
  TextSource source_;
  std::string buffer_;
  size_t begin_   = 0;
  size_t scanned_ = 0;  // buffer_ holds no '\n' from begin_ up to here: each byte is searched once
  bool eof_       = false;
};

} // namespace tireplay
