// The requests a rank's trace can still name by (src, dst, tag), in the order SMPI's replay stores them: the oldest
// of a key is the one a wait or test names; a program that never waits some (MPI_Request_free) must not make each
// later wait look through all of them.
#pragma once

#include "replay/pool.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace tireplay {

struct Request;

struct PendingRequest {
  int src, dst, tag;  // world ranks; src < 0 for a receive from any source
  Request* request;   // nullptr once a test saw it complete
};

class PendingRequests {
public:
  bool empty() const { return by_order_.empty(); }
  /// Whether any request was ever stored.
  bool ever_stored() const { return next_ > 0; }
  void store(const PendingRequest& p);
  /// The oldest request stored under (src, dst, tag), left in place; nullptr if none.
  const PendingRequest* oldest(int src, int dst, int tag);
  /// Removes and returns the oldest request of (src, dst, tag), or the `index`-th oldest (0: the oldest).
  std::optional<PendingRequest> take(int src, int dst, int tag, int index = 0);
  /// Removes and returns the oldest request of all (there must be one).
  PendingRequest take_oldest();
  /// Removes and returns the oldest request not yet seen complete, if any.
  std::optional<PendingRequest> take_oldest_active();
  /// Removes them all, oldest first.
  std::vector<PendingRequest> take_all();

private:
  using Key = std::tuple<int, int, int>;
  // Their nodes come from free lists (replay/pool.hpp): every isend and irecv stores one in each map and its wait
  // takes them, which cost two mallocs and two frees per request.
  using ByOrder = std::map<uint64_t, PendingRequest, std::less<>, FreeListAllocator<std::pair<const uint64_t,
                                                                                              PendingRequest>>>;
  using ByKey   = std::multimap<Key, uint64_t, std::less<>, FreeListAllocator<std::pair<const Key, uint64_t>>>;
  /// The first entry of `key` from `it` on still stored, dropping those taken by take_oldest*; end() if none.
  ByKey::iterator stored_from(ByKey::iterator it, const Key& key);
  /// The oldest entry of the key still stored; end() if none.
  ByKey::iterator first_of(int src, int dst, int tag);

  ByOrder by_order_;  // by the order of storing
  // Each key's, oldest first (entries removed elsewhere skipped). One node each: a deque per key cost 600 bytes for
  // every tag a test completed, which nothing takes after
  ByKey by_key_;
  uint64_t next_ = 0;
};

} // namespace tireplay
