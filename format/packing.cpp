#include "format/packing.hpp"

#include "format/interruption.hpp"
#include "format/output_file.hpp"
#include "format/packed_layout.hpp"
#include "format/packed_writer.hpp"
#include "format/rank_reader.hpp"
#include "format/trace_source.hpp"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <functional>

namespace fs = std::filesystem;

namespace tireplay {
namespace {

using namespace packed;

/// The record of one action: its binary form if it has one, else its line as read.
void encode(const Action& a, std::string_view line, std::string& out)
{
  const Code code = code_of(a.kind);
  if (code == kLine) {
    put<uint8_t>(out, kLine);
    put<uint32_t>(out, static_cast<uint32_t>(line.size()));
    out.append(line);
    return;
  }
  put<uint8_t>(out, code);
  if (code == kCompute || code == kSleep) {
    put<double>(out, code == kCompute ? a.flops : a.seconds);
    return;
  }
  uint8_t flags = a.comm != kWorldComm ? kHasComm : 0;
  if (a.has_request_key && (code == kWait || code == kTest))
    flags |= kHasKey;
  if (a.request_index > 0 && code == kWait)
    flags |= kHasIndex;
  put<uint8_t>(out, flags);
  if (code <= kIrecv) {
    put<int32_t>(out, a.peer);
    put<int32_t>(out, a.tag);
    put<uint64_t>(out, a.bytes);
  }
  if (flags & kHasKey) {
    put<int32_t>(out, a.peer);
    put<int32_t>(out, a.peer2);
    put<int32_t>(out, a.tag);
  }
  if (flags & kHasIndex)
    put<int32_t>(out, a.request_index);
  if (flags & kHasComm)
    put<int32_t>(out, a.comm);
}

} // namespace

PackResult pack_trace(const std::string& in, int np, const std::string& out)
{
  if (is_standard_output(out))
    throw InputError(out + ": a packed trace is written to a file (it is binary, and its header is written last)");
  std::error_code ec;
  if (fs::exists(out, ec) && !fs::is_regular_file(out, ec))
    throw InputError(out + ": not a regular file: a packed trace is written to a file");
  if (fs::is_directory(in, ec) &&
      fs::equivalent(fs::absolute(out, ec).parent_path(), in, ec))  // the directory would hold two traces
    throw InputError(out + ": inside the trace's directory " + in + ", which would then hold two traces: give the "
                     "packed trace another place");
  for (const std::string& file : trace_files(in))
    if (fs::exists(out, ec) && fs::equivalent(file, out, ec))
      throw InputError(out + ": a file of the trace " + in +
                       " (packing would replace it): give the packed trace another name");
  TraceInputs inputs = open_trace(in, np);
  const int size     = static_cast<int>(inputs.ranks.size());
  PackResult result;
  result.ranks    = size;
  result.in_bytes = inputs.total_bytes;

  OutputFile file(out, "the packed trace");
  PackedWriter writer(file.get(), out, size);
  P2PForms forms;
  Action a;
  for (int r = 0; r < size; r++) {
    RankReader reader(inputs.ranks[static_cast<size_t>(r)], r, size, {&forms, {}, size});
    writer.begin_rank(r);
    while (reader.next(a)) {
      encode(a, reader.text(), writer.record());
      writer.end_record();
      result.binary += code_of(a.kind) != kLine;
    }
    for (const auto& [name, calls] : reader.unreplayed()) {
      std::string& record = writer.record();
      put<uint8_t>(record, kUnreplayed);
      put<uint32_t>(record, writer.intern(name));
      put<uint64_t>(record, calls.calls);
      put<double>(record, calls.seconds);
      writer.end_record();
    }
    result.records += writer.end_rank();
  }
  result.out_bytes = writer.finish();
  file.commit();
  return result;
}

PackResult unpack_trace(const std::string& in, const std::string& dir)
{
  std::error_code ec;
  if (fs::exists(dir, ec) && (!fs::is_directory(dir, ec) || !fs::is_empty(dir, ec)))
    throw InputError(dir + ": " + (fs::is_directory(dir, ec) ? "a directory that is not empty" : "not a directory") +
                     ": unpack writes a new trace directory (rankR.txt files and trace.txt)");
  TraceInputs inputs = open_trace(in, 0);
  const int size     = static_cast<int>(inputs.ranks.size());
  // Written in a directory beside it, renamed once complete: an interrupted or failed unpack leaves no directory
  // that would read as a trace of fewer ranks.
  const fs::path target = fs::absolute(fs::path(dir).lexically_normal(), ec);
  const fs::path temp   = temporary_name(target.has_filename() ? target.string() : target.parent_path().string());
  fs::create_directories(temp, ec);
  if (ec)
    throw InputError(dir + ": cannot make the directory: " + ec.message());
  set_interruption_cleanup(temp.c_str());
  struct Removed {  // whatever happens before the rename
    fs::path dir;
    ~Removed()
    {
      std::error_code ignored;
      if (!dir.empty())
        fs::remove_all(dir, ignored);
      set_interruption_cleanup("");
    }
  } removed{temp};
  PackResult result;
  result.ranks = size;
  std::string names;
  P2PForms forms;
  Action a;
  auto write_file = [&dir](const fs::path& path, const std::function<void(FILE*)>& body) {
    const std::string shown = (fs::path(dir) / path.filename()).string();
    FILE* file              = std::fopen(path.c_str(), "w");
    if (file == nullptr)
      throw InputError(shown + ": cannot write: " + std::strerror(errno));
    try {
      body(file);
    } catch (...) {
      std::fclose(file);
      throw;
    }
    if (std::fflush(file) != 0 || std::ferror(file) != 0) {
      std::fclose(file);
      throw InputError(shown + ": cannot write: " + std::strerror(errno));
    }
    if (std::fclose(file) != 0)
      throw InputError(shown + ": cannot write: " + std::strerror(errno));
  };
  for (int r = 0; r < size; r++) {
    const std::string name = "rank" + std::to_string(r) + ".txt";
    names += (target / name).string() + "\n";  // absolute: an index's relative names are the working directory's
    RankReader reader(inputs.ranks[static_cast<size_t>(r)], r, size, {&forms, {}, size});
    write_file(temp / name, [&](FILE* file) {
      std::string lines;
      while (reader.next(a)) {
        lines.append(reader.text()).push_back('\n');
        result.records++;
        if (lines.size() >= kBlockBytes) {
          write_all(file, lines, (fs::path(dir) / name).string());
          lines.clear();
        }
      }
      for (const auto& [fn, calls] : reader.unreplayed()) {
        lines += "# unreplayed " + std::to_string(r) + " " + fn + " " + std::to_string(calls.calls) + " " +
                 shortest(calls.seconds) + "\n";
        result.records++;
      }
      write_all(file, lines, (fs::path(dir) / name).string());
    });
  }
  write_file(temp / "trace.txt", [&](FILE* file) { write_all(file, names, (fs::path(dir) / "trace.txt").string()); });
  if (std::rename(temp.c_str(), target.c_str()) != 0)
    throw InputError(dir + ": cannot make the directory: " + std::strerror(errno));
  removed.dir.clear();
  return result;
}

} // namespace tireplay
