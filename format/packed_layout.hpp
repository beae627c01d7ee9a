// The packed trace form's layout (docs/trace-format.md section 13): one binary file holding every rank's actions
// as a stream of blocks of fixed-layout records, read with large sequential reads. Shared by its writer
// (packed_writer.cpp) and its reader (packed_reader.cpp); numbers are little-endian, records unaligned.
#pragma once

#include "format/action.hpp"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>

namespace tireplay::packed {

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the packed trace form is read and written with the host's byte order, which must be little-endian"
#endif

/// The first bytes of a packed trace: not text (a text reader stops at the first), with the end of line and the
/// NUL that a transfer in text mode would change.
constexpr char kMagic[8]     = {'\x89', 'T', 'I', 'P', 'A', 'C', 'K', '\0'};
constexpr uint32_t kVersion  = 1;
constexpr size_t kHeaderSize = 48;  // magic, version, ranks, index, strings, file size, checksum
constexpr size_t kBlockHead  = 16;  // payload size, records, checksum
constexpr size_t kIndexEntry = 24;  // a rank's stream: offset, bytes, records
/// A block's payload: written up to this size (a larger record makes a larger block); one rank reader holds one
/// block. Past 1,024 ranks blocks are smaller, as the text readers' buffers are.
constexpr size_t kBlockBytes      = 64 * 1024;
constexpr size_t kSmallBlockBytes = 4 * 1024;
constexpr int kSmallBlockRanks    = 1024;

/// Record codes: the first byte of each record. The actions that make up the bulk of traces have a binary form;
/// any other action is kept as its text line, read again by the text parser.
enum Code : uint8_t {
  kCompute    = 1,   // f64 flops
  kSleep      = 2,   // f64 seconds
  kSend       = 3,   // u8 flags, i32 peer, i32 tag, u64 bytes [, i32 comm]: kSend ... kIrecv in ActionKind order
  kIsend      = 4,
  kSsend      = 5,
  kIssend     = 6,
  kBsend      = 7,
  kIbsend     = 8,
  kRecv       = 9,
  kIrecv      = 10,
  kWait       = 11,  // u8 flags [, i32 src, i32 dst, i32 tag] [, i32 index] [, i32 comm]
  kTest       = 12,
  kWaitAll    = 13,  // u8 flags [, i32 comm]
  kWaitAny    = 14,
  kLine       = 0x80,  // u32 length, the line's bytes
  kUnreplayed = 0x81,  // u32 string, u64 calls, f64 seconds: a `# unreplayed` line of the rank
};

// Flags of a record.
constexpr uint8_t kHasComm  = 1;  // a comm= field follows the others
constexpr uint8_t kHasKey   = 2;  // wait / test: (src, dst, tag)
constexpr uint8_t kHasIndex = 4;  // wait: which of its key's requests

/// The code of an action's binary form, or kLine when it has none.
inline Code code_of(ActionKind kind)
{
  switch (kind) {
    case ActionKind::Compute: return kCompute;
    case ActionKind::Sleep: return kSleep;
    case ActionKind::Send: return kSend;
    case ActionKind::Isend: return kIsend;
    case ActionKind::Ssend: return kSsend;
    case ActionKind::Issend: return kIssend;
    case ActionKind::Bsend: return kBsend;
    case ActionKind::Ibsend: return kIbsend;
    case ActionKind::Recv: return kRecv;
    case ActionKind::Irecv: return kIrecv;
    case ActionKind::Wait: return kWait;
    case ActionKind::Test: return kTest;
    case ActionKind::WaitAll: return kWaitAll;
    case ActionKind::WaitAny: return kWaitAny;
    default: return kLine;
  }
}

/// The action of a binary code (kCompute ... kWaitAny).
inline ActionKind kind_of(uint8_t code)
{
  static constexpr ActionKind kKinds[] = {ActionKind::Init,  ActionKind::Compute, ActionKind::Sleep,
                                          ActionKind::Send,  ActionKind::Isend,   ActionKind::Ssend,
                                          ActionKind::Issend, ActionKind::Bsend,  ActionKind::Ibsend,
                                          ActionKind::Recv,  ActionKind::Irecv,   ActionKind::Wait,
                                          ActionKind::Test,  ActionKind::WaitAll, ActionKind::WaitAny};
  return kKinds[code];
}

/// The checksum of a block, a table or the header: XXH3 (64 bits) seeded with where it is, so that a block moved
/// to another rank or place does not pass.
uint64_t checksum(const void* data, size_t size, uint64_t seed);
inline uint64_t block_seed(int rank, uint64_t block) { return (static_cast<uint64_t>(rank) << 32) ^ block; }
constexpr uint64_t kHeaderSeed = 0x484541444552ULL, kIndexSeed = 0x494e444558ULL, kStringsSeed = 0x535452ULL;

/// `v` in the fewest digits that read back as the same double (a binary record's volume written as its line).
inline std::string shortest(double v)
{
  char text[32];
  auto [end, ec] = std::to_chars(text, text + sizeof text, v);
  return std::string(text, ec == std::errc() ? end : text);
}

template <class T> void put(std::string& out, T value)
{
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

template <class T> T get(const char* at)
{
  T value;
  std::memcpy(&value, at, sizeof(T));
  return value;
}

} // namespace tireplay::packed
