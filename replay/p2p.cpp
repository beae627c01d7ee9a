#include "replay/p2p.hpp"

#include "replay/collectives/coll.hpp"
#include "format/action.hpp"
#include "format/rank_reader.hpp"

#include <algorithm>

namespace tireplay {
namespace {

bool same_stream(const Request* send, const Request* recv)
{
  return send->comm == recv->comm && (send->tag == recv->tag || (recv->tag == kAnyTag && send->tag >= 0));
}

const RequestQueue kNoRequests;

/// The queue at `it`, empty at the end (none is made).
template <class Queues> const RequestQueue& queue_at(const Queues& queues, typename Queues::iterator it)
{
  return it == queues.end() ? kNoRequests : it->second;
}

/// Removes `r` from the queue at `it`, and the queue once empty.
template <class Queues> void remove_at(Queues& queues, typename Queues::iterator it, Request* r)
{
  it->second.remove(r);
  if (it->second.head == nullptr)
    queues.erase(it);
}

Request* first_matching(const RequestQueue& queue, const Request* probe, bool probe_is_send)
{
  for (Request* r = queue.head; r != nullptr; r = r->next)
    if (probe_is_send ? same_stream(probe, r) : same_stream(r, probe))
      return r;
  return nullptr;
}

} // namespace

void RequestQueue::push(Request* r)
{
  r->next = nullptr;
  r->prev = tail;
  if (tail != nullptr)
    tail->next = r;
  else
    head = r;
  tail = r;
}

void RequestQueue::remove(Request* r)
{
  (r->prev != nullptr ? r->prev->next : head) = r->next;
  (r->next != nullptr ? r->next->prev : tail) = r->prev;
  r->next = r->prev = nullptr;
}

P2PWorld::P2PWorld(int world_size)
    : speed_factors(world_size, 1.0), files(world_size), lines(world_size), host_ids(world_size, 0),
      quotas(world_size, 1.0), speeds(world_size, 1.0), cores(world_size, 1), waiting_(world_size, 0),
      left_wait_at_(world_size, -1), done_(world_size),
      to_act_(world_size), to_handle_(world_size), handling_(world_size, 0), inboxes_(world_size)
{
}

P2PWorld::~P2PWorld() = default;

Request* P2PWorld::allocate(bool is_send, int src, int dst, int tag, int comm, uint64_t bytes)
{
  Request* r = requests_.take();
  r->is_send = is_send;
  r->src     = src;
  r->dst     = dst;
  r->tag     = tag;
  r->comm    = comm;
  r->bytes   = bytes;
  r->refs    = 1;
  r->seq  = next_seq++;
  r->posted_at = transport->now();
  if (int owner = is_send ? src : dst; owner >= 0 && static_cast<size_t>(owner) < lines.size())
    r->line = lines[static_cast<size_t>(owner)];
  return r;
}

void P2PWorld::release(Request* r)
{
  if (--r->refs == 0) {
    if (r->transfer != nullptr)
      drop(r->transfer);
    requests_.give_back(r);
  }
}

void P2PWorld::drop(Transfer* t)
{
  if (--t->refs == 0)
    transport->free_transfer(t);
}

void P2PWorld::start_transfer(Request* send)
{
  Transfer* t    = transport->new_transfer();
  t->refs        = 1;
  send->transfer = t;  // visible before the engine may let other ranks run (they must not start another)
  double payload = static_cast<double>(send->bytes + kEnvelopeBytes);
  transport->start(t, send->src, send->dst, payload);
  if (!config.both_ways.empty() && across_hosts(send))
    if (double back = config.both_ways_fraction(payload, !back_to_back(send)) * payload; back > 0)
      start_echo(send, back);
}

void P2PWorld::wake(Request* r)
{
  if (r->has_waiter) {
    r->has_waiter = false;
    transport->resume(r->owner());
  }
}

void P2PWorld::match(Request* send, Request* recv, bool sender_posts)
{
  // A trace's receive larger than its message is legal MPI; smaller is MPI_ERR_TRUNCATE. (Collectives' messages,
  // with SMPI's negative tags, take each side's counts as the trace gives them, as smpirun -replay does.)
  auto at = [this](const Request* r, int rank) { return files[rank] + ":" + std::to_string(r->line); };
  if (send->tag >= 0 && send->bytes > recv->bytes)
    throw InputError(at(recv, recv->dst) + ": the receive of rank " + std::to_string(recv->dst) + " (" +
                     std::to_string(recv->bytes) + " bytes) matches a message of " + std::to_string(send->bytes) +
                     " bytes sent by rank " + std::to_string(send->src) + " at " + at(send, send->src) +
                     ": a receive smaller than its message is an error in MPI (MPI_ERR_TRUNCATE)");
  // An alltoallv's messages are its pairs' counts, whatever the algorithm, and MPI wants both sides' equal: counts
  // that disagree were replayed silently (a trace's mistake, never a tracer's).
  if (send->tag == kTagAlltoallv && send->bytes != recv->bytes)
    throw InputError(at(recv, recv->dst) + ": alltoallv: rank " + std::to_string(recv->dst) + " receives " +
                     std::to_string(recv->bytes) + " bytes from rank " + std::to_string(send->src) + ", whose " +
                     "alltoallv at " + at(send, send->src) + " sends it " + std::to_string(send->bytes) +
                     " bytes: MPI requires the counts of a pair to agree");
  recv->sender_was_detached = send->detached;
  recv->bytes               = std::min(recv->bytes, send->bytes);
  recv->src                 = send->src;
  send->matched = recv->matched = true;
  send->matched_at = recv->matched_at = transport->now();
  if (send->transfer == nullptr && !send->detached && !config.async_progress && across_hosts(send)) {
    handshake(send, recv, sender_posts);  // moves the bytes once the ranks have answered each other
    return;
  }
  if (send->transfer == nullptr)
    start_transfer(send);
  recv->transfer = send->transfer;
  if (send->detached)  // complete whatever its bytes do: the receive alone keeps them (a program that never waits
    send->transfer = nullptr;  // its isends kept every one's SimGrid communication, 1 KB each)
  else
    recv->transfer->refs++;
  wake(send);
  wake(recv);
}

Request* P2PWorld::post_send(int src, int dst, int tag, int comm, uint64_t bytes, bool nonblocking, bool synchronous,
                             bool buffered)
{
  // SMPI injects the send overhead before the message reaches the receiver's queue.
  bool detached = buffered || (!synchronous && bytes < static_cast<uint64_t>(config.detached_send_threshold));
  if (detached || nonblocking || synchronous) {
    const auto& overhead = nonblocking ? overheads[src].isend : overheads[src].send;
    if (!overhead.is_zero())
      if (double seconds = overhead.at(bytes); seconds > 0)
        transport->sleep(seconds);
  }
  gate(src);
  progress(src);
  Request* s  = allocate(true, src, dst, tag, comm, bytes);
  s->detached = detached;

  // Each queue is looked up once: a message's match removes what it found there.
  Inbox& inbox   = inboxes_[dst];
  auto from_src  = inbox.recvs.find(src);
  Request* named = first_matching(queue_at(inbox.recvs, from_src), s, true);
  Request* any   = first_matching(inbox.any_recvs, s, true);
  Request* recv  = (named != nullptr && (any == nullptr || named->seq < any->seq)) ? named : any;
  if (recv != nullptr) {
    if (recv == named)
      remove_at(inbox.recvs, from_src, recv);
    else
      inbox.any_recvs.remove(recv);
    match(s, recv, true);
    release(recv);  // the queue's reference
    return s;
  }
  s->refs++;
  inbox.sends[src].push(s);  // queued before the simcall below lets other ranks run
  if (bytes < static_cast<uint64_t>(config.async_small_threshold))
    start_transfer(s);  // eager: the data moves before the receive is posted
  return s;
}

Request* P2PWorld::post_recv(int src, int dst, int tag, int comm, uint64_t bytes)
{
  gate(dst);
  progress(dst);
  Request* r = allocate(false, src, dst, tag, comm, bytes);
  r->from_any = src < 0;

  Inbox& inbox  = inboxes_[dst];
  Request* send = nullptr;
  auto queue    = inbox.sends.end();  // the queue of `send`
  if (src >= 0) {
    queue = inbox.sends.find(src);
    send  = first_matching(queue_at(inbox.sends, queue), r, false);
  } else {
    for (auto it = inbox.sends.begin(); it != inbox.sends.end(); ++it)
      if (Request* c = first_matching(it->second, r, false); c != nullptr && (send == nullptr || c->seq < send->seq)) {
        send  = c;
        queue = it;
      }
  }
  if (send != nullptr) {
    remove_at(inbox.sends, queue, send);
    match(send, r, false);
    release(send);
    return r;
  }
  r->refs++;
  (src >= 0 ? inbox.recvs[src] : inbox.any_recvs).push(r);
  return r;
}

bool P2PWorld::is_complete(Request* r)
{
  if (r->is_send && r->detached)
    return true;
  return r->matched && r->transfer != nullptr && transport->finished(r->transfer);
}

double P2PWorld::receive_overhead(const Request* r) const
{
  // SMPI's finish_wait: smpi/or applies to a receive whose sender was detached.
  if (r->is_send || !r->sender_was_detached)
    return 0;
  const auto& overhead = overheads[r->dst].receive;
  return overhead.is_zero() ? 0 : overhead.at(r->bytes);
}

double P2PWorld::complete(Request* r)
{
  if (r->is_send && r->detached)
    return transport->now();
  while (!r->matched || r->transfer == nullptr) {  // (a rendezvous's bytes may start after the match: handshake())
    r->has_waiter = true;
    transport->suspend();
  }
  double at = transport->wait(r->transfer);
  note_completion(r, at);
  return at;
}

void P2PWorld::wait(Request* r)
{
  double start = transport->now();
  int owner    = r->owner();
  // Waiting first: the handshakes that progress() starts are simcalls, during which the other ranks run and must
  // see this one inside MPI (else they leave it an answer to act on that nothing takes: a false deadlock).
  waiting_[owner] = 1;
  progress(owner);
  pay_transport_cpu(owner, &r, 1, false);
  complete(r);
  pay_transport_cpu(owner, &r, 1, true);  // a receive from any source knows its sender now
  leave_wait(owner);
  wakeup_after(owner, start, across_hosts(r));
  if (double seconds = receive_overhead(r); seconds > 0)
    transport->sleep(seconds);
  gate(owner);
  release(r);
}

void P2PWorld::waitall(std::vector<Request*>& requests)
{
  if (requests.empty())
    return;
  int owner = requests.front()->owner();  // every request is the calling rank's
  // The rank's own list: another rank's waitall runs while this one waits (a list shared by the thread made a
  // symmetric exchange pay smpi/or twice on one side).
  std::vector<Done>& done = done_[static_cast<size_t>(owner)];
  done.clear();
  double start      = transport->now();
  bool any_overhead = false;
  waiting_[owner] = 1;  // before progress(), as in wait()
  progress(owner);
  pay_transport_cpu(owner, requests.data(), requests.size(), false);
  for (Request* r : requests) {
    // SMPI's waitany returns the detached sends first: they complete at once and cost nothing.
    double at = (r->is_send && r->detached) ? start : complete(r);
    double o  = receive_overhead(r);
    any_overhead = any_overhead || o > 0;
    if (!(r->is_send && r->detached))
      done.push_back({at, o});
  }
  pay_transport_cpu(owner, requests.data(), requests.size(), true);  // receives from any source know their senders
  leave_wait(owner);
  bool remote = scheduler_delays() &&
                std::any_of(requests.begin(), requests.end(), [this](const Request* r) { return across_hosts(r); });
  wakeup_after(owner, start, remote);
  if (any_overhead) {
    // Replay SMPI's loop: take the first request (in order) already complete at t, else the next to
    // complete; then sleep its overhead.
    double t = start;
    std::vector<bool> taken(done.size(), false);
    for (size_t n = 0; n < done.size(); n++) {
      size_t pick = done.size();
      for (size_t i = 0; i < done.size(); i++)
        if (!taken[i] && done[i].at <= t) {
          pick = i;
          break;
        }
      if (pick == done.size())
        for (size_t i = 0; i < done.size(); i++)
          if (!taken[i] && (pick == done.size() || done[i].at < done[pick].at))
            pick = i;
      taken[pick] = true;
      t           = std::max(t, done[pick].at) + done[pick].overhead;
    }
    if (double rest = t - transport->now(); rest > 0)
      transport->sleep(rest);
  }
  gate(owner);
  for (Request* r : requests)
    release(r);
  requests.clear();
}

bool P2PWorld::test(Request* r)
{
  gate(r->owner());
  progress(r->owner());
  if (config.test_sleep > 0)
    transport->sleep(test_sleep_factor * config.test_sleep);
  if (!(r->is_send && r->detached))  // SMPI's detached send has no communication left to test: no simcall
    transport->yield();
  if (!is_complete(r)) {
    if (config.grow_injected_times)
      test_sleep_factor++;
    return false;
  }
  test_sleep_factor = 1;
  wait(r);  // completes at once; applies smpi/or like SMPI's finish_wait
  return true;
}

std::vector<P2PWorld::Unmatched> P2PWorld::unmatched() const
{
  std::vector<Unmatched> out;
  auto where = [this](const Request* r) {
    auto owner = static_cast<size_t>(r->owner());
    return r->line > 0 && owner < files.size() ? files[owner] + ":" + std::to_string(r->line) : std::string();
  };
  for (const auto& inbox : inboxes_) {
    for (const auto& [source, queue] : inbox.sends)
      for (Request* r = queue.head; r != nullptr; r = r->next)
        out.push_back({true, r->src, r->dst, r->tag, r->comm, r->bytes, where(r)});
    for (const auto& [source, queue] : inbox.recvs)
      for (Request* r = queue.head; r != nullptr; r = r->next)
        out.push_back({false, r->src, r->dst, r->tag, r->comm, r->bytes, where(r)});
    for (Request* r = inbox.any_recvs.head; r != nullptr; r = r->next)
      out.push_back({false, r->src, r->dst, r->tag, r->comm, r->bytes, where(r)});
  }
  return out;
}

void P2PWorld::sleep(double seconds)
{
  if (seconds > 0)
    transport->sleep(seconds);
}

} // namespace tireplay
