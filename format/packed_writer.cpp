#include "format/packed_writer.hpp"

#include "format/packed_layout.hpp"
#include "format/rank_reader.hpp"

#include <cerrno>
#include <cstring>

namespace tireplay {

using namespace packed;

void write_all(FILE* file, const std::string& bytes, const std::string& path)
{
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), file) != bytes.size())
    throw InputError(path + ": cannot write: " + std::strerror(errno));
}

PackedWriter::PackedWriter(FILE* file, std::string path, int ranks)
    : file_(file), path_(std::move(path)), ranks_(ranks),
      block_bytes_(ranks > kSmallBlockRanks ? kSmallBlockBytes : kBlockBytes)
{
  write(std::string(kHeaderSize, '\0'));  // written again by finish()
}

void PackedWriter::write(const std::string& bytes)
{
  write_all(file_, bytes, path_);
  at_ += bytes.size();
}

void PackedWriter::begin_rank(int rank)
{
  rank_       = rank;
  rank_start_ = at_;
  records_ = blocks_ = 0;
}

std::string& PackedWriter::record()
{
  records_++;
  in_block_++;
  return payload_;
}

void PackedWriter::end_record()
{
  if (payload_.size() >= block_bytes_)
    flush_block();
}

void PackedWriter::flush_block()
{
  if (in_block_ == 0)
    return;
  std::string head;
  put<uint32_t>(head, static_cast<uint32_t>(payload_.size()));
  put<uint32_t>(head, in_block_);
  put<uint64_t>(head, checksum(payload_.data(), payload_.size(), block_seed(rank_, blocks_++)));
  write(head);
  write(payload_);
  payload_.clear();
  in_block_ = 0;
}

uint64_t PackedWriter::end_rank()
{
  flush_block();
  index_.insert(index_.end(), {rank_start_, at_ - rank_start_, records_});
  return records_;
}

uint32_t PackedWriter::intern(const std::string& s)
{
  auto [it, added] = strings_.emplace(s, static_cast<uint32_t>(strings_.size()));
  if (added)
    string_order_.push_back(&it->first);
  return it->second;
}

uint64_t PackedWriter::finish()
{
  const uint64_t strings_at = at_;
  std::string table;
  put<uint32_t>(table, static_cast<uint32_t>(string_order_.size()));
  for (const std::string* s : string_order_) {
    put<uint32_t>(table, static_cast<uint32_t>(s->size()));
    table += *s;
  }
  put<uint64_t>(table, checksum(table.data(), table.size(), kStringsSeed));
  write(table);
  const uint64_t index_at = at_;
  table.clear();
  for (uint64_t v : index_)
    put<uint64_t>(table, v);
  put<uint64_t>(table, checksum(table.data(), table.size(), kIndexSeed));
  write(table);

  std::string head(kMagic, sizeof kMagic);
  put<uint32_t>(head, kVersion);
  put<uint32_t>(head, static_cast<uint32_t>(ranks_));
  put<uint64_t>(head, index_at);
  put<uint64_t>(head, strings_at);
  put<uint64_t>(head, at_);
  put<uint64_t>(head, checksum(head.data(), head.size(), kHeaderSeed));
  if (std::fseek(file_, 0, SEEK_SET) != 0)
    throw InputError(path_ + ": cannot write the packed trace's header: " + std::strerror(errno));
  write_all(file_, head, path_);
  return at_;
}

} // namespace tireplay
