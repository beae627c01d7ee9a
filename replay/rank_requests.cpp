// A rank's wait and test lines: which of its stored requests each names, as SMPI's replay keeps them by
// (src, dst, tag) (smpi_replay.cpp's RequestStorage; replay/pending_requests.hpp).
#include "replay/rank_replay.hpp"

namespace tireplay {

std::tuple<int, int, int> RankReplay::request_key(const Action& a) const
{
  const Communicator& comm = comm_of(a);
  return {a.peer < 0 ? kAnySource : comm.world_rank(a.peer), comm.world_rank(a.peer2), a.tag};
}

void RankReplay::wait_action(const Action& a)
{
  // A polling loop written `test` (failed in the run), `test` + `wait` (the successful one) for one request that the
  // replay completes at the first test: the second takes the null it left, and nothing is left for the wait. SMPI's
  // replay aborts there (as if no request had been made); the wait has nothing to wait for.
  if (me_.pending.empty()) {
    if (!me_.pending.ever_stored())
      fail("wait not preceded by any isend or irecv");
    return;
  }
  Request* r = nullptr;
  if (a.has_request_key) {
    auto [src, dst, tag] = request_key(a);
    auto found           = me_.pending.take(src, dst, tag, a.request_index);
    if (!found)
      return;  // as SMPI: assume a test already caught it (an index beyond the key's requests alike)
    r = found->request;
  } else {
    r = me_.pending.take_oldest().request;  // the paper's and pre-3.20 `wait` takes the oldest request
  }
  if (r != nullptr)
    p2p_.wait(r);
}

void RankReplay::test_action(const Action& a)
{
  auto [src, dst, tag]                = request_key(a);
  std::optional<PendingRequest> found = me_.pending.take(src, dst, tag);
  // SMPI takes the oldest of the key and ignores the test if an earlier test saw it complete (it was kept for a wait,
  // which takes it as well): left in place, it made every later test of its key do nothing, and a program polling
  // with MPI_Test kept one more per test
  if (!found || found->request == nullptr)
    return;
  // SMPI re-stores the request at the back of its (src, dst, tag) list, completed or not.
  if (p2p_.test(found->request))
    found->request = nullptr;
  me_.pending.store(*found);
}

void RankReplay::waitall()
{
  auto& requests = scratch_;
  for (const auto& p : me_.pending.take_all())
    if (p.request != nullptr)
      requests.push_back(p.request);
  p2p_.waitall(requests);
  replay_.rma.wait_requests(me_.rank);  // MPI_Waitall's one-sided requests (rput ...)
}

void RankReplay::waitany()
{
  // The trace does not say which request completed: wait for the oldest one still pending.
  if (auto p = me_.pending.take_oldest_active())
    p2p_.wait(p->request);
}

} // namespace tireplay
