// Which host each rank runs on: a hostfile (smpirun's format), a SimGrid deployment file, or round-robin over
// the platform's hosts.
#pragma once

#include <string>
#include <vector>

namespace simgrid::s4u {
class Engine;
class Host;
}

namespace tireplay {

struct Placement {
  std::string platform;    // for messages
  std::string hostfile;    // one host per line, or host:count
  std::string deployment;  // one <actor host="..."> per rank, in rank order
  bool oversubscribe = false;  // more ranks than listed hosts: wrap around, as smpirun does
  int ranks_per_node = 0;      // > 0: K consecutive ranks on each host, in order (a hostfile's counts ignored)
};

/// The host of each of `np` ranks. Throws InputError naming the file and line of an unknown host, or when the
/// ranks outnumber the slots (hostfile entries; with ranks_per_node, hosts times K) without oversubscribe.
/// `listed`, if given, gets the number of hosts the hostfile or deployment lists (a host listed twice counts twice;
/// 0 when the ranks go round-robin over the platform).
std::vector<simgrid::s4u::Host*> place_ranks(const Placement& placement, const simgrid::s4u::Engine& engine, int np,
                                             size_t* listed = nullptr);

} // namespace tireplay
