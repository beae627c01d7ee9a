// tireplay/both-ways-factor and its window (docs/calibration.md, "Both ways at once"): the echo a message between two
// hosts moves back, and which messages are back to back. Members of P2PWorld (replay/p2p.hpp).
#include "replay/p2p.hpp"

#include <algorithm>
#include <iterator>
#include <limits>
#include <unordered_set>

namespace tireplay {

namespace {
uint64_t host_pair(int a, int b)
{
  return (static_cast<uint64_t>(std::min(a, b)) << 32) | static_cast<uint32_t>(std::max(a, b));
}
} // namespace

bool P2PWorld::back_to_back(const Request* send) const
{
  double window = config.both_ways_window_for(static_cast<double>(send->bytes + kEnvelopeBytes));
  if (window == std::numeric_limits<double>::infinity())
    return true;
  int a    = host_ids[static_cast<size_t>(send->src)], b = host_ids[static_cast<size_t>(send->dst)];
  auto end = pair_ends_.find(host_pair(a, b));
  return end != pair_ends_.end() && transport->now() - end->second <= window;
}

void P2PWorld::communicator_made(const std::vector<int>& members)
{
  if (pair_ends_.empty())
    return;
  std::unordered_set<int> hosts;
  for (int m : members)
    hosts.insert(host_ids[static_cast<size_t>(m)]);
  for (auto it = pair_ends_.begin(); it != pair_ends_.end();) {
    int a = static_cast<int>(it->first >> 32), b = static_cast<int>(it->first & 0xffffffffu);
    it    = hosts.count(a) != 0 && hosts.count(b) != 0 ? pair_ends_.erase(it) : std::next(it);
  }
}

void P2PWorld::note_completion(const Request* r, double at)
{
  if (config.both_ways.empty() || config.both_ways_window.empty())
    return;
  int a = host_ids[static_cast<size_t>(r->src)], b = host_ids[static_cast<size_t>(r->dst)];
  if (a == b)
    return;
  const uint64_t pair = host_pair(a, b);
  auto last           = pair_ends_.find(pair);
  if (config.both_ways_fraction(static_cast<double>(r->bytes + kEnvelopeBytes)) > 0) {
    double& end = pair_ends_[pair];
    end         = std::max(end, at);
  } else if (last != pair_ends_.end() && at > last->second) {
    pair_ends_.erase(last);  // a small message that arrived after the last large one went behind what it left
  }
}

void P2PWorld::start_echo(const Request* send, double bytes)
{
  uint64_t way = (static_cast<uint64_t>(host_ids[send->dst]) << 32) | static_cast<uint32_t>(host_ids[send->src]);
  std::vector<Transfer*>& echoes = echoes_[way];
  size_t kept = 0;
  for (Transfer* t : echoes) {  // remaining() makes no simcall: no other rank runs meanwhile
    if (double left = transport->remaining(t); left > 0) {
      bytes -= left;
      echoes[kept++] = t;
    } else {
      drop(t);
    }
  }
  echoes.resize(kept);
  if (bytes <= 0)
    return;
  Transfer* t = transport->new_transfer();
  t->refs     = 1;
  echoes.push_back(t);
  transport->start(t, send->dst, send->src, bytes);
}

} // namespace tireplay
