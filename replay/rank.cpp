// The replay of one rank: read an action, execute it with SMPI's semantics (smpi_replay.cpp), repeat.
#include "replay/rank_replay.hpp"

#include <algorithm>
#include <exception>
#include <map>
#include <stdexcept>
#include <tuple>

namespace tireplay {

const Communicator& RankReplay::comm_of(const Action& a) const
{
  const Communicator* comm = replay_.comms.find(a.comm);
  if (comm == nullptr)
    fail("communicator " + std::to_string(a.comm) + " is not defined");
  if (comm->local_rank(me_.rank) < 0)
    fail("rank " + std::to_string(me_.rank) + " is not a member of communicator " + std::to_string(a.comm));
  return *comm;
}

/// The bytes the timed outputs show (docs/timed-outputs.md): the action's send volume. The v-collectives hold theirs
/// in per-rank counts (alltoallv's rows said 0 bytes).
uint64_t RankReplay::bytes_sent(const Action& a) const
{
  auto total = [](const std::vector<uint64_t>& counts) {
    uint64_t sum = 0;  // below 2^64: the reader checks it (parse_collective)
    for (uint64_t c : counts)
      sum += c;
    return sum;
  };
  switch (a.kind) {
    case ActionKind::AllToAllV: return total(a.send_counts);
    case ActionKind::ScatterV: return comm_of(a).local_rank(me_.rank) == a.root ? total(a.send_counts) : 0;
    case ActionKind::ReduceScatter: return total(a.recv_counts);  // the whole vector each rank gives the reduction
    default: return a.bytes;
  }
}

void RankReplay::fail(const std::string& what) const
{
  throw InputError(input_error_text(me_.reader->file(), me_.reader->line(), what, me_.reader->text()));
}

void RankReplay::collective(const Action& a)
{
  const Communicator& comm = comm_of(a);
  Coll c(p2p_, comm, me_.rank);
  CollArgs args;
  args.bytes       = a.bytes;
  args.bytes2      = a.bytes2;
  args.root        = a.root;
  args.datatype_size = a.datatype_size;
  args.recv_datatype_size = a.recv_datatype_size;
  args.send_counts = &a.send_counts;
  args.recv_counts = &a.recv_counts;
  args.flops       = a.flops;
  args.reductions_in_steps = a.kind == ActionKind::Reduce && replay_.reductions_in_steps;
  c.set_dispatch(this);
  if (a.kind == ActionKind::AllToAllV) {  // its own pair sends nothing: its counts are checked here (MPI: equal)
    auto self = static_cast<size_t>(c.rank());
    if (self < a.send_counts.size() && self < a.recv_counts.size() && a.send_counts[self] != a.recv_counts[self])
      fail("alltoallv: rank " + std::to_string(me_.rank) + " sends itself " + std::to_string(a.send_counts[self]) +
           " bytes but receives " + std::to_string(a.recv_counts[self]) +
           " from itself: MPI requires the counts of a pair to agree");
  }
  try {
    run(a.kind, c, args);
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
}

void RankReplay::one_sided(const Action& a)
{
  const Communicator& comm = comm_of(a);
  auto barrier             = [this, &comm]() {
    Coll c(p2p_, comm, me_.rank);
    c.set_dispatch(this);
    run(ActionKind::Barrier, c, CollArgs{});
  };
  if (std::string err = replay_.rma.execute(me_.rank, a, comm, barrier); !err.empty())
    fail(err);
}

void RankReplay::run(ActionKind op, Coll& c, const CollArgs& given)
{
  CollArgs args      = given;
  Choice choice      = replay_.selector.choose(op, c.comm(), args, c.rank());
  args.segment_bytes = choice.tuning.segment_bytes;
  args.limit         = choice.tuning.limit;
  args.comms = &replay_.comms;  // sub-communicators: hierarchical, grid and SMPI's SMP-aware algorithms
  if (op == ActionKind::Reduce || choice.algorithm->composite)  // costs (greedy trees), hierarchy (composite)
    args.model = &replay_.selector.context(c.comm());
  choice.algorithm->run(c, args);
}

void RankReplay::execute(const Action& a)
{
  const double start = p2p_.now();
  double* bucket     = &me_.stats.comm_seconds;
  switch (a.kind) {
    case ActionKind::Init:
    case ActionKind::Finalize:
    case ActionKind::CommSize:
    case ActionKind::Location:
      return;
    case ActionKind::CommSplit:
    case ActionKind::CommDup: {
      if (a.new_comm < 0)
        return;  // SimGrid's argument-less form
      // comm_split lists ranks of the trace's MPI_COMM_WORLD: with several jobs, its job's, numbered on from the
      // previous jobs' here
      const Communicator& world = replay_.comms.get(me_.job);
      std::vector<int> members;
      if (a.kind == ActionKind::CommSplit) {
        for (int m : a.members) {
          if (m < 0 || m >= world.size())
            fail("member " + std::to_string(m) + " of the communicator it creates is not a rank of its " +
                 std::to_string(world.size()) + "-rank trace");
          members.push_back(world.world_rank(m));
        }
      } else {
        members = comm_of(a).members();
      }
      if (std::find(members.begin(), members.end(), me_.rank) == members.end())
        fail("rank " + std::to_string(world.local_rank(me_.rank)) + " is not a member of the communicator it "
             "creates");
      if (std::string err = replay_.comms.define(a.new_comm, members); !err.empty())
        fail(err);
      p2p_.communicator_made(members);
      return;
    }
    case ActionKind::Compute:
      bucket = &me_.stats.compute_seconds;
      if (p2p_.config.simulate_computation)
        p2p_.compute(me_.rank, a.flops);
      break;
    case ActionKind::Sleep:
      bucket = &me_.stats.compute_seconds;
      if (!(p2p_.now() + a.seconds < 1e300))  // as a computation's (SimGrid's clock; named at the action's line)
        throw std::overflow_error("the simulated clock overflows: this sleep ends beyond 1e300 seconds");
      p2p_.transport->sleep(a.seconds);
      break;
    case ActionKind::Poll:  // MPI's own CPU time (bucket: communication)
      if (p2p_.config.simulate_computation)
        p2p_.poll(me_.rank, a.polls);
      break;
    case ActionKind::Send:
    case ActionKind::Ssend:
    case ActionKind::Isend:
    case ActionKind::Issend:
    case ActionKind::Bsend:
    case ActionKind::Ibsend: {
      const Communicator& comm = comm_of(a);
      bool nonblocking = a.kind == ActionKind::Isend || a.kind == ActionKind::Issend || a.kind == ActionKind::Ibsend;
      bool synchronous = a.kind == ActionKind::Ssend || a.kind == ActionKind::Issend;
      bool buffered    = a.kind == ActionKind::Bsend || a.kind == ActionKind::Ibsend;  // detached: waits for nothing
      int dst          = comm.world_rank(a.peer);
      Request* r = p2p_.post_send(me_.rank, dst, a.tag, comm.id(), a.bytes, nonblocking, synchronous, buffered);
      if (nonblocking)
        store_request(me_.rank, dst, a.tag, r);
      else
        p2p_.wait(r);
      break;
    }
    case ActionKind::Recv:
    case ActionKind::Irecv: {
      const Communicator& comm = comm_of(a);
      int src                  = a.peer < 0 ? kAnySource : comm.world_rank(a.peer);
      Request* r               = p2p_.post_recv(src, me_.rank, a.tag, comm.id(), a.bytes);
      if (a.kind == ActionKind::Irecv)
        store_request(src, me_.rank, a.tag, r);
      else
        p2p_.wait(r);
      break;
    }
    case ActionKind::Wait:
      bucket = &me_.stats.wait_seconds;
      wait_action(a);
      break;
    case ActionKind::Test:
      bucket = &me_.stats.wait_seconds;
      test_action(a);
      break;
    case ActionKind::WaitAll:
      bucket = &me_.stats.wait_seconds;
      waitall();
      break;
    case ActionKind::WaitAny:
      bucket = &me_.stats.wait_seconds;
      waitany();
      break;
    case ActionKind::SendRecv: {
      const Communicator& comm = comm_of(a);
      if (a.peer == comm.local_rank(me_.rank) && a.peer2 == a.peer)
        return;  // SMPI copies locally
      Coll c(p2p_, comm, me_.rank);
      c.sendrecv(a.peer, a.bytes, a.tag, a.peer2, a.bytes2, a.tag2);
      break;
    }
    default: {
      if (is_rma(a.kind)) {
        one_sided(a);
        break;
      }
      collective(a);
      double after_comm = p2p_.now();
      me_.stats.comm_seconds += after_comm - start;
      // SMPI's replay executes the reduction flops on every rank after the collective, even without
      // smpi/simulate-computation; with --reductions steps, a reduce's algorithm executed them.
      if (!(a.kind == ActionKind::Reduce && replay_.reductions_in_steps))
        p2p_.compute(me_.rank, a.flops);
      double end = p2p_.now();
      me_.stats.compute_seconds += end - after_comm;
      record(a.kind, a, start, after_comm, 0);
      if (end > after_comm)
        record(ActionKind::Compute, a, after_comm, end, a.flops);
      return;
    }
  }
  double end = p2p_.now();
  *bucket += end - start;
  record(a.kind, a, start, end, a.kind == ActionKind::Compute ? a.flops : 0);
}

void RankReplay::finish()
{
  // SMPI (smpi_replay_main) waits, for each (src, dst, tag), only the last request stored under it (in the order
  // of each key's first request)
  std::vector<PendingRequest> last;
  std::map<std::tuple<int, int, int>, size_t> slot;
  for (const auto& p : me_.pending.take_all()) {
    auto [it, fresh] = slot.emplace(std::make_tuple(p.src, p.dst, p.tag), last.size());
    if (fresh)
      last.push_back(p);
    else
      last[it->second] = p;
  }
  for (const auto& p : last)
    if (p.request != nullptr)
      p2p_.wait(p.request);
  replay_.rma.finish(me_.rank);
  if (p2p_.config.finalization_barrier) {
    const Communicator& world = replay_.comms.get(me_.job);  // its job's MPI_COMM_WORLD
    Coll c(p2p_, world, me_.rank);
    replay_.selector.choose(ActionKind::Barrier, world, CollArgs{}).algorithm->run(c, CollArgs{});
  }
}

namespace {

/// What an exception says, SimGrid's nested ones (a network or host failure raised in the simulation kernel)
/// followed to the innermost.
std::string innermost(const std::exception& e)
{
  try {
    std::rethrow_if_nested(e);
  } catch (const std::exception& inner) {
    return innermost(inner);
  } catch (...) {
  }
  return e.what();
}

/// The first error raised in any rank ends the simulation; the engine reports it (exit 2).
void stop_replay(ReplayState& replay, const std::string& message)
{
  if (replay.error.empty())
    replay.error = message;
  replay.p2p.transport->stop_all();
}

} // namespace

void run_rank(ReplayState& replay, int rank)
{
  RankState& me = replay.ranks[rank];
  RankReplay replayer(replay, me);
  Action action;
  try {
    if (me.start_delay_flops > 0) {  // SimGrid's replay_multiple: raw flops on the rank's host, then smpi/init
      replay.p2p.transport->execute(me.start_delay_flops);
      if (replay.record_timeline)  // a computation of line 0 (no line of the trace) in the timed outputs
        me.events.push_back({ActionKind::Compute, 0, replay.p2p.now(), 0, me.start_delay_flops, 0});
    }
    if (replay.p2p.config.init_sleep > 0)
      replay.p2p.sleep(replay.p2p.config.init_sleep);
    me.stats.start_time = replay.p2p.now();
    while (me.reader->next(action)) {
      me.current      = action.kind;
      me.current_line = me.reader->line();
      replay.p2p.lines[rank] = me.current_line;
      replayer.execute(action);
      me.stats.actions++;
      replay.progress.tick();
    }
    me.current_line = 0;
    me.current      = ActionKind::Finalize;
    replayer.finish();
    replay.p2p.finish(rank);
    me.finished          = true;
    me.stats.finish_time = replay.p2p.now();
  } catch (const ReplayStopped&) {
    // another rank's error ended the replay: that rank reports it
  } catch (const InputError& e) {
    stop_replay(replay, e.what());
  } catch (const std::exception& e) {  // raised while executing the action: it names the action's line
    stop_replay(replay, me.current_line == 0
                            ? me.reader->file() + ": at the end of the trace of rank " + std::to_string(rank) + ": " +
                                  innermost(e)
                            : input_error_text(me.reader->file(), me.current_line, innermost(e), me.reader->text()));
  }
}

} // namespace tireplay
