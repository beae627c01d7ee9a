// Unit tests of replay/pending_requests: the order in which waits and tests find the requests a trace names.
#include "replay/pending_requests.hpp"

#include <catch2/catch.hpp>

#include <cstdint>

using tireplay::PendingRequest;
using tireplay::PendingRequests;
using tireplay::Request;

namespace {
Request* fake(int n) { return reinterpret_cast<Request*>(static_cast<uintptr_t>(0x1000 * n)); }  // never dereferenced
}

TEST_CASE("pending requests: the oldest of a key, as SMPI's replay stores them")
{
  PendingRequests p;
  p.store({0, 1, 9, fake(1)});
  p.store({0, 1, 3, fake(2)});
  p.store({0, 1, 9, fake(3)});
  p.store({0, 1, 3, fake(4)});
  REQUIRE(p.oldest(0, 1, 3)->request == fake(2));
  REQUIRE(p.take(0, 1, 3)->request == fake(2));
  REQUIRE(p.take(0, 1, 3)->request == fake(4));
  REQUIRE_FALSE(p.take(0, 1, 3).has_value());
  REQUIRE(p.oldest(0, 1, 7) == nullptr);
  // take_oldest takes across keys; the key's next take skips what it took
  REQUIRE(p.take_oldest().request == fake(1));
  REQUIRE(p.take(0, 1, 9)->request == fake(3));
  REQUIRE(p.empty());
}

TEST_CASE("pending requests: a completed one is skipped by take_oldest_active, re-stored at the back")
{
  PendingRequests p;
  p.store({0, 1, 5, nullptr});  // a test saw it complete
  p.store({2, 1, 5, fake(7)});
  p.store({0, 1, 5, fake(8)});
  REQUIRE(p.take_oldest_active()->request == fake(7));
  REQUIRE(p.oldest(0, 1, 5)->request == nullptr);
  auto all = p.take_all();
  REQUIRE(all.size() == 2);
  REQUIRE(all[0].request == nullptr);
  REQUIRE(all[1].request == fake(8));
  REQUIRE(p.empty());
  REQUIRE_FALSE(p.take(0, 1, 5).has_value());
}

TEST_CASE("pending requests: a wait's index takes that one of its key, skipping those taken elsewhere")
{
  PendingRequests p;
  p.store({0, 1, 4, fake(1)});
  p.store({0, 1, 6, fake(2)});
  p.store({0, 1, 4, fake(3)});
  p.store({0, 1, 4, fake(4)});
  p.store({0, 1, 4, fake(5)});
  REQUIRE(p.take(0, 1, 4, 2)->request == fake(4));  // the third of key (0, 1, 4)
  REQUIRE(p.take_oldest().request == fake(1));        // taken across keys: the key's next index skips it
  REQUIRE(p.take(0, 1, 4, 1)->request == fake(5));
  REQUIRE_FALSE(p.take(0, 1, 4, 1).has_value());      // beyond the key's requests: none
  REQUIRE(p.take(0, 1, 4)->request == fake(3));
  REQUIRE(p.take(0, 1, 6)->request == fake(2));
  REQUIRE(p.empty());
}
