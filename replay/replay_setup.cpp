// The replay's set-up (replay_setup.hpp): every check and every input read before the first simulated instant.
#include "replay/replay_setup.hpp"

#include "models/alltoall_models.hpp"
#include "replay/cpu_quota.hpp"
#include "replay/model_contexts.hpp"
#include "replay/placement.hpp"
#include "replay/platform_changes.hpp"
#include "format/input_file.hpp"
#include "format/interruption.hpp"
#include "format/output_file.hpp"
#include "format/text_source.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sys/resource.h>

namespace sg4 = simgrid::s4u;

namespace tireplay {
namespace {

/// Refuses a replay whose ranks alone need more memory than the machine has available (docs/trace-format.md: about
/// 63 KB a rank at the full level, 13.5 KB at the fast one), before SimGrid fails on it with a backtrace.
void check_rank_memory(int np, bool fast, const std::string& input)
{
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  double available_kb = 0;
  while (meminfo >> key && key != "MemAvailable:")
    meminfo.ignore(256, '\n');
  if (!(meminfo >> available_kb) || available_kb <= 0)
    return;
  const double per_rank = fast ? 13.5e3 : 63e3, needed = np * per_rank;
  if (needed > available_kb * 1024)
    throw InputError(input + ": " + std::to_string(np) + " ranks need about " +
                     std::to_string(static_cast<long>(needed / 1e9 + 0.5)) + " GB at the " + (fast ? "fast" : "full") +
                     " level, more than the " + std::to_string(static_cast<long>(available_kb / 1e6 + 0.5)) +
                     " GB this machine has available" + (fast ? "" : " (--fidelity fast needs about 13.5 KB a rank)"));
  // Each rank's stack is reserved whole: a limit on the address space (ulimit -v, a batch scheduler's) stops
  // the stacks' allocation long before the memory runs out.
  rlimit limit{};
  const double stack_kib = fast ? 256 : simgrid::config::get_value<int>("contexts/stack-size");
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      np * stack_kib * 1024 > 0.9 * static_cast<double>(limit.rlim_cur)) {
    auto gb = [](double bytes) { return std::to_string(static_cast<long>(bytes / 1e9 + 0.5)); };
    throw InputError(input + ": " + std::to_string(np) + " ranks reserve about " + gb(np * stack_kib * 1024) +
                     " GB of stacks at the " + (fast ? "fast" : "full") + " level (" +
                     std::to_string(static_cast<long>(stack_kib)) + " KiB each), more than this process's " +
                     "address-space limit allows (ulimit -v: " + gb(static_cast<double>(limit.rlim_cur)) + " GB)" +
                     (fast || stack_kib <= 256 ? "" : "; --cfg contexts/stack-size:256 gives each rank 256 KiB"));
  }
}

void raise_open_file_limit()
{
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

/// The host of each rank, job after job: a job with its own hostfile over it (from its first line), the others
/// over --hostfile (or the deployment, or the platform) with one round-robin counter across them, as SimGrid's
/// generate_multiple_deployment.sh places replay_multiple's jobs.
std::vector<sg4::Host*> place_jobs(const ReplayOptions& opt, const sg4::Engine& engine, const std::vector<Job>& jobs,
                                   const std::vector<int>& sizes)
{
  bool several = !opt.jobs_file.empty();
  int shared   = 0;  // ranks placed over --hostfile
  for (size_t j = 0; j < jobs.size(); j++)
    if (jobs[j].hostfile.empty())
      shared += sizes[j];
  size_t common_listed = 0;
  std::vector<sg4::Host*> common = place_ranks(
      {opt.platform, opt.hostfile, opt.deployment, opt.oversubscribe || several, opt.ranks_per_node}, engine, shared,
      &common_listed);
  std::vector<sg4::Host*> hosts;
  size_t next = 0;
  for (size_t j = 0; j < jobs.size(); j++) {
    size_t listed = common_listed;
    if (jobs[j].hostfile.empty()) {
      auto first = common.begin() + static_cast<long>(next);
      hosts.insert(hosts.end(), first, first + sizes[j]);
      next += static_cast<size_t>(sizes[j]);
    } else {
      auto own = place_ranks({opt.platform, jobs[j].hostfile, "", true, opt.ranks_per_node}, engine, sizes[j], &listed);
      hosts.insert(hosts.end(), own.begin(), own.end());
    }
    // Jobs share the listed hosts, round-robin from one to the next; a job with more ranks than its listing has
    // entries (a host listed twice counts twice, as for a single trace) needs --oversubscribe, as a single trace does.
    std::string listing = !jobs[j].hostfile.empty() ? jobs[j].hostfile
                          : !opt.hostfile.empty()   ? opt.hostfile
                                                    : opt.deployment;
    bool too_few = listed > 0 && listed < static_cast<size_t>(sizes[j]);
    if (several && !opt.oversubscribe && opt.ranks_per_node == 0 && too_few)
      throw InputError(jobs[j].where + ": job '" + jobs[j].id + "' has " + std::to_string(sizes[j]) + " ranks but " +
                       listing + " lists only " + std::to_string(listed) + (listed == 1 ? " host" : " hosts") +
                       " (pass --oversubscribe to place several ranks per host, as smpirun does)");
  }
  return hosts;
}

} // namespace

ReplaySetup set_up_replay(const ReplayOptions& opt)
{
  // SMPI's and tireplay's settings in the platform's <config>, as smpirun reads them; --cfg after them wins
  std::vector<std::string> pairs;
  if (!opt.platform.empty() && std::filesystem::is_regular_file(opt.platform))
    for (const std::string& pair : platform_config(opt.platform))
      if (read_by_tireplay(pair.substr(0, pair.find(':'))))
        pairs.push_back(pair);
  pairs.insert(pairs.end(), opt.cfg.begin(), opt.cfg.end());
  Configuration cfg = parse_configuration(pairs);
  for (const auto& note : cfg.notes)
    std::fprintf(stderr, "tireplay: note: %s\n", note.c_str());
  if (!opt.contention_signature.empty())
    models::parse_contention_signature(opt.contention_signature);  // a bad one fails now, not mid-replay
  CollChoice choice;
  for (const auto& c : opt.coll)
    choice.set(c);
  SelectMode mode = opt.select.empty() ? (opt.coll.empty() ? SelectMode::Smpi : SelectMode::Fixed)
                                       : parse_select_mode(opt.select);
  if (mode != SelectMode::Model && !opt.explain.empty())
    throw std::invalid_argument("--explain writes the models' decisions: it needs --select model");
  if (mode != SelectMode::Model && !opt.contention_signature.empty())
    throw std::invalid_argument("--contention-signature is read by the models: it needs --select model");
  if (mode == SelectMode::Smpi && !opt.coll.empty())
    throw std::invalid_argument("--coll fixes algorithms, which --select smpi ignores: use --select fixed, model or "
                                "ompi");
  if (opt.fidelity != "full" && opt.fidelity != "fast")
    throw std::invalid_argument("--fidelity: unknown level '" + opt.fidelity + "' (valid: full, fast)");
  const bool fast = opt.fidelity == "fast";
  if (opt.reductions != "after" && opt.reductions != "steps")
    throw std::invalid_argument("--reductions: unknown mode '" + opt.reductions + "' (valid: after, steps)");
  if (opt.limit < 0)
    throw std::invalid_argument("--limit must be positive");
  if (opt.ranks_per_node < 0)
    throw std::invalid_argument("--ranks-per-node must be positive");
  std::vector<PlatformChange> changes;
  for (const auto& s : opt.scale)
    changes.push_back(parse_platform_change(s, true, "--scale"));
  for (const auto& s : opt.set)
    changes.push_back(parse_platform_change(s, false, "--set"));

  if (std::string host = host_with_state_file(opt.platform); !fast && !host.empty())
    throw InputError(opt.platform + ": host '" + host + "' has a state_file: SimGrid 3.32 crashes when a host turns "
                     "off under a rank (smpirun -replay too); tireplay replays hosts that stay on (links may fail: "
                     "their state_file is followed), or --fidelity fast, which replays without profiles");
  // Deadlocks are reported by us, with the trace lines the ranks block at.
  set_abort_context(((opt.jobs_file.empty() ? opt.trace : opt.jobs_file) + " on " + opt.platform +
                     changes_text(opt.scale, opt.set)).c_str(),
                    [] { return sg4::Engine::get_clock(); });
  std::vector<std::string> engine_args{"--cfg=surf/precision:1e-9", "--log=ker_engine.app:file:/dev/null",
                                       "--log=ker_engine.add:no"};
  for (const auto& log : opt.logs)
    engine_args.push_back("--log=" + log);
  auto owned = make_engine(cfg, engine_args);
  sg4::Engine& engine = *owned;
  raise_open_file_limit();
  // One job (--trace), or several (--jobs-file): their ranks numbered on, job after job.
  std::vector<Job> jobs;
  if (opt.jobs_file.empty()) {
    jobs.push_back({"", opt.trace, opt.np, 0, "", ""});
  } else {
    jobs = read_jobs(opt.jobs_file);
    set_job_delays(jobs, opt.job_delays);
  }
  std::vector<TraceInputs> job_inputs;
  std::vector<int> job_sizes, job_first;
  int np = 0;
  for (const auto& job : jobs) {
    job_inputs.push_back(open_trace(job.trace, opt.jobs_file.empty() ? job.np : 0));
    int size = static_cast<int>(job_inputs.back().ranks.size());
    if (!opt.jobs_file.empty() && size != job.np)
      throw InputError(job.where + ": job '" + job.id + "' has " + std::to_string(job.np) + " ranks, but its trace " +
                       job.trace + " has " + std::to_string(size));
    job_first.push_back(np);
    job_sizes.push_back(size);
    np += size;
  }
  uint64_t total_bytes = 0;
  for (const auto& inputs : job_inputs)
    total_bytes += inputs.total_bytes;
  // The readers count the text they read; a compressed file's size says nothing of its text: no share, no ETA.
  if (opt.progress)
    for (const auto& inputs : job_inputs)
      for (const auto& r : inputs.ranks)
        if (!r.empty && compression_of(r.path) != Compression::None)
          total_bytes = 0;
  // Each actor's stack guard page is one more memory mapping: past ~32,000 ranks the kernel's limit
  // (vm.max_map_count, 65,530) stops SimGrid. Without guard pages a stack overflow is not caught, but the replay's
  // actors use little stack.
  constexpr int kGuardedRanks = 16384;
  bool guard_given = std::any_of(opt.cfg.begin(), opt.cfg.end(),
                                 [](const std::string& kv) { return kv.rfind("contexts/guard-size:", 0) == 0; });
  if (np > kGuardedRanks && !guard_given)
    simgrid::config::set_value<int>("contexts/guard-size", 0);
  std::vector<std::string> input_files{opt.platform, opt.hostfile, opt.deployment, opt.trace, opt.jobs_file};
  for (const auto& job : jobs) {  // a jobs file's traces, and the files of each trace a directory resolves to
    input_files.push_back(job.hostfile);
    input_files.push_back(job.trace);
  }
  for (const auto& inputs : job_inputs) {
    input_files.push_back(inputs.index);
    for (const auto& r : inputs.ranks)
      input_files.push_back(r.display_path);
  }
  for (const auto& [option, path] : opt.outputs)
    check_output_path(path, option, input_files,
                      std::count(opt.output_dirs.begin(), opt.output_dirs.end(), option) > 0);
  for (size_t a = 0; a < opt.outputs.size(); a++)  // one file for two outputs: the second would replace the first
    for (size_t b = a + 1; b < opt.outputs.size(); b++) {
      std::error_code ec;
      const auto& [first, first_path]   = opt.outputs[a];
      const auto& [second, second_path] = opt.outputs[b];
      if (!is_standard_output(first_path) &&
          std::filesystem::weakly_canonical(std::filesystem::absolute(first_path, ec), ec) ==
              std::filesystem::weakly_canonical(std::filesystem::absolute(second_path, ec), ec))
        throw InputError(first + " " + first_path + " and " + second + " " + second_path + " name the same file");
    }
  load_platform(engine, opt.platform);
  // Before any model context is made (at the first decision, inside engine.run()): the models see the changes.
  apply_platform_changes(engine, changes, opt.platform);
  if (!changes.empty())
    check_platform_values(engine, opt.platform + " with --scale/--set");
  std::vector<sg4::Host*> hosts = place_jobs(opt, engine, jobs, job_sizes);
  check_quota_placement(hosts, opt.platform);
  if (mode == SelectMode::Model)
    note_shared_hosts(hosts, "tireplay");

  check_rank_memory(np, fast, opt.trace.empty() ? opt.jobs_file : opt.trace);

  ReplaySetup s(opt);
  s.cfg         = std::move(cfg);
  s.mode        = mode;
  s.choice      = std::move(choice);
  s.fast        = fast;
  s.engine      = std::move(owned);
  s.jobs        = std::move(jobs);
  s.job_inputs  = std::move(job_inputs);
  s.job_sizes   = std::move(job_sizes);
  s.job_first   = std::move(job_first);
  s.np          = np;
  s.total_bytes = total_bytes;
  s.hosts       = std::move(hosts);
  return s;
}

} // namespace tireplay
