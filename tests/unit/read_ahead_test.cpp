// Unit tests of format/read_ahead: the actions a rank's reader takes from the parsing thread are those it would
// parse itself, in order, with the same lines and the same error at the same place, whatever the threads' timing.
#include "format/read_ahead.hpp"

#include "tests/unit/test_support.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace tireplay;
using namespace tireplay::testing;

namespace {

struct Seen {
  std::vector<std::string> items;  // "kind line bytes", then the error or "end"
};

std::string item(const Action& a, uint64_t line)
{
  return std::to_string(static_cast<int>(a.kind)) + " " + std::to_string(line) + " " + std::to_string(a.bytes) +
         " " + std::to_string(a.flops);
}

/// Each rank's items when its reader parses its own file.
std::vector<Seen> direct(const std::vector<std::string>& files)
{
  std::vector<Seen> seen(files.size());
  const int n = static_cast<int>(files.size());
  for (int r = 0; r < n; r++) {
    RankReader reader(RankInput{files[r], files[r], false}, r, n);
    Action a;
    try {
      while (reader.next(a))
        seen[r].items.push_back(item(a, reader.line()));
      seen[r].items.push_back("end");
    } catch (const InputError& e) {
      seen[r].items.push_back(e.what());
    }
  }
  return seen;
}

/// The same through ReadAhead, the ranks read in an order and at a pace drawn from `seed`.
std::vector<Seen> ahead(const std::vector<std::string>& files, unsigned seed)
{
  const int n = static_cast<int>(files.size());
  std::vector<std::unique_ptr<RankReader>> parsers;
  for (int r = 0; r < n; r++)
    parsers.push_back(std::make_unique<RankReader>(RankInput{files[r], files[r], false}, r, n,
                                                   ReaderContext{nullptr, {}, n, false}));
  ReadAhead read_ahead(std::move(parsers));
  std::vector<std::unique_ptr<RankReader>> readers;
  for (int r = 0; r < n; r++)
    readers.push_back(std::make_unique<RankReader>(RankInput{files[r], files[r], false}, r, n,
                                                   ReaderContext{nullptr, {}, n, true, read_ahead.feed(r)}));
  std::vector<Seen> seen(files.size());
  std::vector<bool> done(files.size(), false);
  std::mt19937 random(seed);
  int left = n;
  Action a;
  while (left > 0) {
    int r = static_cast<int>(random() % static_cast<unsigned>(n));
    if (done[r])
      continue;
    for (unsigned k = random() % 700; k > 0 && !done[r]; k--) {
      try {
        if (readers[r]->next(a)) {
          seen[r].items.push_back(item(a, readers[r]->line()));
          continue;
        }
        seen[r].items.push_back("end");
      } catch (const InputError& e) {
        seen[r].items.push_back(e.what());
      }
      done[r] = true;
      left--;
    }
    if (random() % 4 == 0)
      std::this_thread::sleep_for(std::chrono::microseconds(random() % 200));
  }
  return seen;
}

} // namespace

TEST_CASE("actions parsed ahead are those parsed in place, with their errors, at any pace", "[read_ahead]")
{
  TempDir dir;
  std::vector<std::string> files;
  for (int r = 0; r < 4; r++) {
    std::string text = "# rank " + std::to_string(r) + "\n";
    for (int i = 0; i < 3000; i++)
      text += std::to_string(r) + " compute " + std::to_string(i + 1) + "\n" + std::to_string(r) + " send " +
              std::to_string((r + 1) % 4) + " 0 " + std::to_string(i) + "\n";
    if (r == 2)
      text += "2 compute x\n2 compute 1\n";  // an error after 6,000 actions
    if (r == 3)
      text += "3 win_create 1\n3 win_lock_all 1\n";  // an epoch left open: the end's error
    files.push_back(dir.file("r" + std::to_string(r) + ".txt", text));
  }
  const auto expected = direct(files);
  REQUIRE(expected[2].items.back().find("r2.txt:6002: compute: field 'flops' is not a number") != std::string::npos);
  REQUIRE(expected[3].items.back().find("window 1 still has an epoch open") != std::string::npos);
  for (unsigned seed = 1; seed <= 6; seed++) {
    const auto got = ahead(files, seed);
    for (size_t r = 0; r < files.size(); r++)
      CHECK(got[r].items == expected[r].items);
  }
}
