#include "replay/engine.hpp"
#include "src/cli/commands.hpp"
#include "src/report/summary.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace po = boost::program_options;

namespace tireplay {

int replay_command(int argc, char** argv)
{
  ReplayOptions opt;
  std::string json;
  bool quiet = false;
  po::options_description desc(
      "usage: tireplay replay --platform P.xml --trace TRACE [--hostfile H | --deployment D] [--np N] [options]\n\n"
      "Replays a time-independent trace (an index of per-rank files, one shared file, or a directory of per-rank\n"
      "files) on a SimGrid platform and prints the predicted execution time and a per-rank breakdown.\n\noptions");
  desc.add_options()("help,h", "this help")
      ("platform", po::value(&opt.platform)->required(), "SimGrid XML platform")
      ("trace", po::value(&opt.trace)->required(), "trace: index file, shared trace file or directory")
      ("hostfile", po::value(&opt.hostfile), "hosts of the ranks, in order (smpirun's format: host or host:count)")
      ("deployment", po::value(&opt.deployment), "SimGrid deployment file placing one actor per rank")
      ("np", po::value(&opt.np)->default_value(0), "number of ranks (default: as many as the trace has)")
      ("oversubscribe", po::bool_switch(&opt.oversubscribe), "wrap around the hostfile when ranks outnumber hosts")
      ("cfg", po::value(&opt.cfg)->composing(), "key:value configuration: smpi/... for the MPI model, else SimGrid's")
      ("coll", po::value(&opt.coll)->composing(), "operation=algorithm (see `tireplay algorithms`); kept with "
                                                  "--select model, which then chooses the other operations")
      ("select", po::value(&opt.select), "how collectives pick their algorithm: smpi (SMPI's default selector), "
                                         "fixed (--coll), model (the cheapest by the analytic models)")
      ("scale", po::value(&opt.scale)->composing(),
       "QUANTITY[@ZONE]=FACTOR: multiply link.bw, link.lat or host.speed of every link or host (of ZONE and "
       "the zones inside it), e.g. link.bw=2, host.speed@rennes=0.5x")
      ("set", po::value(&opt.set)->composing(),
       "QUANTITY[@ZONE]=VALUE: set it, with SimGrid units, e.g. link.lat=10us, link.bw=1GBps, host.speed=2Gf")
      ("ranks-per-node", po::value(&opt.ranks_per_node)->default_value(0),
       "place K consecutive ranks on each host of the hostfile (its counts ignored) or of the platform, in "
       "order (folding; 0: one rank per hostfile entry, or round-robin over the platform)")
      ("segment-bytes", po::value(&opt.segment_bytes), "segment size of pipelined algorithms (segmented_chain) "
                                                       "with --select smpi or fixed; --select model tunes it")
      ("limit", po::value(&opt.limit), "K of the K-limited reduce trees (greedy_k_transfers, greedy_k_reducers) "
                                       "with --select smpi or fixed; default and --select model: the fewest K "
                                       "that keeps the unlimited tree's predicted time")
      ("reductions", po::value(&opt.reductions)->default_value("after"),
       "where a reduce's flops run: after (every rank once after the call, as SimGrid's replay) or steps "
       "(the reducing rank, at each vector it reduces, overlapping the next transfer)")
      ("contention-signature", po::value(&opt.contention_signature),
       "all-to-all contention signature for --select model: fast-ethernet, gigabit-ethernet, myrinet or "
       "gamma,delta_seconds,threshold_bytes")
      ("explain", po::value(&opt.explain), "write the model's decisions (candidates, predicted seconds) to FILE")
      ("json", po::value(&json), "write a JSON summary to this file")
      ("quiet,q", po::bool_switch(&quiet), "print nothing but errors; no progress");

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(desc).run(), vm);
    if (vm.count("help")) {
      std::cout << desc << "\n";
      return kExitOk;
    }
    po::notify(vm);
    if (!opt.hostfile.empty() && !opt.deployment.empty())
      throw po::error("--hostfile and --deployment exclude each other");
    if (opt.np < 0)
      throw po::error("--np must be positive");
  } catch (const po::error& e) {
    std::fprintf(stderr, "tireplay replay: %s\n(see tireplay replay --help)\n", e.what());
    return kExitBadInput;
  }
  opt.progress = !quiet && isatty(STDERR_FILENO);

  try {
    ReplayResult result = run_replay(opt);
    if (!json.empty())
      write_json_summary(json, opt, result);
    if (!quiet)
      print_summary(stdout, result);
    print_problems(stderr, result);
    return result.blocked.empty() ? kExitOk : kExitBlocked;
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kExitBadInput;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "tireplay replay: %s\n", e.what());
    return kExitBadInput;
  }
}

} // namespace tireplay
