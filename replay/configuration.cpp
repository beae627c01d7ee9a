#include "replay/configuration.hpp"

#include "models/host_speed.hpp"
#include "models/platform_params.hpp"
#include "format/input_file.hpp"
#include "format/interruption.hpp"
#include "format/rank_reader.hpp"

#include <simgrid/s4u/Host.hpp>
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace sg4 = simgrid::s4u;

namespace tireplay {
namespace {

// What a SimGrid key accepts. Only the keys whose bad values crash, hang or abort SimGrid 3.32 need a rule; the
// others of the families below are checked by SimGrid's own parser (make_engine).
struct Rule {
  const char* key;
  const char* choices;  // space-separated; nullptr: a number
  double min, max;      // inclusive bounds of a number
  bool min_excluded;    // min itself refused (precisions: 0 never converges)
  bool integer;
};

constexpr double kHuge = 1e300;
const Rule kRules[] = {
    {"network/model", "SMPI CM02 LV08 IB", 0, 0, false, false},  // Constant: platforms without links only
    {"cpu/model", "Cas01", 0, 0, false, false},
    {"host/model", "default compound", 0, 0, false, false},
    {"network/optim", "Lazy Full", 0, 0, false, false},
    {"cpu/optim", "Lazy TI Full", 0, 0, false, false},
    {"network/crosstraffic", "yes no true false on off 1 0", 0, 0, false, false},
    {"network/maxmin-selective-update", "yes no true false on off 1 0", 0, 0, false, false},
    {"cpu/maxmin-selective-update", "yes no true false on off 1 0", 0, 0, false, false},
    {"contexts/factory", "raw ucontext thread boost", 0, 0, false, false},
    {"network/solver", "maxmin fairbottleneck", 0, 0, false, false},
    {"cpu/solver", "maxmin fairbottleneck", 0, 0, false, false},
    {"host/solver", "maxmin fairbottleneck", 0, 0, false, false},
    {"contexts/synchro", "posix futex busy_wait", 0, 0, false, false},
    // Coarser precisions make SimGrid 3.32 abort on ordinary traces (1 for maxmin, 1e-2 for surf, seen here), finer
    // ones for maxmin crash its solver (a segfault at 1e-7 on an all-to-all of 64 ranks, seen here).
    {"surf/precision", nullptr, 0, 1e-3, true, false},
    {"maxmin/precision", nullptr, 1e-6, 1e-2, false, false},
    {"bmf/precision", nullptr, 0, 1, true, false},
    {"bmf/max-iterations", nullptr, 1, 1e9, false, true},
    {"maxmin/concurrency-limit", nullptr, 1, 1e9, false, true},  // or -1, unlimited (check_rule)
    {"network/TCP-gamma", nullptr, 0, kHuge, false, false},
    {"network/weight-S", nullptr, 0, kHuge, false, false},
    {"network/latency-factor", nullptr, 0, kHuge, false, false},
    {"network/bandwidth-factor", nullptr, 0, kHuge, true, false},
    {"network/loopback-lat", nullptr, 0, kHuge, false, false},
    {"network/loopback-bw", nullptr, 0, kHuge, true, false},
    {"contexts/stack-size", nullptr, 64, 1 << 22, false, true},  // KiB: the collective algorithms need 64
    {"contexts/guard-size", nullptr, 0, 1 << 16, false, true},
    {"contexts/nthreads", nullptr, 1, 1, false, true},  // the ranks share the replay's state: one thread
};

// The families of SimGrid keys that shape a replay; the others (tracing/, model-check/, plugin/...) do nothing
// useful to it or need what tireplay does not set up.
const char* const kSimgridFamilies[] = {"network/", "cpu/", "host/", "surf/", "maxmin/", "bmf/", "contexts/"};

// SMPI's piecewise factors, which SimGrid's network model reads: checked here as SimGrid would abort on them.
const char* const kFactorKeys[] = {"smpi/bw-factor", "smpi/lat-factor", "smpi/IB-penalty-factors"};

// SMPI's own options that change nothing in the replay of a time-independent trace.
const char* const kNoEffectKeys[] = {
    "smpi/host-speed",    "smpi/cpu-threshold",  "smpi/privatization", "smpi/privatize-libs", "smpi/keep-temps",
    "smpi/display-timing", "smpi/display-allocs", "smpi/shared-malloc", "smpi/shared-malloc-hugepage",
    "smpi/shared-malloc-blocksize", "smpi/auto-shared-malloc-thresh", "smpi/wtime", "smpi/iprobe",
    "smpi/iprobe-cpu-usage", "smpi/pedantic", "smpi/errors-are-fatal", "smpi/list-leaks", "smpi/trace-call-location",
    "smpi/trace-call-use-absolute-path", "smpi/comp-adjustment-file", "smpi/papi-events", "smpi/buffering",
    "smpi/np", "smpi/hostfile", "smpi/map", "smpi/tmpdir", "smpi/replay"};

// SMPI's collective selection, which tireplay makes with its own options.
const char* const kCollectiveOps[] = {"allgather",  "allgatherv", "allreduce", "alltoall", "alltoallv", "barrier",
                                      "bcast",      "gather",     "reduce",    "reduce_scatter", "scatter"};

// The SMPI keys the replay's MPI layer reads (SmpiConfig::apply).
const char* const kSmpiKeys[] = {"smpi/send-is-detached-thresh", "smpi/async-small-thresh", "smpi/test",
                                 "smpi/grow-injected-times",     "smpi/simulate-computation",
                                 "smpi/finalization-barrier",    "smpi/init", "smpi/os", "smpi/ois", "smpi/or",
                                 "tireplay/both-ways-factor", "tireplay/both-ways-factor-after-pause",
                                 "tireplay/both-ways-window", "tireplay/polling", "tireplay/quota-period",
                                 "tireplay/wakeup-delay", "tireplay/wakeup-delay-polling",
                                 "tireplay/async-progress", "tireplay/poll-cpu",
                                 "tireplay/poll-cpu-shared", "tireplay/transport-cpu", "tireplay/win-create-cpu",
                                 "tireplay/win-free-cpu", "tireplay/rma-call-cpu",
                                 "tireplay/rma-target-progress", "tireplay/fast-drift", "tireplay/read-ahead"};

[[noreturn]] void refuse(const std::string& pair, const std::string& why)
{
  throw std::invalid_argument("--cfg " + pair + ": " + why);
}

size_t edit_distance(const std::string& a, const std::string& b)
{
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); j++)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); i++) {
    size_t diagonal = row[0];
    row[0]          = i;
    for (size_t j = 1; j <= b.size(); j++) {
      size_t up = row[j];
      row[j]    = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal  = up;
    }
  }
  return row[b.size()];
}

std::vector<std::string> known_keys()
{
  std::vector<std::string> keys;
  for (const auto& r : kRules)
    keys.emplace_back(r.key);
  for (const char* k : kFactorKeys)
    keys.emplace_back(k);
  for (const char* k : kNoEffectKeys)
    keys.emplace_back(k);
  for (const char* k : kSmpiKeys)
    keys.emplace_back(k);
  for (const char* op : kCollectiveOps)
    keys.push_back(std::string("smpi/") + op);
  keys.emplace_back("smpi/coll-selector");
  return keys;
}

/// " (did you mean 'network/model'?)" for a key a few edits away from a known one, else "".
std::string suggestion(const std::string& key)
{
  std::string best;
  size_t best_distance = std::max<size_t>(3, key.size() / 4) + 1;  // a few typos for the key's length
  for (const auto& k : known_keys())
    if (size_t d = edit_distance(key, k); d < best_distance)
      best = k, best_distance = d;
  return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

bool contains(const char* const* begin, const char* const* end, const std::string& key)
{
  return std::any_of(begin, end, [&key](const char* k) { return key == k; });
}

void check_rule(const Rule& rule, const std::string& pair, const std::string& value)
{
  if (rule.key == std::string("maxmin/concurrency-limit") && value == "-1")
    return;
  if (rule.choices != nullptr) {
    std::istringstream words(rule.choices);
    for (std::string w; words >> w;)
      if (w == value)
        return;
    refuse(pair, "'" + value + "' is not one of: " + rule.choices);
  }
  size_t end = 0;
  double x   = 0;
  try {
    x = std::stod(value, &end);
  } catch (const std::out_of_range&) {
    refuse(pair, "'" + value + "' is out of range");
  } catch (const std::exception&) {
    end = 0;
  }
  if (end == 0 || end != value.size() || std::isnan(x))
    refuse(pair, "'" + value + "' is not " + (rule.integer ? "an integer" : "a number"));
  if (rule.integer && x != std::floor(x))
    refuse(pair, "'" + value + "' is not an integer");
  std::ostringstream range;
  range.precision(12);
  range << (rule.min_excluded ? "above " : "at least ") << rule.min;
  if (rule.max < kHuge)
    range << " and at most " << rule.max;
  if (x < rule.min || (rule.min_excluded && x == rule.min) || x > rule.max || !std::isfinite(x))
    refuse(pair, "'" + value + "' is out of range (it must be " + range.str() + ")");
}

/// "bound:factor[:...];..." with a non-negative integer bound and finite, non-negative factors (positive for
/// bandwidth), as SMPI's factor parser wants them.
void check_factors(const std::string& key, const std::string& pair, const std::string& value)
{
  std::stringstream chunks(value);
  std::string chunk;
  int n = 0;
  while (std::getline(chunks, chunk, ';')) {
    if (chunk.empty())
      continue;
    n++;
    std::vector<std::string> parts;
    std::stringstream fields(chunk);
    for (std::string f; std::getline(fields, f, ':');)
      parts.push_back(f);
    if (parts.size() < 2)
      refuse(pair, "chunk '" + chunk + "' is not bound:factor");
    for (size_t i = 0; i < parts.size(); i++) {
      size_t end = 0;
      double x   = -1;
      try {
        x = std::stod(parts[i], &end);
      } catch (const std::exception&) {
        end = 0;
      }
      bool ok = end == parts[i].size() && end > 0 && std::isfinite(x) && x >= 0 &&
                (i > 0 || x == std::floor(x)) && (i == 0 || key != "smpi/bw-factor" || x > 0);
      if (!ok)
        refuse(pair, "in chunk '" + chunk + "', '" + parts[i] + "' is not " +
                         (i == 0 ? "a message size in bytes"
                                 : key == "smpi/bw-factor" ? "a positive factor" : "a non-negative factor"));
    }
  }
  if (n == 0)
    refuse(pair, "no bound:factor chunk");
}

} // namespace

bool read_by_tireplay(const std::string& key)
{
  return key.rfind("tireplay/", 0) == 0 ||
         (key.rfind("smpi/", 0) == 0 && !contains(std::begin(kFactorKeys), std::end(kFactorKeys), key));
}

Configuration parse_configuration(const std::vector<std::string>& pairs)
{
  Configuration cfg;
  for (const auto& pair : pairs) {
    auto colon = pair.find(':');
    if (colon == std::string::npos || colon == 0)
      throw std::invalid_argument("--cfg expects key:value, got '" + pair + "'");
    std::string key = pair.substr(0, colon), value = pair.substr(colon + 1);
    if (contains(std::begin(kFactorKeys), std::end(kFactorKeys), key)) {
      check_factors(key, pair, value);
      cfg.simgrid.push_back(pair);
    } else if (key.rfind("smpi/", 0) == 0) {
      std::string op = key.substr(5);
      if (contains(std::begin(kCollectiveOps), std::end(kCollectiveOps), op))
        refuse(pair, "tireplay chooses collective algorithms itself: --coll " + op +
                         "=ALGORITHM (tireplay algorithms lists them) with --select fixed, model or ompi");
      if (key == "smpi/coll-selector")
        refuse(pair, "tireplay's selectors are --select smpi (SMPI's default, --cfg smpi/coll-selector:default), "
                     "fixed (--coll), model or ompi (SMPI's ompi selector, --cfg smpi/coll-selector:ompi)");
      if (contains(std::begin(kNoEffectKeys), std::end(kNoEffectKeys), key))
        cfg.notes.push_back("--cfg " + pair + " has no effect on the replay of a time-independent trace");
      else if (!cfg.smpi.apply(key, value))  // not an smpi/ key the MPI layer reads
        refuse(pair, "unknown SMPI option '" + key + "'" + suggestion(key));
    } else if (std::any_of(std::begin(kSimgridFamilies), std::end(kSimgridFamilies),
                           [&key](const char* f) { return key.rfind(f, 0) == 0; })) {
      auto rule = std::find_if(std::begin(kRules), std::end(kRules), [&key](const Rule& r) { return key == r.key; });
      if (rule != std::end(kRules))
        check_rule(*rule, pair, value);
      cfg.simgrid.push_back(pair);
    } else if (key.rfind("tireplay/", 0) == 0) {
      if (!cfg.smpi.apply(key, value))
        refuse(pair, "unknown tireplay option '" + key + "'" + suggestion(key));
    } else if (key.rfind("tracing", 0) == 0) {
      refuse(pair, "SimGrid's tracing does not apply to a replay: tireplay writes timelines with --paje, "
                   "--otf2-out and --events-csv");
    } else {
      std::string hint = suggestion(key);
      refuse(pair, "'" + key + "' is not an option tireplay uses" +
                       (hint.empty() ? std::string(" (smpi/..., network/..., cpu/..., host/..., surf/..., "
                                                   "maxmin/..., bmf/..., contexts/..., tireplay/...)")
                                     : hint));
    }
  }
  cfg.smpi.validate();
  return cfg;
}

namespace {
bool g_stop_before_simulation = false;
} // namespace

void stop_before_simulation(bool stop) { g_stop_before_simulation = stop; }

std::unique_ptr<sg4::Engine> make_engine(const Configuration& cfg, const std::vector<std::string>& extra_args)
{
  if (g_stop_before_simulation)
    throw SimulationNotStarted{};
  // res_network warns of latencies below surf/precision: a negative one is refused by check_platform_values.
  // network/optim:Full: SimGrid 3.32's lazy updates solve only the constraints its selective update marks, and a
  // communication leaving its latency phase marks only its first link's: when several leave it at one date, a link
  // of a later one can be left out of the solve and its flows exceed its bandwidth (tools/repro/lazy_updates). Full
  // updates solve every link each time, in the same time or less on the bench's traces (docs/fidelity.md).
  std::vector<std::string> args{"tireplay", "--cfg=network/model:SMPI", "--cfg=network/optim:Full",
                                "--log=root.thres:warning",
                                "--log=xbt_cfg.thres:warning", "--log=res_network.thres:error",
                                "--log=no_loc"};  // no backtrace after SimGrid's message when it stops on an input
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  int argc    = static_cast<int>(argv.size());
  auto engine = std::make_unique<sg4::Engine>(&argc, argv.data());
  exit_on_interruption(true);  // SimGrid's own SIGINT handler exits 1, which `check` reserves for regressions
  for (const auto& pair : cfg.simgrid) {
    try {
      simgrid::config::set_parse(pair);
    } catch (const std::out_of_range&) {
      std::string key = pair.substr(0, pair.find(':'));
      refuse(pair, "SimGrid has no option '" + key + "'" + suggestion(key));
    } catch (const std::exception& e) {
      std::string why = e.what();
      refuse(pair, "SimGrid refuses it: " + why.substr(0, why.find('\n')));
    }
  }
  return engine;
}

} // namespace tireplay
