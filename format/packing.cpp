#include "format/packing.hpp"

#include "format/output_file.hpp"
#include "format/packed_layout.hpp"
#include "format/rank_reader.hpp"
#include "format/trace_source.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <map>

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

/// Writes, checking each write (a full disk shows here).
class Writer {
public:
  Writer(FILE* file, std::string path) : file_(file), path_(std::move(path)) {}
  void write(const void* data, size_t size)
  {
    if (size > 0 && std::fwrite(data, 1, size, file_) != size)
      throw InputError(path_ + ": cannot write the packed trace: " + std::strerror(errno));
    at_ += size;
  }
  void write(const std::string& bytes) { write(bytes.data(), bytes.size()); }
  uint64_t at() const { return at_; }

private:
  FILE* file_;
  std::string path_;
  uint64_t at_ = 0;
};

/// One rank's stream: records gathered into blocks, each written with its size, record count and checksum.
class StreamWriter {
public:
  StreamWriter(Writer& out, int rank, size_t block_bytes) : out_(out), rank_(rank), block_bytes_(block_bytes) {}
  std::string& record()
  {
    records_++;
    in_block_++;
    return payload_;
  }
  void end_record()
  {
    if (payload_.size() >= block_bytes_)
      flush();
  }
  void flush()
  {
    if (in_block_ == 0)
      return;
    std::string head;
    put<uint32_t>(head, static_cast<uint32_t>(payload_.size()));
    put<uint32_t>(head, in_block_);
    put<uint64_t>(head, checksum(payload_.data(), payload_.size(), block_seed(rank_, blocks_++)));
    out_.write(head);
    out_.write(payload_);
    payload_.clear();
    in_block_ = 0;
  }
  uint64_t records() const { return records_; }

private:
  Writer& out_;
  int rank_;
  size_t block_bytes_;
  std::string payload_;
  uint32_t in_block_ = 0;
  uint64_t records_ = 0, blocks_ = 0;
};

std::string number(double v)
{
  char text[32];
  auto [end, ec] = std::to_chars(text, text + sizeof text, v);
  return std::string(text, ec == std::errc() ? end : text);
}

} // namespace

PackResult pack_trace(const std::string& in, int np, const std::string& out)
{
  if (is_standard_output(out))
    throw InputError(out + ": a packed trace is written to a file (it is binary, and its header is written last)");
  std::error_code ec;
  if (fs::exists(out, ec) && !fs::is_regular_file(out, ec))
    throw InputError(out + ": not a regular file: a packed trace is written to a file");
  for (const std::string& file : trace_files(in))
    if (fs::exists(out, ec) && fs::equivalent(file, out, ec))
      throw InputError(out + ": a file of the trace " + in + " (packing would replace it): give the packed trace another name");
  TraceInputs inputs = open_trace(in, np);
  const int size     = static_cast<int>(inputs.ranks.size());
  PackResult result;
  result.ranks    = size;
  result.in_bytes = inputs.total_bytes;

  OutputFile file(out, "the packed trace");
  Writer writer(file.get(), out);
  writer.write(std::string(kHeaderSize, '\0'));  // written again at the end
  const size_t block_bytes = size > kSmallBlockRanks ? kSmallBlockBytes : kBlockBytes;
  std::vector<uint64_t> index;
  std::map<std::string, uint32_t> strings;
  std::vector<const std::string*> string_order;
  P2PForms forms;
  Action a;
  for (int r = 0; r < size; r++) {
    RankReader reader(inputs.ranks[static_cast<size_t>(r)], r, size, {&forms, {}, size});
    StreamWriter stream(writer, r, block_bytes);
    const uint64_t start = writer.at();
    while (reader.next(a)) {
      encode(a, reader.text(), stream.record());
      stream.end_record();
      result.binary += code_of(a.kind) != kLine;
    }
    for (const auto& [name, calls] : reader.unreplayed()) {
      auto [it, added] = strings.emplace(name, static_cast<uint32_t>(strings.size()));
      if (added)
        string_order.push_back(&it->first);
      std::string& record = stream.record();
      put<uint8_t>(record, kUnreplayed);
      put<uint32_t>(record, it->second);
      put<uint64_t>(record, calls.calls);
      put<double>(record, calls.seconds);
      stream.end_record();
    }
    stream.flush();
    index.insert(index.end(), {start, writer.at() - start, stream.records()});
    result.records += stream.records();
  }

  const uint64_t strings_at = writer.at();
  std::string table;
  put<uint32_t>(table, static_cast<uint32_t>(string_order.size()));
  for (const std::string* s : string_order) {
    put<uint32_t>(table, static_cast<uint32_t>(s->size()));
    table += *s;
  }
  put<uint64_t>(table, checksum(table.data(), table.size(), kStringsSeed));
  writer.write(table);
  const uint64_t index_at = writer.at();
  table.clear();
  for (uint64_t v : index)
    put<uint64_t>(table, v);
  put<uint64_t>(table, checksum(table.data(), table.size(), kIndexSeed));
  writer.write(table);

  std::string head(kMagic, sizeof kMagic);
  put<uint32_t>(head, kVersion);
  put<uint32_t>(head, static_cast<uint32_t>(size));
  put<uint64_t>(head, index_at);
  put<uint64_t>(head, strings_at);
  put<uint64_t>(head, writer.at());
  put<uint64_t>(head, checksum(head.data(), head.size(), kHeaderSeed));
  result.out_bytes = writer.at();
  if (std::fseek(file.get(), 0, SEEK_SET) != 0)
    throw InputError(out + ": cannot write the packed trace's header: " + std::strerror(errno));
  Writer(file.get(), out).write(head);
  file.commit();
  return result;
}

PackResult unpack_trace(const std::string& in, const std::string& dir)
{
  std::error_code ec;
  if (fs::exists(dir, ec) && (!fs::is_directory(dir, ec) || !fs::is_empty(dir, ec)))
    throw InputError(dir + ": " + (fs::is_directory(dir, ec) ? "a directory that is not empty" : "not a directory") +
                     ": unpack writes a new trace directory (rankR.txt files and index.txt)");
  TraceInputs inputs = open_trace(in, 0);
  const int size     = static_cast<int>(inputs.ranks.size());
  fs::create_directories(dir, ec);
  if (ec)
    throw InputError(dir + ": cannot make the directory: " + ec.message());
  PackResult result;
  result.ranks = size;
  std::string names;
  P2PForms forms;
  Action a;
  for (int r = 0; r < size; r++) {
    const std::string name = "rank" + std::to_string(r) + ".txt";
    names += name + "\n";
    OutputFile file((fs::path(dir) / name).string(), "the text trace of rank " + std::to_string(r));
    Writer writer(file.get(), (fs::path(dir) / name).string());
    RankReader reader(inputs.ranks[static_cast<size_t>(r)], r, size, {&forms, {}, size});
    std::string lines;
    while (reader.next(a)) {
      lines.append(reader.text()).push_back('\n');
      result.records++;
      if (lines.size() >= kBlockBytes) {
        writer.write(lines);
        lines.clear();
      }
    }
    for (const auto& [fn, calls] : reader.unreplayed()) {
      lines += "# unreplayed " + std::to_string(r) + " " + fn + " " + std::to_string(calls.calls) + " " +
               number(calls.seconds) + "\n";
      result.records++;
    }
    writer.write(lines);
    file.commit();
  }
  OutputFile index((fs::path(dir) / "index.txt").string(), "the trace's index");
  Writer(index.get(), (fs::path(dir) / "index.txt").string()).write(names);
  index.commit();
  return result;
}

} // namespace tireplay
