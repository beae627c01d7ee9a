// `tireplay calibrate pingpong`: a cluster platform from ping-pong tables, as section 5 of the time-independent trace
// replay paper does it (models/calibration_network.hpp), with the loopback of two ranks of one host.
#include "models/platform_params.hpp"
#include "models/quantities.hpp"
#include "models/topology.hpp"
#include "src/calibrate/pingpong_comments.hpp"
#include "src/calibrate/platform_xml.hpp"
#include "src/calibrate/tables.hpp"
#include "src/cli/calibrate_exchanges.hpp"
#include "src/cli/calibrate_support.hpp"
#include "src/cli/commands.hpp"
#include "src/cli/platform_engine.hpp"
#include "format/input_file.hpp"
#include "format/rank_reader.hpp"
#include "format/trace_source.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace po = boost::program_options;
namespace sg4 = simgrid::s4u;

namespace tireplay::calibrate_cli {

namespace {

/// A temporary file for the platform when the user wants none, removed at the end.
struct TemporaryFile {
  std::string path;
  TemporaryFile()
  {
    std::string p = (std::filesystem::path(temporary_directory("the platform to check")) /
                     "tireplay-calibrate-XXXXXX.xml").string();
    int fd = mkstemps(p.data(), 4);
    if (fd < 0)
      throw InputError(p + ": cannot create a temporary platform file: " + std::strerror(errno));
    close(fd);
    path = p;
  }
  ~TemporaryFile() { std::remove(path.c_str()); }
};

void write_text(const std::string& path, const std::string& text)
{
  std::ofstream out(path);
  out << text;
  if (!out)
    throw InputError(path + ": cannot write the platform");
}

/// Step 1 of `calibrate pingpong`: the tables of levels 1, 2, ... and their links' latencies.
struct Links {
  std::vector<std::string> tables;
  std::vector<std::vector<models::PingPongPoint>> levels;
  std::vector<double> round_trips;  // T_k(1 B)
  std::vector<double> latencies;    // ℓ_k
  std::vector<calibrate::PingPongComments> comments;  // pingpong.c's `# KEY VALUE` lines of each table
};

/// A table of two ranks of one host as a network's is refused, unless `one_host` (--one-host) says it is meant.
void check_one_host(const std::string& table, const std::string& evidence, bool one_host)
{
  if (!evidence.empty() && !one_host)
    throw InputError(table + ": a ping-pong between two ranks of one host (" + evidence + "): it measures that "
                     "host's memory, not a network\n  measure across two nodes (mpirun -np 2 --host NODE_A,NODE_B "
                     "pingpong) and give this table as --loopback beside that one, for messages within a host; or "
                     "give --one-host to make the host's memory the cluster's links");
}

/// A round trip under half of a smaller size's is no measurement's noise in a network: columns or sizes mixed up.
void warn_if_mixed_up(const std::string& path, std::vector<models::PingPongPoint> table)
{
  std::sort(table.begin(), table.end(), [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
  const models::PingPongPoint* slowest = nullptr;
  for (const auto& p : table) {
    if (slowest != nullptr && p.round_trip_seconds < 0.5 * slowest->round_trip_seconds) {
      std::fprintf(stderr, "tireplay calibrate pingpong: warning: %s: %.0f bytes take %s, under half the %s of %.0f "
                           "bytes: are the columns (SIZE TIME) or the sizes mixed up?\n",
                   path.c_str(), p.bytes, microseconds(p.round_trip_seconds).c_str(),
                   microseconds(slowest->round_trip_seconds).c_str(), slowest->bytes);
      return;
    }
    if (slowest == nullptr || p.round_trip_seconds > slowest->round_trip_seconds)
      slowest = &p;
  }
}

Links read_links(const std::vector<std::string>& tables, double nominal, bool one_host)
{
  Links links;
  links.tables = tables;
  for (const auto& t : tables) {
    links.levels.push_back(calibrate::read_pingpong_table(t));
    links.comments.push_back(calibrate::read_pingpong_comments(t));
    for (const std::string& w : links.comments.back().warnings)
      std::fprintf(stderr, "tireplay calibrate pingpong: warning: %s\n", w.c_str());
    std::string evidence = calibrate::one_host_evidence(links.comments.back(), links.levels.back(), nominal);
    check_one_host(t, evidence, one_host);
    if (!one_host)  // within a host, caches and single copies make larger sizes faster
      warn_if_mixed_up(t, links.levels.back());
    try {
      links.round_trips.push_back(models::one_byte_round_trip(links.levels.back()));
    } catch (const std::invalid_argument& e) {
      throw InputError(t + ": " + e.what());
    }
  }
  const auto& T = links.round_trips;
  for (size_t k = 1; k <= T.size(); k++) {  // level by level, to name the table of a bad one
    try {
      links.latencies = models::hierarchy_element_latencies({T.begin(), T.begin() + static_cast<long>(k)});
    } catch (const std::invalid_argument& e) {
      throw InputError(tables[k - 1] + ": " + e.what());
    }
  }
  return links;
}

void print_links(const Report& report, const Links& links, double bandwidth, bool nominal, int switches)
{
  print_table_line(report, links.tables[0], links.levels[0]);
  report.print("Links (time-independent trace replay paper, section 5):\n");
  report.print("  1-byte round trip: %s; / 6 (one way, through two links and one switch):\n",
              microseconds(links.round_trips[0]).c_str());
  report.print("  latency of each link and switch: %s\n", microseconds(links.latencies[0]).c_str());
  for (size_t k = 1; k < links.latencies.size(); k++) {
    std::string where = k == 1 && switches > 1
                            ? "in the platform, two uplinks of " + microseconds(1.5 * links.latencies[k]) + " each"
                            : "not in the platform";
    report.print("  level %zu (%s: 1-byte round trip %s): latency of each of its links and switches %s\n"
                "    (one way = 4 x the lower levels' + 3 x its own; %s)\n",
                k + 1, links.tables[k].c_str(), microseconds(links.round_trips[k]).c_str(),
                microseconds(links.latencies[k]).c_str(), where.c_str());
  }
  report.print("  bandwidth: %s (%s)\n", megabytes_per_second(bandwidth).c_str(),
              nominal ? "nominal, --bandwidth" : "1 / the slope of the largest sizes' segment");
}

/// The platform's comment: where its numbers come from.
std::string platform_comment(const Links& links, const calibrate::CalibratedCluster& c, bool nominal, bool factors)
{
  std::ostringstream comment;
  comment << "Calibrated by `tireplay calibrate pingpong` from " << links.tables[0]
          << " (time-independent trace replay paper, section 5): each link and the switch "
          << c.element_latency_seconds * 1e6 << " us (the 1-byte round trip " << links.round_trips[0] * 1e6
          << " us / 6), bandwidth " << c.bandwidth_bytes_per_second * 1e-6 << " MB/s ("
          << (nominal ? "nominal" : "fitted") << "), speed " << c.speed_flops_per_second << " flop/s";
  if (c.switches > 1)
    comment << "; " << c.switches << " switches of " << c.hosts << " hosts, each with an uplink of 1.5 x "
            << c.level2_latency_seconds * 1e6 << " us (the second level's links and switch, from " << links.tables[1]
            << ": one way = 4 x " << c.element_latency_seconds * 1e6 << " + 3 x " << c.level2_latency_seconds * 1e6
            << " us)";
  comment << (factors ? "; SMPI's factors fitted per segment in <config>." : ".");
  return comment.str();
}

/// The loopback of two ranks of one host from their ping-pong table: its 1-byte one-way time and its largest sizes'
/// rate, set in `cluster`; returns the table's segments, whose factors are fitted once the route exists.
std::vector<models::SegmentFit> read_loopback(const Report& report, const std::string& loopback_table,
                                              const models::SegmentChoice& choice,
                                              calibrate::CalibratedCluster& cluster)
{
  std::vector<models::PingPongPoint> table = calibrate::read_pingpong_table(loopback_table);
  try {
    cluster.loopback_latency_seconds = models::one_byte_round_trip(table) / 2;
  } catch (const std::invalid_argument& e) {
    throw InputError(loopback_table + ": " + e.what());
  }
  auto loopback_fit = fit_segments(report, loopback_table, table, choice);
  cluster.loopback_bandwidth_bytes_per_second = models::fitted_bandwidth(loopback_fit);
  if (!std::isfinite(cluster.loopback_bandwidth_bytes_per_second))
    throw InputError(loopback_table + ": the largest sizes' times do not grow with the size: no loopback bandwidth");
  report.print("\nLoopback (two ranks of one host, %s): 1-byte round trip %s; latency %s (one way), bandwidth %s\n",
              loopback_table.c_str(), microseconds(2 * cluster.loopback_latency_seconds).c_str(),
              microseconds(cluster.loopback_latency_seconds).c_str(),
              megabytes_per_second(cluster.loopback_bandwidth_bytes_per_second).c_str());
  return loopback_fit;
}

} // namespace

// ---- tireplay calibrate pingpong ----

int pingpong(int argc, char** argv)
{
  std::vector<std::string> tables;
  std::string bandwidth_text, speed_text = "1Gf", prefix = "node-", platform_out, options_out;
  int hosts = 16, switches = 0;
  bool no_factors = false, one_host = false;
  Report report;
  std::string loopback_table, exchange_table, eager_text, paused_table, window_text, windows_table;
  SegmentOptions segments;
  po::options_description desc(
      "usage: tireplay calibrate pingpong TABLE [LEVEL2_TABLE ...] [--bandwidth B] [--speed S] [--hosts N]\n"
      "                                   [--switches S] [--platform-out P.xml] [--options-out FILE] [-q]\n\n"
      "A cluster platform from a ping-pong table (time-independent trace replay paper, section 5): the latency of\n"
      "each link and of the switch is the 1-byte round trip / 6 (two links and one switch, there and back); with\n"
      "tables of pairs ever farther apart in a tree of switches (level 2, 3...), the latency of each level's links\n"
      "and switches (the hierarchy-aware rule, docs/calibration.md), and a platform of two levels. The bandwidth\n"
      "is --bandwidth (the links' nominal value, as the paper takes it) or fitted to the largest sizes. Then SMPI's\n"
      "latency and bandwidth factors are fitted per message-size segment against the route between two hosts of\n"
      "one switch, as `calibrate factors` does.\n"
      "Tables: 'SIZE TIME' lines (bytes, round-trip seconds or with a unit), or SKaMPI's 'count=' lines.\n\n"
      "options");
  desc.add_options()("help,h", "this help")
      ("pingpong", po::value(&tables)->composing(), "ping-pong table, level 1 first (also as positional arguments)")
      ("bandwidth", po::value(&bandwidth_text), "the links' nominal bandwidth (bytes/s, or with Bps, MBps, Gbps...); "
                                                "default: fitted to the largest sizes")
      ("speed", po::value(&speed_text)->default_value("1Gf"), "the hosts' flop rate (`calibrate flops`): flop/s, or "
                                                              "with f, kf, Mf, Gf, Tf")
      ("hosts", po::value(&hosts)->default_value(16), "hosts of the cluster (per switch, with --switches)")
      ("switches", po::value(&switches), "first-level switches, joined by a second level (default: 1 with one "
                                         "table, 2 with a level-2 table)")
      ("prefix", po::value(&prefix)->default_value("node-"), "host names: PREFIX0 .. PREFIX<N-1>")
      ("platform-out", po::value(&platform_out), "write the platform (with the factors in its <config>) here")
      ("options-out", po::value(&options_out), "write the replay options (--cfg=...) here, one per line")
      ("no-factors", po::bool_switch(&no_factors), "the links only: no SMPI factors")
      ("loopback", po::value(&loopback_table), "a ping-pong table of two ranks on one host (shared memory): the "
                                               "hosts' loopback and its own factors, for messages within a host")
      ("one-host", po::bool_switch(&one_host), "TABLE is of two ranks of one host, and the cluster's links are to "
                                               "model that host's memory (refused without: docs/calibration.md)")
      ("exchange", po::value(&exchange_table), "a table of exchanges between the same two hosts ('SIZE TIME': both "
                                               "send SIZE bytes at once, back to back): where they take longer "
                                               "than one way, the replay option tireplay/both-ways-factor")
      ("eager-limit", po::value(&eager_text), "with --exchange: messages below this many bytes move nothing back "
                                               "(the MPI's eager protocol; Open MPI's TCP: btl_tcp_eager_limit)")
      ("exchange-after-pause", po::value(&paused_table), "with --exchange: a table of single exchanges, each after "
                                                          "a pause: tireplay/both-ways-factor-after-pause, and "
                                                          "--exchange's fraction for back-to-back messages only")
      ("both-ways-window", po::value(&window_text), "with --exchange-after-pause: messages that start within this "
                                                    "time of the last one between their hosts are back to back "
                                                    "(tireplay/both-ways-window; default 100us, docs/lab.md)")
      ("exchange-windows", po::value(&windows_table), "with --exchange-after-pause, instead of --both-ways-window: a "
                                                      "table 'SIZE SECONDS' of the gap from which exchanges of each "
                                                      "size in a sequence run both ways at once (pingpong.c's "
                                                      "'# exchange-window' lines): the window per size");
  segments.add_to(desc);
  po::positional_options_description positional;
  Report::add_option(desc, report);
  positional.add("pingpong", -1);
  return guarded("calibrate pingpong", [&] {
    if (!parse_options(argc, argv, desc, &positional))
      return kExitOk;
    segments.finish();
    if (tables.empty())
      throw po::error("no ping-pong table");
    if (hosts < 2 || hosts > 1000000)
      throw po::error("--hosts must be between 2 and 1000000");
    if (switches == 0)
      switches = tables.size() > 1 ? 2 : 1;
    if (switches < 1 || switches > 1000)
      throw po::error("--switches must be between 1 and 1000");
    if (switches > 1 && tables.size() < 2)
      throw po::error("--switches " + std::to_string(switches) + " needs the ping-pong table of level 2 (the "
                      "latency of the uplinks)");
    const char* name_chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-";
    if (prefix.empty() || prefix.find_first_not_of(name_chars) != std::string::npos)
      throw po::error("--prefix: '" + prefix + "' is not a host name prefix (letters, digits, '_', '.', '-')");
    double speed = quantity_option("speed", speed_text, models::kSpeedUnits, "a flop rate (flop/s, or with f, kf, "
                                                                              "Mf, Gf, Tf)");
    double nominal = bandwidth_text.empty() ? 0 : quantity_option("bandwidth", bandwidth_text, models::kRateUnits,
                                                                  "a rate (bytes/s, or with Bps, kBps, MBps, GBps, "
                                                                  "bps, kbps, Mbps, Gbps)");

    // The outputs must not replace an input, nor each other.
    std::vector<std::string> inputs = tables;
    inputs.insert(inputs.end(), {loopback_table, exchange_table, paused_table, windows_table});
    if (!platform_out.empty())
      check_output_path(platform_out, "--platform-out", inputs, false);
    if (!options_out.empty()) {
      inputs.push_back(platform_out);
      check_output_path(options_out, "--options-out", inputs, false);
    }

    // Step 1: the links.
    Links links = read_links(tables, nominal, one_host);
    if (!eager_text.empty() && exchange_table.empty())
      throw po::error("--eager-limit needs --exchange (it says which exchanges count)");
    uint64_t eager_limit = eager_text.empty() ? 0 : whole_bytes_option("eager-limit", eager_text, 0, 1ULL << 40);
    if (!paused_table.empty() && exchange_table.empty())
      throw po::error("--exchange-after-pause needs --exchange (the back-to-back exchanges)");
    if (!window_text.empty() && paused_table.empty())
      throw po::error("--both-ways-window needs --exchange-after-pause (what messages outside it move back)");
    if (!windows_table.empty() && paused_table.empty())
      throw po::error("--exchange-windows needs --exchange-after-pause (what messages outside the windows move back)");
    if (!windows_table.empty() && !window_text.empty())
      throw po::error("--exchange-windows and --both-ways-window both give the window: give one");
    if (window_text.empty())
      window_text = "100us";
    double window = quantity_option("both-ways-window", window_text, models::kTimeUnits, "a time (seconds, or "
                                                                                          "with s, ms, us, ns)");
    std::vector<models::PingPongPoint> exchanges, paused;
    if (!exchange_table.empty())
      exchanges = read_exchanges(exchange_table, tables[0], links.levels[0], "# exchange");
    if (!paused_table.empty())
      paused = read_exchanges(paused_table, tables[0], links.levels[0], "# exchange-after-pause");
    std::vector<std::pair<double, double>> windows;
    if (!windows_table.empty() && (windows = calibrate::read_window_table(windows_table)).empty())
      throw InputError(windows_table + ": no size in the exchange window table");
    std::vector<models::SegmentFit> fit = fit_segments(report, tables[0], links.levels[0], segments.choice);
    double bandwidth = nominal > 0 ? nominal : models::fitted_bandwidth(fit);
    if (!std::isfinite(bandwidth))
      throw InputError(tables[0] + ": the largest sizes' times do not grow with the size: give --bandwidth");
    print_links(report, links, bandwidth, nominal > 0, switches);

    // Step 2: the factors, against the route of the cluster's first two hosts.
    calibrate::CalibratedCluster cluster;
    cluster.prefix                     = prefix;
    cluster.hosts                      = hosts;
    cluster.speed_flops_per_second     = speed;
    cluster.bandwidth_bytes_per_second = bandwidth;
    cluster.element_latency_seconds    = links.latencies[0];
    cluster.switches                   = switches;
    cluster.level2_latency_seconds     = links.latencies.size() > 1 ? links.latencies[1] : 0;
    cluster.comment                    = platform_comment(links, cluster, nominal > 0, !no_factors);
    std::vector<models::SegmentFit> loopback_fit;
    if (!loopback_table.empty())
      loopback_fit = read_loopback(report, loopback_table, segments.choice, cluster);
    std::optional<TemporaryFile> scratch;
    if (platform_out.empty())
      scratch.emplace();
    const std::string path = platform_out.empty() ? scratch->path : platform_out;
    write_text(path, calibrate::cluster_platform_xml(cluster));
    std::vector<std::string> options;
    if (!no_factors) {
      std::unique_ptr<simgrid::s4u::Engine> engine;
      try {
        engine = engine_with_platform(path, {});
      } catch (const InputError& e) {  // name the tables, not a temporary file
        std::string why = e.what();
        if (why.rfind(path + ": ", 0) == 0)
          why = why.substr(path.size() + 2);
        std::string tables;
        for (const auto& t : links.tables)
          tables += (tables.empty() ? "" : ", ") + t;
        throw InputError(tables + ": the platform these measurements give cannot be simulated: " + why);
      }
      auto* a     = engine->host_by_name(prefix + "0");
      auto* b     = engine->host_by_name(prefix + "1");
      models::RouteParams route = models::route_params(*a, *b, models::network_factors_from_config());
      report.print("\n");
      options = print_factors(report, fit, route, a->get_name() + " -> " + b->get_name());
      cluster.latency_factors   = options[0].substr(options[0].find(':') + 1);
      cluster.bandwidth_factors = options[1].substr(options[1].find(':') + 1);
      if (!loopback_fit.empty()) {  // its own factors, against the route of a host to itself
        models::RouteParams loop = models::route_params(*a, *a, models::network_factors_from_config());
        report.print("\nLoopback factors (the cluster's tireplay/loopback-lat-factor and -bw-factor; SMPI's above\n"
                    "apply between hosts):\n");
        auto spec = print_factors(report, loopback_fit, loop, a->get_name() + " -> " + a->get_name());
        cluster.loopback_latency_factors   = spec[0].substr(spec[0].find(':') + 1);
        cluster.loopback_bandwidth_factors = spec[1].substr(spec[1].find(':') + 1);
      }
      write_text(path, calibrate::cluster_platform_xml(cluster));
    }
    if (!platform_out.empty() && switches == 1)
      report.print("\nPlatform: %s (cluster of %d hosts %s0 .. %s%d%s)\n", platform_out.c_str(), hosts, prefix.c_str(),
                  prefix.c_str(), hosts - 1, no_factors ? "" : ", the factors in its <config>");
    else if (!platform_out.empty())
      report.print("\nPlatform: %s (%d switches of %d hosts, %s0 .. %s%d, joined by a second level%s)\n",
                  platform_out.c_str(), switches, hosts, prefix.c_str(), prefix.c_str(), switches * hosts - 1,
                  no_factors ? "" : ", the factors in its <config>");
    if (!exchange_table.empty())
      options.push_back(both_ways_option(report, exchange_table, exchanges, tables[0], links.levels[0], eager_limit,
                                         "tireplay/both-ways-factor"));
    if (!paused_table.empty()) {
      options.push_back(both_ways_option(report, paused_table, paused, tables[0], links.levels[0], eager_limit,
                                         "tireplay/both-ways-factor-after-pause"));
      if (windows_table.empty()) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.9g", window);
        options.push_back(std::string("--cfg=tireplay/both-ways-window:") + seconds);
        report.print("Back to back: a message that starts within %s of the last one between its hosts (%s)\n",
                    microseconds(window).c_str(), window_text.c_str());
      } else {
        options.push_back(windows_option(report, windows_table, windows));
      }
    }
    for (const std::string& o : links.comments[0].options)  // pingpong.c's `# win-create`, `# test` ...
      options.push_back(o);
    note_exchange_lines(report, tables[0], links.comments[0].separate_tables,
                        {!exchange_table.empty(), !paused_table.empty(), !windows_table.empty()});
    if (!options.empty())
      print_replay_options(report, options, options_out);
    return kExitOk;
  });
}

} // namespace tireplay::calibrate_cli
