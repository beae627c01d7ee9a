#include "src/cli/replay_options.hpp"

#include "replay/collectives/registry.hpp"
#include "replay/configuration.hpp"
#include "src/cli/commands.hpp"
#include "format/input_file.hpp"
#include "format/rank_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>

namespace po = boost::program_options;

namespace tireplay {

namespace {
/// SimGrid aborts on a log setting it cannot parse: only thresholds, checked here (smpirun's habit).
void check_log_threshold(const std::string& log)
{
  static const std::regex form(
      R"([A-Za-z0-9_]+\.(thres|thresh|threshold):(trace|debug|verbose|info|warning|error|critical))");
  if (!std::regex_match(log, form))
    throw po::error("--log '" + log + "': tireplay takes SimGrid's log thresholds only, CATEGORY.thres:PRIORITY "
                    "(PRIORITY: trace, debug, verbose, info, warning, error or critical)");
}
} // namespace

po::options_description replay_options(ReplayOptions& opt)
{
  po::options_description desc("what to replay, and how");
  desc.add_options()
      ("platform", po::value(&opt.platform)->required(), "SimGrid XML platform")
      ("trace", po::value(&opt.trace), "trace: index file, shared trace file or directory (plain or compressed)")
      ("jobs-file", po::value(&opt.jobs_file), "several applications in one simulation instead of --trace: lines "
                                               "`id trace np start_delay_flops [hostfile]` (SimGrid's replay_multiple)")
      ("job-delay", po::value(&opt.job_delays)->composing(), "ID=FLOPS: job ID's start delay, over the jobs file's")
      ("hostfile", file_option(&opt.hostfile, "hostfile"), "hosts of the ranks, in order (smpirun's format: host or host:count)")
      ("deployment", file_option(&opt.deployment, "deployment"), "SimGrid deployment file placing one actor per rank")
      ("np", po::value(&opt.np)->default_value(0), "number of ranks (default: as many as the trace has)")
      ("oversubscribe", po::bool_switch(&opt.oversubscribe), "wrap around the hostfile when ranks outnumber hosts")
      ("fidelity", po::value(&opt.fidelity)->default_value("full")->notifier([](const std::string& level) {
         if (level != "full" && level != "fast")
           throw po::error("--fidelity: unknown level '" + level + "' (valid: full, fast)");
       }), "full (SimGrid's simulation, smpirun -replay's times) or fast (tireplay's own event engine: "
           "faster, within docs/fidelity.md's error)")
      ("log", po::value(&opt.logs)->composing()->notifier([](const std::vector<std::string>& logs) {
         for (const auto& log : logs)
           check_log_threshold(log);
       }), "CATEGORY.thres:PRIORITY: a SimGrid log threshold, as smpirun's --log= (its other log settings are "
           "not taken)")
      ("cfg", po::value(&opt.cfg)->composing(), "key:value configuration: smpi/... and tireplay/... (async-progress, "
                                                "wakeup-delay, poll-cpu(-shared), both-ways-factor, polling, quota-period: "
                                                "docs/calibration.md) for the MPI model, else SimGrid's")
      ("coll", po::value(&opt.coll)->composing(), "operation=algorithm (see `tireplay algorithms`); kept with "
                                                  "--select model, which then chooses the other operations")
      ("select", po::value(&opt.select), "how collectives pick their algorithm: smpi (SMPI's default selector), "
                                         "fixed (--coll), model (the cheapest by the analytic models), ompi "
                                         "(Open MPI 4.1's rules, as SMPI's ompi selector)")
      ("scale", po::value(&opt.scale)->composing(),
       "QUANTITY[@ZONE]=FACTOR: multiply link.bw, link.lat, host.speed or host.quota of every link or host (of "
       "ZONE and the zones inside it; host.speed@HOST, host.quota@HOST: that host), e.g. link.bw=2, "
       "host.speed@rennes=0.5x")
      ("set", po::value(&opt.set)->composing(),
       "QUANTITY[@ZONE]=VALUE: set it, with SimGrid units, e.g. link.lat=10us, link.bw=1GBps, host.speed=2Gf; "
       "host.quota=0.5 (or 50%): a CPU quota, the share of each tireplay/quota-period the host runs")
      ("ranks-per-node", po::value(&opt.ranks_per_node)->notifier([](int k) {
         if (k < 1)  // no default value: only a K the user gave comes here, and 0 (the replay's "none") is no K
           throw std::invalid_argument("--ranks-per-node must be positive");
       }),
       "place K consecutive ranks on each host of the hostfile (its counts ignored) or of the platform, in "
       "order (folding; without it: one rank per hostfile entry, or round-robin over the platform)")
      ("segment-bytes", po::value<std::string>()->notifier([&opt](const std::string& text) {
         opt.segment_bytes = whole_bytes_option("segment-bytes", text, 1, 1ULL << 30);  // 0 was the default, -1 wrapped
       }), "segment size of pipelined algorithms (segmented_chain) "
                                                       "with --select smpi or fixed; --select model tunes it")
      ("limit", po::value(&opt.limit)->notifier([](int k) {
         if (k < 1)
           throw po::error("--limit: " + std::to_string(k) + " is out of range (K >= 1; leave it out for the "
                           "model's K)");
       }), "K of the K-limited reduce trees (greedy_k_transfers, greedy_k_reducers) "
                                       "with --select smpi or fixed; default and --select model: the fewest K "
                                       "that keeps the unlimited tree's predicted time")
      ("reductions", po::value(&opt.reductions)->default_value("after"),
       "where a reduce's flops run: after (every rank once after the call, as SimGrid's replay) or steps "
       "(the reducing rank, at each vector it reduces, overlapping the next transfer)")
      ("contention-signature", po::value(&opt.contention_signature),
       "all-to-all contention signature for --select model: fast-ethernet, gigabit-ethernet, myrinet or "
       "gamma,delta_seconds,threshold_bytes")
      ("explain", file_option(&opt.explain, "explain"), "write the model's decisions (candidates, predicted seconds) to FILE");
  return desc;
}

namespace {

/// Two choices of one operation's algorithm (--coll bcast=flat --cfg smpi/bcast:NTSL) would leave one silently
/// unused: refused. `spellings[i]` is how the user gave `coll[i]`.
void refuse_two_algorithms(const std::vector<std::string>& coll, const std::vector<std::string>& spellings)
{
  // One algorithm under two names (binomial_tree, SMPI's, and binomial) is one choice; an unknown name fails later
  auto algorithm = [](const std::string& assignment) -> const CollAlgorithm* {
    auto eq                = assignment.find('=');
    const CollOperation* op = operation_named(std::string_view(assignment).substr(0, eq));
    try {
      return op != nullptr ? &find_algorithm(*op, assignment.substr(eq + 1)) : nullptr;
    } catch (const std::invalid_argument&) {
      return nullptr;
    }
  };
  std::map<std::string, size_t> first;  // operation -> its first choice
  for (size_t i = 0; i < coll.size(); i++) {
    std::string op = coll[i].substr(0, coll[i].find('='));
    auto [it, fresh] = first.emplace(op, i);
    const CollAlgorithm* before = fresh ? nullptr : algorithm(coll[it->second]);
    bool same          = !fresh && (coll[it->second] == coll[i] || (before != nullptr && before == algorithm(coll[i])));
    if (!fresh && !same)
      throw po::error(spellings[it->second] + " and " + spellings[i] + " choose two algorithms for " + op +
                      ": give one");
  }
}

} // namespace

void check_replay_options(ReplayOptions& opt)
{
  std::vector<std::string> spellings;
  for (const auto& c : opt.coll)
    spellings.push_back("--coll " + c);
  // --cfg smpi/OP:ALGORITHM is smpirun's --coll OP=ALGORITHM (SMPI's names where they differ from ours: find_algorithm),
  // --cfg smpi/coll-selector:ompi (or default) its --select ompi (smpi)
  for (auto it = opt.cfg.begin(); it != opt.cfg.end();) {
    auto colon = it->find(':');
    auto key   = it->substr(0, colon == std::string::npos ? it->size() : colon);
    const CollOperation* known = operation_of_smpi_key(key);
    if (key == "smpi/coll-selector" && colon != std::string::npos) {  // smpirun's --select (default, ompi)
      std::string selector = it->substr(colon + 1);
      if (selector == "default")
        selector = "smpi";
      if (selector == "smpi" || selector == "ompi") {
        if (!opt.select.empty() && opt.select != selector)
          throw po::error("--cfg " + *it + " and --select " + opt.select + " choose different selectors");
        opt.select = selector;
        it         = opt.cfg.erase(it);
        continue;
      }
    }
    if (colon == std::string::npos || known == nullptr) {
      ++it;
      continue;
    }
    std::string algorithm = it->substr(colon + 1);
    // A name SMPI gives another algorithm than ours: its allgather "ring" sends its own block to rank + i at step i
    // (our shift; our ring is MPICH's, passing blocks to rank + 1)
    if (known->name == "allgather" && algorithm == "ring")
      algorithm = "shift";
    opt.coll.push_back(std::string(known->name) + "=" + algorithm);
    spellings.push_back("--cfg " + *it);
    it = opt.cfg.erase(it);
  }
  refuse_two_algorithms(opt.coll, spellings);
  if (!opt.hostfile.empty() && !opt.deployment.empty())
    throw po::error("--hostfile and --deployment exclude each other");
  if (opt.np < 0)
    throw po::error("--np must be positive");
  parse_configuration(opt.cfg);  // a bad --cfg fails before anything is read
  if (opt.trace.empty() == opt.jobs_file.empty())
    throw po::error(opt.trace.empty() ? "give the trace to replay: --trace TRACE, or --jobs-file FILE"
                                      : "--trace and --jobs-file exclude each other (a jobs file names its traces)");
  if (!opt.jobs_file.empty() && opt.np > 0)
    throw po::error("--np does not apply to --jobs-file: each job gives its rank count");
  if (!opt.job_delays.empty() && opt.jobs_file.empty())
    throw po::error("--job-delay sets a start delay of a job of --jobs-file");
  // A pipe (`--hostfile <(...)`, a FIFO) is read once into a temporary file, which the replay then reads.
  opt.platform = pipe_to_file(opt.platform, "platform");
  check_input_file(opt.platform, "platform");
  if (!opt.jobs_file.empty())
    check_input_file(opt.jobs_file, "jobs file");
  else if (opt.trace == "-")
    throw InputError("-: a trace is not read from standard input: give its file or directory");
  else if (std::error_code ec; !std::filesystem::exists(opt.trace, ec))  // what it is, open_trace says
    throw InputError(opt.trace + (ec && ec != std::errc::no_such_file_or_directory
                                      ? ": cannot reach the trace: " + ec.message()  // a symbolic link loop...
                                      : ": no such trace file or directory"));
  if (!opt.hostfile.empty())
    check_input_file(opt.hostfile = pipe_to_file(opt.hostfile, "hostfile"), "hostfile");
  if (!opt.deployment.empty())
    check_input_file(opt.deployment = pipe_to_file(opt.deployment, "deployment file"), "deployment file");
}

} // namespace tireplay
