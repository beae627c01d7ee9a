// The replay of one rank (replay/rank.cpp: its actions; replay/rank_requests.cpp: the requests its wait and test
// lines name), private to those two files.
#pragma once

#include "replay/replay_state.hpp"

#include <string>
#include <tuple>
#include <vector>

namespace tireplay {

class RankReplay final : public CollDispatch {
public:
  RankReplay(ReplayState& replay, RankState& me) : replay_(replay), p2p_(replay.p2p), me_(me) {}

  void execute(const Action& a);
  void finish();
  /// Runs `op` with the algorithm the selector picks (a collective of the trace, or one an algorithm calls).
  void run(ActionKind op, Coll& c, const CollArgs& given) override;

private:
  const Communicator& comm_of(const Action& a) const;
  [[noreturn]] void fail(const std::string& what) const;
  void store_request(int src, int dst, int tag, Request* r) { me_.pending.store({src, dst, tag, r}); }
  // The requests a wait or test line names (rank_requests.cpp)
  void wait_action(const Action& a);
  void test_action(const Action& a);
  void waitall();
  void waitany();
  /// The (src, dst, tag) key of a wait or test line, in world ranks.
  std::tuple<int, int, int> request_key(const Action& a) const;
  void collective(const Action& a);
  void one_sided(const Action& a);
  void record(ActionKind kind, const Action& a, double start, double end, double flops)
  {
    if (replay_.record_timeline)
      me_.events.push_back({kind, start, end, bytes_sent(a), flops, me_.current_line});
  }
  uint64_t bytes_sent(const Action& a) const;

  ReplayState& replay_;
  P2PWorld& p2p_;
  RankState& me_;
  std::vector<Request*> scratch_;
};

} // namespace tireplay
