// Unit tests of the packed form's reader (format/packed_reader.cpp) on files made record by record with valid
// checksums: what a corrupt or hostile record says, and what the binary records read as.
#include "format/packed_layout.hpp"
#include "format/packed_writer.hpp"
#include "format/rank_reader.hpp"
#include "format/trace_source.hpp"

#include "tests/unit/test_support.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

using namespace tireplay;
using namespace tireplay::packed;
using namespace tireplay::testing;

namespace {

/// A packed file of `ranks` ranks whose streams hold the given records.
std::string make_packed(const TempDir& dir, const std::vector<std::vector<std::string>>& ranks)
{
  std::string path = dir.str() + "/t.tipack";
  FILE* f          = std::fopen(path.c_str(), "wb");
  REQUIRE(f != nullptr);
  PackedWriter writer(f, path, static_cast<int>(ranks.size()));
  for (size_t r = 0; r < ranks.size(); r++) {
    writer.begin_rank(static_cast<int>(r));
    for (const std::string& record : ranks[r]) {
      writer.record() += record;
      writer.end_record();
    }
    writer.end_rank();
  }
  writer.finish();
  REQUIRE(std::fclose(f) == 0);
  return path;
}

std::string send(uint8_t code, int32_t peer, int32_t tag, uint64_t bytes)
{
  std::string r;
  put<uint8_t>(r, code);
  put<uint8_t>(r, 0);
  put<int32_t>(r, peer);
  put<int32_t>(r, tag);
  put<uint64_t>(r, bytes);
  return r;
}

std::string compute(double flops)
{
  std::string r;
  put<uint8_t>(r, kCompute);
  put<double>(r, flops);
  return r;
}

std::string line(const std::string& text)
{
  std::string r;
  put<uint8_t>(r, kLine);
  put<uint32_t>(r, static_cast<uint32_t>(text.size()));
  return r + text;
}

/// Reads rank `rank` to its end; returns the first error's message, or "" and the actions in `read`.
std::string read_rank(const std::string& path, int rank, std::vector<Action>* read = nullptr)
{
  try {
    TraceInputs in = open_trace(path, 0);
    RankReader reader(in.ranks.at(static_cast<size_t>(rank)), rank, static_cast<int>(in.ranks.size()));
    Action a;
    while (reader.next(a))
      if (read != nullptr)
        read->push_back(a);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("binary records read as their text would", "[packed]")
{
  TempDir dir;
  std::string wait;
  put<uint8_t>(wait, kWait);
  put<uint8_t>(wait, kHasKey | kHasIndex);
  for (int32_t v : {-1, 0, 7, 2})  // src any, dst 0, tag 7, index 2
    put<int32_t>(wait, v);
  auto path = make_packed(dir, {{compute(5e8), send(kIrecv, -1, -444, 80), wait, line("0 barrier")}, {}});
  std::vector<Action> read;
  REQUIRE(read_rank(path, 0, &read).empty());
  REQUIRE(read.size() == 4);
  CHECK(read[0].kind == ActionKind::Compute);
  CHECK(read[0].flops == 5e8);
  CHECK(read[1].kind == ActionKind::Irecv);
  CHECK(read[1].peer == kAnySource);
  CHECK(read[1].tag == kAnyTag);
  CHECK(read[1].bytes == 80);
  CHECK(read[2].kind == ActionKind::Wait);
  CHECK(read[2].has_request_key);
  CHECK(read[2].peer == kAnySource);
  CHECK(read[2].tag == 7);
  CHECK(read[2].request_index == 2);
  CHECK(read[3].kind == ActionKind::Barrier);
  CHECK(read_rank(path, 1).empty());
}

TEST_CASE("hostile binary records are refused as their lines are", "[packed]")
{
  TempDir dir;
  auto refused = [&](const std::string& record) { return read_rank(make_packed(dir, {{record}, {}}), 0); };
  const std::string at = dir.str() + "/t.tipack[rank 0]:1: a corrupt record: ";
  CHECK(refused(send(kSend, 2, 0, 8)) == at + "send: partner 2 is not a rank of a communicator of size 2");
  CHECK(refused(send(kSend, -1, 0, 8)) == at + "send: partner -1 is not a rank of a communicator of size 2");
  CHECK(refused(send(kIsend, 1, -444, 8)) == at + "isend: tag -444 is not a tag");
  CHECK(refused(send(kRecv, 1, -3, 8)) == at + "recv: tag -3 is not a tag");
  CHECK(refused(compute(-1)) == at + "compute: a negative or non-finite volume");
  CHECK(refused(compute(1.0 / 0.0)) == at + "compute: a negative or non-finite volume");
  CHECK(refused(std::string(1, '\x0f')) == at + "unknown record code 15");
  CHECK(refused(std::string(1, '\0')) == at + "unknown record code 0");
  CHECK(refused(send(kSend, 1, 0, 8).substr(0, 9)) == at + "a send record longer than its block");
  CHECK(refused(send(kSend, 1, 0, UINT64_MAX)) ==
        at + "send: field 'count': 18446744073709551615 bytes are no count a trace can hold");
  CHECK(refused(send(kSend, 1, 0, UINT64_MAX - 1023)) ==
        at + "send: field 'count': 18446744073709550592 bytes are no count a trace can hold");
  std::string comm = send(kSend, 1, 0, 8);
  comm[1]          = kHasComm;
  put<int32_t>(comm, 3);
  CHECK(refused(comm) == at + "send: communicator 3 is not defined by an earlier comm_split or comm_dup");
  std::string flags = send(kSend, 1, 0, 8);
  flags[1]          = kHasKey;
  CHECK(refused(flags) == at + "send: flags 2 are not those of a send");
  std::string test;
  put<uint8_t>(test, kTest);
  put<uint8_t>(test, 0);
  CHECK(refused(test) == at + "test: flags 0 are not those of a test");
  CHECK(refused(line("0 compute x")) == dir.str() + "/t.tipack[rank 0]:1: compute: field 'flops' is not a number: "
                                                    "'x' (expected: compute <flops>)\n    0 compute x");
  CHECK(refused(line("1 compute 1")) == dir.str() + "/t.tipack[rank 0]:1: line for rank 1 in the trace of rank 0\n"
                                                    "    1 compute 1");
  CHECK(refused(line("# 0 compute 1")) == at + "a line record that is not one action's line");
  CHECK(refused(line(std::string("0 compute 1\n0 compute 2"))) == at + "a line record that is not one action's line");
  std::string unreplayed;
  put<uint8_t>(unreplayed, kUnreplayed);
  put<uint32_t>(unreplayed, 5);  // no such string
  put<uint64_t>(unreplayed, 1);
  put<double>(unreplayed, 1.0);
  CHECK(refused(unreplayed) == at + "an unreplayed-calls record that does not read");
}

TEST_CASE("a one-sided epoch left open by binary and line records is found at the end", "[packed]")
{
  TempDir dir;
  auto path = make_packed(dir, {{line("0 win_create 1"), line("0 win_lock_all 1"), compute(1)}, {line("1 win_create 1")}});
  CHECK(read_rank(path, 0) == dir.str() + "/t.tipack[rank 0]: at the end of the trace of rank 0: window 1 still has "
                                          "an epoch open (win_lock_all without win_unlock_all)");
}

TEST_CASE("a binary record's line reads back as the same action, its count too large for bytes", "[packed]")
{
  TempDir dir;
  const uint64_t huge = UINT64_MAX - 2047;  // a double's integer, 1.8e19 bytes or more: no count of MPI_BYTEs
  auto path           = make_packed(dir, {{send(kSend, 1, 3, huge)}, {}});
  TraceInputs in      = open_trace(path, 0);
  RankReader reader(in.ranks[0], 0, 2);
  Action a;
  REQUIRE(reader.next(a));
  CHECK(a.bytes == huge);
  CHECK(std::string(reader.text()) == "0 send 1 3 9223372036854774784 3");
  Parser parse(2);
  CHECK(parse(std::string(reader.text())).bytes == huge);
}
