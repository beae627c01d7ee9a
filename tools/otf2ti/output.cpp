// otf2ti's output: the trace in SimGrid's layout (plain or compressed) and the bursts table.
#include "output.hpp"

#include "format/packing.hpp"

#include "convert.hpp"

#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filter/zstd.hpp>
#include <boost/iostreams/filtering_stream.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <stdexcept>

namespace io = boost::iostreams;
namespace fs = std::filesystem;

namespace otf2ti {

/// --compress: the file name's suffix and the compressor (Boost.Iostreams) of each choice.
const std::map<std::string, std::string> kSuffixes = {{"none", ""}, {"gzip", ".gz"}, {"zstd", ".zst"}, {"xz", ".xz"}};

namespace {

constexpr const char* kMark = ".otf2ti";  // in OUTDIR: the trace there is otf2ti's, which the next one replaces

/// SimGrid's layout (smpirun -trace-ti with tracing/filename OUTDIR/trace.txt): the index OUTDIR/trace.txt lists
/// OUTDIR/trace.txt_files/<stamp>_rank-<rank + 1>.txt; with one_file, OUTDIR/trace.txt holds every rank's lines.
/// A rank's lines (empty slots left by cancelled requests and MPI_PROC_NULL peers are skipped), then one
/// `# unreplayed` comment per MPI function it could not convert, one `# proc_null` comment per MPI function whose
/// events with MPI_PROC_NULL as peer it left out, one `# cancelled` per action cancelled requests would have been
/// (docs/trace-format.md section 8).
void write_rank(std::ostream& out, size_t rank, const RankTrace& trace)
{
  for (const auto& line : trace.lines)
    if (!line.empty())
      out << line << '\n';
  for (const auto& [name, u] : trace.unreplayed)
    out << "# unreplayed " << rank << ' ' << name << ' ' << u.calls << ' ' << u.seconds << '\n';
  for (const auto& [name, count] : trace.null_peers)
    out << "# proc_null " << rank << ' ' << name << ' ' << count << '\n';
  for (const auto& [action, count] : trace.cancelled)
    out << "# cancelled " << rank << ' ' << action << ' ' << count << '\n';
}


/// The mark of a trace written by otf2ti (check_outputs): a comment, which no trace reader takes for a rank's file.
void mark(const fs::path& out)
{
  std::ofstream mark(out / kMark);
  if (!(mark << "# written by otf2ti: its next conversion into this directory replaces the trace\n" << std::flush))
    throw std::runtime_error((out / kMark).string() + ": cannot write");
}

/// A file as Boost's sink that throws when a write fails: given the stream itself, Boost's compressors retry a
/// buffer that accepts nothing (a full disk) for ever.
struct CheckedSink {
  using char_type = char;
  using category  = io::sink_tag;
  std::ofstream* file;
  std::streamsize write(const char* s, std::streamsize n)
  {
    file->write(s, n);  // throws on failure (its exceptions are set)
    return n;
  }
};

/// Writes `path` (compressed by `compress`) with `fill(stream)`.
template <class Fill>
void write_file(const fs::path& path, const std::string& compress, Fill fill)
{
  std::ofstream file(path, std::ios::binary);
  if (!file.is_open())
    throw std::runtime_error(path.string() + ": cannot create (" + std::strerror(errno) + ")");
  file.exceptions(std::ios::badbit | std::ios::failbit);  // a failed write throws (CheckedSink)
  try {
    io::filtering_ostream out;
    if (compress == "gzip")
      out.push(io::gzip_compressor());
    else if (compress == "zstd")
      out.push(io::zstd_compressor());
    else if (compress == "xz")
      out.push(io::lzma_compressor());
    out.push(CheckedSink{&file});
    out.precision(9);
    fill(out);
    out.flush();
    if (!out)
      throw std::runtime_error(path.string() + ": cannot write");
    out.reset();  // the compressor's end of stream is written here
    file.flush();
    file.close();
  } catch (const std::ios_base::failure&) {
    throw std::runtime_error(path.string() + ": cannot write (" + std::strerror(errno) + ")");
  }
}

/// The number of lines write_rank writes.
size_t written_lines(const RankTrace& t)
{
  size_t lines = t.unreplayed.size() + t.null_peers.size() + t.cancelled.size();
  for (const auto& slot : t.lines)
    lines += lines_in(slot);
  return lines;
}


} // namespace

namespace {

bool inside(const fs::path& path, const fs::path& dir)
{
  auto [d, p] = std::mismatch(dir.begin(), dir.end(), path.begin(), path.end());
  return d == dir.end();
}

} // namespace

void check_outputs(const fs::path& archive, const std::string& out, const std::string& bursts)
{
  std::error_code ec;
  if (out == "-")
    throw std::runtime_error("-o -: a trace is a directory of files, not standard output: give a directory");
  if (!out.empty() && fs::exists(out, ec) && !fs::is_directory(out, ec))
    throw std::runtime_error("-o " + out + ": exists and is not a directory");
  if (!out.empty() && fs::is_directory(out, ec) && !fs::exists(fs::path(out) / kMark, ec)) {
    for (const char* name :
         {"trace.txt", "trace.txt.gz", "trace.txt.zst", "trace.txt.xz", "trace.txt_files", "trace.tipack"})
      if (fs::exists(fs::path(out) / name, ec))
        throw std::runtime_error("-o " + out + ": " + (fs::path(out) / name).string() + " was not written by otf2ti "
                                 "(a trace of smpirun -trace-ti?): give another directory, or remove it");
  }
  if (bursts.empty() || bursts == "-")
    return;
  fs::path b = fs::weakly_canonical(bursts, ec), a = fs::weakly_canonical(archive, ec);
  fs::path events = a.parent_path() / a.stem();  // the archive's event files: traces.otf2 -> traces/
  if (b == a || b == fs::path(a).replace_extension(".def") || inside(b, events))
    throw std::runtime_error("--bursts " + bursts + ": a file of the archive " + archive.string() +
                             ": give another file");
  fs::path o = fs::weakly_canonical(out.empty() ? fs::path(".") : fs::path(out), ec);
  if (!out.empty() && b.parent_path() == o && b.filename().string().rfind("trace.txt", 0) == 0)
    throw std::runtime_error("--bursts " + bursts + ": a file of the trace written in " + out + ": give another file");
}

/// OUTDIR/trace.txt lists the rank files (kept plain); with --one-file it holds every rank's lines and is named
/// trace.txt.gz, .zst or .xz when compressed. Returns the file to replay; `placed` says where each rank went.
fs::path write(const fs::path& out, const std::vector<RankTrace>& traces, bool one_file,
               const std::string& compress, std::vector<Placement>& placed)
{
  fs::create_directories(out);
  // The conversion replaces an earlier one in OUTDIR: its rank files or a trace.txt.zst left beside the new ones
  // would make `tireplay replay --trace OUTDIR` ambiguous.
  std::error_code ec;
  for (const auto& [name, old_suffix] : kSuffixes)
    fs::remove(out / ("trace.txt" + old_suffix), ec);
  fs::remove_all(out / "trace.txt_files", ec);
  fs::remove(out / "trace.tipack", ec);
  std::string suffix = kSuffixes.at(compress);
  if (one_file) {
    fs::path shared = out / ("trace.txt" + suffix);
    size_t line     = 1;  // no header: smpirun -replay takes a shared trace's first line for an action or a file
    for (const auto& t : traces) {
      placed.push_back({shared, line});
      line += written_lines(t);
    }
    write_file(shared, compress, [&](std::ostream& o) {
      for (size_t r = 0; r < traces.size(); r++)
        write_rank(o, r, traces[r]);
    });
    mark(out);
    return shared;
  }
  fs::create_directories(out / "trace.txt_files");
  std::ofstream index(out / "trace.txt");  // file names only: smpirun -replay reads every line as one
  for (size_t r = 0; r < traces.size(); r++) {
    std::string name = "trace.txt_files/0.000000_rank-" + std::to_string(r + 1) + ".txt" + suffix;
    placed.push_back({out / name, 2});
    write_file(out / name, compress, [&](std::ostream& o) {
      o << "# tireplay TI format 1\n";  // a comment in a rank's file, which smpirun -replay skips too
      write_rank(o, r, traces[r]);
    });
    index << name << '\n';
  }
  if (!index.flush())
    throw std::runtime_error((out / "trace.txt").string() + ": cannot write");
  mark(out);
  return out / "trace.txt";
}

fs::path write_packed(const fs::path& out, const std::vector<RankTrace>& traces, std::vector<Placement>& placed)
{
  const fs::path text = out / ".otf2ti-text";
  std::error_code ec;
  fs::remove_all(text, ec);
  struct Removed {  // whatever happens
    fs::path dir;
    ~Removed()
    {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  } removed{text};
  const fs::path index = write(text, traces, false, "none", placed);
  const fs::path packed = out / "trace.tipack";
  tireplay::pack_trace(index.string(), static_cast<int>(traces.size()), packed.string());
  for (const auto& [name, suffix] : kSuffixes)  // an earlier text conversion here
    fs::remove(out / ("trace.txt" + suffix), ec);
  fs::remove_all(out / "trace.txt_files", ec);
  for (size_t r = 0; r < placed.size(); r++)
    placed[r] = {packed.string() + "[rank " + std::to_string(r) + "]", 0};
  mark(out);
  return packed;
}

/// The bursts of every rank, "RANK FLOPS SECONDS" (docs/calibration.md), for `tireplay calibrate flops`.
void write_bursts(const std::string& path, const std::string& archive, const std::string& metric,
                  const std::vector<RankTrace>& traces)
{
  std::ofstream file;
  if (path != "-")  // standard output
    file.open(path);
  std::ostream& out = path == "-" ? std::cout : file;
  out << "# tireplay bursts 1: the computations between MPI calls of " << archive << "\n"
      << "# rank flops seconds  (flops: " << metric << "; seconds: the burst's duration)\n";
  out.precision(15);
  for (size_t r = 0; r < traces.size(); r++)
    for (const auto& b : traces[r].bursts)
      out << r << ' ' << b.flops << ' ' << b.seconds << '\n';
  out.flush();  // a full disk (or /dev/full) says so here, not at the close
  if (file.is_open())
    file.close();
  if (!out || (path != "-" && file.fail()))
    throw std::runtime_error(path + ": cannot write the bursts");
}

} // namespace otf2ti
