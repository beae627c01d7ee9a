// `tireplay predict`: the models' table for one collective call, without a trace.
#include "replay/model_contexts.hpp"
#include "replay/placement.hpp"
#include "replay/selection.hpp"
#include "replay/configuration.hpp"
#include "src/cli/commands.hpp"
#include "src/cli/platform_engine.hpp"
#include "format/rank_reader.hpp"

#include <boost/program_options.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace tireplay {
namespace {

/// "4MiB", "16k", "1e6", "8": bytes (k, M, G are powers of 1000; KiB, MiB, GiB powers of 1024).
uint64_t parse_bytes(const std::string& text)
{
  double bytes = size_in_bytes(text);
  if (!(bytes >= 0) || !std::isfinite(bytes))
    throw po::error("--bytes: '" + text + "' is not a size (e.g. 8, 64k, 4MiB)");
  if (bytes >= 0x1p64)  // the cast would wrap (1e30 became 0 bytes)
    throw po::error("--bytes: '" + text + "' is out of range (below 2^64, about 1.8e19 bytes)");
  return static_cast<uint64_t>(bytes);
}

} // namespace

int predict_command(int argc, char** argv)
{
  std::string op_name, bytes_text, platform, hostfile;
  bool oversubscribe = false;
  int np = 0;
  std::vector<std::string> cfg;
  std::string signature;
  double flops = 0;
  std::string reductions = "after";
  po::options_description desc(
      "usage: tireplay predict --op OP --bytes SIZE --np N --platform P.xml [--hostfile H]\n\n"
      "Prints the predicted time of every algorithm of a collective that has a model, and the one\n"
      "`--select model` would run, for N ranks placed on the platform.\n\noptions");
  desc.add_options()("help,h", "this help")
      ("op", po::value(&op_name)->required(), "collective operation (see `tireplay algorithms`)")
      ("bytes", po::value(&bytes_text)->required(), "message size per rank in bytes: 8, 64k (64000: k, M, G are "
                                                            "powers of 1000), 64KiB (65536: KiB, MiB, GiB of 1024)")
      ("np", po::value(&np)->required(), "number of ranks")
      ("platform", po::value(&platform)->required(), "SimGrid XML platform")
      ("hostfile", po::value(&hostfile), "hosts of the ranks (default: round-robin over the platform's hosts)")
      ("oversubscribe", po::bool_switch(&oversubscribe), "wrap around when ranks outnumber hosts, as for replay")
      ("cfg", po::value(&cfg)->composing(), "key:value, as for replay (smpi/bw-factor, smpi/lat-factor...)")
      ("contention-signature", po::value(&signature), "all-to-all contention signature, as for replay")
      ("flops", po::value(&flops), "reduction flops of the call (one reduction of two vectors), as in a trace")
      ("reductions", po::value(&reductions), "where a reduce's flops run: after or steps, as for replay");
  const CollOperation* op = nullptr;
  uint64_t bytes          = 0;

  return guarded("predict", [&]() -> int {
    if (!parse_options(argc, argv, desc))
      return kExitOk;
    std::string valid;
    for (const auto& o : collective_operations()) {
      if (o.name == op_name)
        op = &o;
      valid += (valid.empty() ? "" : ", ") + std::string(o.name);
    }
    if (op == nullptr)
      throw po::error("--op: unknown operation '" + op_name + "' (valid: " + valid + ")");
    if (np < 1 || np > 1000000)
      throw po::error("--np must be from 1 to 1000000 (a trace's ranks are bounded alike)");
    // The all-to-all and reduce-scatter models weigh every pair of ranks: 15 s at 100,000, 25 minutes at 1,000,000
    constexpr int kMaxPairwiseRanks = 100000;
    if (np > kMaxPairwiseRanks && (op->kind == ActionKind::AllToAll || op->kind == ActionKind::AllToAllV ||
                                   op->kind == ActionKind::ReduceScatter))
      throw po::error("--np " + std::to_string(np) + ": the models of " + op_name + " weigh every pair of ranks; at "
                      "most " + std::to_string(kMaxPairwiseRanks));
    bytes = parse_bytes(bytes_text);
    if (!(flops >= 0) || !std::isfinite(flops))
      throw po::error("--flops must be a finite number >= 0");
    if (reductions != "after" && reductions != "steps")
      throw po::error("--reductions: unknown mode '" + reductions + "' (valid: after, steps)");
    auto engine = engine_with_platform(platform, cfg);
    auto hosts = place_ranks({platform, hostfile, "", oversubscribe}, *engine, np);
    check_routes(hosts, platform);
    note_shared_hosts(hosts, "tireplay predict");
    std::vector<uint64_t> counts(np, bytes);
    CollArgs args;
    args.bytes       = bytes;
    args.bytes2      = bytes;
    args.send_counts = &counts;
    args.recv_counts = &counts;
    args.flops       = flops;
    args.reductions_in_steps = op->kind == ActionKind::Reduce && reductions == "steps";
    Decision d       = decide(op->kind, model_context(hosts, signature), args);
    d.comm           = kWorldComm;
    print_decision(stdout, d);
    return kExitOk;
  });
}

} // namespace tireplay
