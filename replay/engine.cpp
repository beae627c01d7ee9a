#include "replay/engine.hpp"
#include "replay/replay_setup.hpp"

#include "models/alltoall_models.hpp"
#include "models/host_speed.hpp"
#include "replay/cpu_quota.hpp"
#include "replay/configuration.hpp"
#include "replay/fast/fast_engine.hpp"
#include "replay/jobs.hpp"
#include "replay/model_contexts.hpp"
#include "replay/placement.hpp"
#include "replay/platform_changes.hpp"
#include "replay/simgrid_transport.hpp"
#include "format/output_file.hpp"
#include "format/input_file.hpp"
#include "format/interruption.hpp"
#include "format/text_source.hpp"
#include "format/trace_source.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <cmath>
#include <memory>
#include <sys/resource.h>
#include <unordered_map>

namespace sg4 = simgrid::s4u;

namespace tireplay {
namespace {

/// Whether the ranks' text is parsed ahead on another core: asked for (tireplay/read-ahead), a text trace (a packed
/// one reads faster than a thread would parse ahead), and few enough ranks for a queue each.
bool reads_ahead(const ReplaySetup& s)
{
  if (!s.cfg.smpi.read_ahead || s.np > RankReader::kKeepOpenRanks)
    return false;
  for (const auto& inputs : s.job_inputs)
    for (const auto& input : inputs.ranks)
      if (input.packed != nullptr)
        return false;
  return true;
}

/// The ranks: each one's reader, its host's parameters and SMPI's overheads there, and the collectives' selector
/// (a communicator's model context made at its first decision). `replay` is set before any rank reads.
void make_ranks(ReplaySetup& s, std::unique_ptr<ReplayState>& replay)
{
  Progress progress(s.opt.progress, s.opt.progress_lines, s.total_bytes, [&replay]() {
    uint64_t sum = 0;
    for (const auto& r : replay->ranks)
      sum += r.reader->bytes_consumed();
    return sum;
  });
  Selector selector(s.mode, s.choice, [&s](const Communicator& comm) -> const models::ModelContext& {
    auto it = s.contexts.find(comm.id());
    if (it == s.contexts.end()) {
      std::vector<sg4::Host*> comm_hosts;
      for (int member : comm.members())
        comm_hosts.push_back(s.hosts[member]);
      it = s.contexts.emplace(comm.id(), model_context(comm_hosts, s.opt.contention_signature)).first;
    }
    return it->second;
  }, Tuning{s.opt.segment_bytes, s.opt.limit});
  replay = std::make_unique<ReplayState>(s.np, std::move(selector), std::move(progress),
                                         s.jobs.size() > 1 ? s.job_sizes : std::vector<int>{});
  replay->p2p.config = s.cfg.smpi;
  replay->reductions_in_steps = s.opt.reductions == "steps";
  replay->record_timeline     = s.opt.record_timeline;
  const int job_count = static_cast<int>(s.jobs.size());
  if (reads_ahead(s)) {
    std::vector<std::unique_ptr<RankReader>> parsers;
    for (int j = 0; j < job_count; j++)
      for (int local = 0; local < s.job_sizes[j]; local++)
        parsers.push_back(std::make_unique<RankReader>(s.job_inputs[j].ranks[local], local, s.job_sizes[j],
                                                       ReaderContext{nullptr, {job_count, j}, s.np, false}));
    replay->read_ahead = std::make_unique<ReadAhead>(std::move(parsers));
  }
  std::unordered_map<const sg4::Host*, int> host_numbers;
  for (int j = 0; j < job_count; j++)
    for (int local = 0; local < s.job_sizes[j]; local++) {
      int r                         = s.job_first[j] + local;
      RankState& rank               = replay->ranks[r];
      rank.rank                     = r;
      rank.job                      = j;
      rank.start_delay_flops        = s.jobs[j].start_delay_flops;
      rank.reader = std::make_unique<RankReader>(
          s.job_inputs[j].ranks[local], local, s.job_sizes[j],
          ReaderContext{&replay->p2p_forms[j], {job_count, j}, s.np, true,
                        replay->read_ahead != nullptr ? replay->read_ahead->feed(r) : nullptr});
      replay->p2p.files[r]         = rank.reader->file();
      replay->p2p.speed_factors[r] = models::speed_factor(*s.hosts[r]);
      replay->p2p.quotas[r]        = models::cpu_quota(*s.hosts[r]);
      replay->p2p.speeds[r]        = models::effective_speed(*s.hosts[r]);
      replay->p2p.cores[r]         = s.hosts[r]->get_core_count();
      replay->p2p.overheads.emplace_back(s.cfg.smpi, *s.hosts[r]);
      // Hosts numbered here: SimGrid's netpoint ids count within each zone (two clusters' first hosts share one).
      int number              = static_cast<int>(host_numbers.size());
      replay->p2p.host_ids[r] = host_numbers.try_emplace(s.hosts[r], number).first->second;
    }
  if (s.np <= RankReader::kKeepOpenRanks)
    for (auto& inputs : s.job_inputs)
      inputs.remove_copies();  // every reader holds its copy open (beyond, they reopen it: removed at the end)
}

/// Runs every rank to its end on the level's engine (SimGrid's, or the fast level's own); returns the simulated
/// clock at the end, and writes the models' decisions (--explain). Throws what a rank found wrong, and on a clock
/// past 1e300 s.
double run_ranks(ReplaySetup& s, ReplayState& replay)
{
  double clock = 0;
  replay.progress.start();
  if (s.fast) {
    // SimGrid settings that the fast level's own sharing does not read: said once each
    static const std::pair<const char*, const char*> kFullOnly[] = {
        {"maxmin/concurrency-limit:", "is not modelled at --fidelity fast (no resource holds actions back)"},
        {"network/optim:", "is SimGrid's: --fidelity fast shares the links as its full updates do (network/optim:Full, "
                           "the full level's default; docs/fidelity.md)"},
        {"surf/precision:", "rounds SimGrid's dates: --fidelity fast computes its own without it"},
        {"maxmin/precision:", "rounds SimGrid's shares: --fidelity fast computes its own without it"}};
    for (const auto& [prefix, why] : kFullOnly)
      for (const auto& kv : s.opt.cfg)
        if (kv.rfind(prefix, 0) == 0 && kv != "network/optim:Full") {
          std::fprintf(stderr, "tireplay: note: --cfg %s %s\n", kv.c_str(), why);
          break;
        }
    if (std::string profile = mentioned_profile(s.opt.platform); !profile.empty())
      std::fprintf(stderr, "tireplay: note: %s has profiles (%s): --fidelity fast replays the platform's loaded speeds "
                           "and bandwidths without their profiles (--fidelity full follows them)\n",
                   s.opt.platform.c_str(), profile.c_str());
    fast::FastEngine fast_engine(s.hosts, s.cfg.smpi.polling, s.cfg.smpi.fast_drift);
    replay.p2p.transport = &fast_engine;
    fast_engine.run([&replay](int r) { run_rank(replay, r); });
    clock = fast_engine.now();
  } else {
    for (const auto& kv : s.opt.cfg)  // the fast level's own setting, said once
      if (kv.rfind("tireplay/fast-drift:", 0) == 0) {
        std::fprintf(stderr, "tireplay: note: --cfg %s is the fast level's: it has no effect at --fidelity full\n",
                     kv.c_str());
        break;
      }
    SimGridTransport transport(s.hosts, replay.p2p.host_ids, s.cfg.smpi.polling, !mentions_bypass(s.opt.platform));
    replay.p2p.transport = &transport;
    for (int r = 0; r < s.np; r++) {
      auto actor = sg4::Actor::create(std::to_string(r), s.hosts[r], [&replay, r]() { run_rank(replay, r); });
      transport.set_actor(r, actor.get());
    }
    s.engine->run();
    clock = sg4::Engine::get_clock();
  }
  replay.p2p.transport = nullptr;
  replay.progress.finish();
  if (!(clock < 1e300)) {  // inf after `sleep 1e308` twice
    std::string where;
    for (const auto& rank : replay.ranks)
      if (!rank.finished && where.empty())
        where = " (rank " + std::to_string(rank.rank) + " at " + rank.reader->file() + ":" +
                std::to_string(rank.current_line) + ")";
    throw InputError("the simulated clock overflows: the trace's durations add up beyond 1e300 seconds" + where);
  }
  if (!s.opt.explain.empty()) {
    OutputFile out(s.opt.explain, "the explanation of the model's choices");
    replay.selector.explain(out.get());
    out.commit();
  }
  if (!replay.error.empty())
    throw InputError(replay.error);

  return clock;
}

/// The result: each rank's statistics (a blocked one ends when the replay stopped) and where the blocked ones wait,
/// each job's times, the messages never matched.
ReplayResult gather_result(const ReplaySetup& s, ReplayState& replay, double clock)
{
  ReplayResult result;
  const int job_count = static_cast<int>(s.jobs.size());
  for (auto& rank : replay.ranks) {
    rank.stats.unreplayed = rank.reader->unreplayed();
    if (!rank.finished)  // blocked: it ends when the replay stopped, not at 0 (before its job's start)
      rank.stats.finish_time = std::max(clock, rank.stats.start_time);
    result.ranks.push_back(rank.stats);
    if (s.opt.record_timeline)
      result.timeline.ranks.push_back(std::move(rank.events));
    result.actions += rank.stats.actions;
    result.simulated_time = std::max(result.simulated_time, rank.stats.finish_time);
    result.hosts.push_back(s.hosts[rank.rank]->get_name());
    result.rank_jobs.push_back(rank.job);
    if (!rank.finished) {
      std::string where = rank.reader->file() + ":" + std::to_string(rank.current_line);
      if (rank.current == ActionKind::Finalize)
        where = rank.reader->file() + ": end of trace (waiting for its pending requests)";
      result.blocked.push_back({rank.rank, std::string(action_name(rank.current)), where});
    }
  }
  if (!s.opt.jobs_file.empty())
    for (int j = 0; j < job_count; j++) {
      JobResult job{s.jobs[j].id,        s.jobs[j].trace, s.job_first[j], s.job_sizes[j],
                    s.jobs[j].start_delay_flops, 1e308, 0, 0};
      for (int r = s.job_first[j]; r < s.job_first[j] + s.job_sizes[j]; r++) {
        job.start = std::min(job.start, result.ranks[r].start_time);
        job.end   = std::max(job.end, result.ranks[r].finish_time);
        job.completed = job.completed && replay.ranks[r].finished;
      }
      job.simulated_time = job.end - job.start;
      // A start delay so large that the clock's step at that date hides the job's own time (1e24 flops: 0.125 s)
      double step = std::nextafter(job.end, 1e308) - job.end;
      if (job.start > 0 && step > 1e-6 * job.simulated_time)
        std::fprintf(stderr, "tireplay: warning: job %s starts at %g s, where the simulated clock counts in steps of "
                             "%g s: its time (%.9f s) is not measured; give it a smaller start delay\n",
                     job.id.c_str(), job.start, step, job.simulated_time);
      result.jobs.push_back(job);
    }
  result.unmatched    = replay.p2p.unmatched();
  if (job_count > 1)  // the communicator as its job's trace numbers it (the reader made it id * jobs + job)
    for (auto& u : result.unmatched)
      if (u.comm >= 0 && u.comm < (1 << 28))
        u.comm /= job_count;
  return result;
}

} // namespace

ReplayResult run_replay(const ReplayOptions& opt)
{
  auto wall_start     = std::chrono::steady_clock::now();
  ReplaySetup setup   = set_up_replay(opt);  // every check and input, before any simulation
  std::unique_ptr<ReplayState> replay;
  make_ranks(setup, replay);
  double clock        = run_ranks(setup, *replay);
  ReplayResult result = gather_result(setup, *replay, clock);
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  return result;
}

} // namespace tireplay
