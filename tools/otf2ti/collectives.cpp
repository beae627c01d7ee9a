#include "collectives.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>

namespace otf2ti {

namespace {

/// A broadcast's bytes: what this rank received. Writers differ at the root: Score-P counts the root's own buffer
/// as received, others record 0 received and (size - 1) x bytes sent; then the other members' records (`counts`:
/// each member's received bytes) tell, else the root's sent bytes do.
uint64_t bcast_bytes(uint64_t P, uint64_t sent, uint64_t received, const std::vector<uint64_t>& counts)
{
  if (received > 0)
    return received;
  uint64_t most = counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
  return most > 0 ? most : sent / std::max<uint64_t>(P - 1, 1);
}

} // namespace

std::string collective_action(OTF2_CollectiveOp op, int size, uint32_t root, uint64_t sent, uint64_t received,
                              const std::vector<uint64_t>& counts, uint32_t element)
{
  // A reduction of elements of 2, 4, 8 or 16 bytes: its count and a datatype of that size (the replay's algorithms
  // that go by element count then run as the program's did); otherwise bytes (MPI_BYTE, the default datatype).
  static const std::map<uint32_t, std::string> datatype_of_size{{2, "3"}, {4, "1"}, {8, "0"}, {16, "14"}};
  auto type      = datatype_of_size.find(element);
  bool elements  = type != datatype_of_size.end() && sent % element == 0;
  auto count     = [&](uint64_t bytes) { return std::to_string(elements ? bytes / element : bytes); };
  std::string dt = elements ? " " + type->second : "";
  auto n        = [](uint64_t v) { return std::to_string(v); };
  uint64_t P    = static_cast<uint64_t>(size);
  std::string r = root == OTF2_UNDEFINED_UINT32 ? "0" : std::to_string(root);
  auto uniform  = [&](uint64_t each) {
    std::string text;
    for (uint64_t i = 0; i < P; i++)
      text += " " + n(counts.size() == P ? counts[i] : each);
    return text;
  };
  switch (op) {
    case OTF2_COLLECTIVE_OP_BARRIER: return "barrier";
    case OTF2_COLLECTIVE_OP_BCAST: return "bcast " + n(bcast_bytes(P, sent, received, counts)) + " " + r;
    case OTF2_COLLECTIVE_OP_REDUCE: return "reduce " + count(sent) + " 0 " + r + dt;
    case OTF2_COLLECTIVE_OP_ALLREDUCE: return "allreduce " + count(sent) + " 0" + dt;
    case OTF2_COLLECTIVE_OP_SCAN: return "scan " + count(sent) + " 0" + dt;
    case OTF2_COLLECTIVE_OP_EXSCAN: return "exscan " + count(sent) + " 0" + dt;
    case OTF2_COLLECTIVE_OP_GATHER: return "gather " + n(sent) + " " + n(sent) + " " + r;
    case OTF2_COLLECTIVE_OP_SCATTER: return "scatter " + n(received) + " " + n(received) + " " + r;
    case OTF2_COLLECTIVE_OP_ALLGATHER: return "allgather " + n(sent) + " " + n(sent);
    case OTF2_COLLECTIVE_OP_ALLTOALL: return "alltoall " + n(sent / P) + " " + n(received / P);
    case OTF2_COLLECTIVE_OP_GATHERV: return "gatherv " + n(sent) + uniform(sent) + " " + r;
    case OTF2_COLLECTIVE_OP_SCATTERV: return "scatterv" + uniform(received) + " " + n(received) + " " + r;
    case OTF2_COLLECTIVE_OP_ALLGATHERV: return "allgatherv " + n(sent) + uniform(received / P);
    case OTF2_COLLECTIVE_OP_ALLTOALLV:
    case OTF2_COLLECTIVE_OP_ALLTOALLW: {
      if (counts.size() != 2 * P)
        return "alltoallv " + n(sent) + uniform(sent / P) + " " + n(received) + uniform(received / P);
      std::string text = "alltoallv " + n(sent);
      for (uint64_t i = 0; i < 2 * P; i++)
        text += (i == P ? " " + n(received) : "") + " " + n(counts[i]);
      return text;
    }
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER:
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK: return "reducescatter" + uniform(received) + " 0";
    default: return "";  // communicator and window handles: no communication to replay
  }
}

bool has_member_counts(OTF2_CollectiveOp op)
{
  return op == OTF2_COLLECTIVE_OP_BCAST || op == OTF2_COLLECTIVE_OP_GATHERV || op == OTF2_COLLECTIVE_OP_SCATTERV ||
         op == OTF2_COLLECTIVE_OP_ALLGATHERV || op == OTF2_COLLECTIVE_OP_REDUCE_SCATTER ||
         op == OTF2_COLLECTIVE_OP_ALLTOALLV || op == OTF2_COLLECTIVE_OP_ALLTOALLW;
}

namespace {

bool is_alltoallv(int op) { return op == OTF2_COLLECTIVE_OP_ALLTOALLV || op == OTF2_COLLECTIVE_OP_ALLTOALLW; }

/// alltoallv's (and alltoallw's) per-pair bytes, which OTF2 does not record (tireplay's tracer does, in attributes of
/// its own: exact_counts), estimated from every rank's totals as
/// sent_i x received_j / total: the matrix that keeps each rank's totals and assumes nothing else (exact when
/// the pattern is a product, as "everyone sends rank 0 a lot"). Member m's send counts, then its receive counts.
std::vector<uint64_t> pair_counts(const std::vector<const CountedCollective*>& call, size_t m)
{
  double total = 0;
  for (const auto* c : call)
    total += static_cast<double>(c->sent);
  std::vector<uint64_t> counts;
  auto estimate = [&](const CountedCollective* from, const CountedCollective* to) {
    return total > 0 ? static_cast<uint64_t>(std::llround(static_cast<double>(from->sent) *
                                                           static_cast<double>(to->received) / total))
                     : 0;
  };
  for (const auto* to : call)
    counts.push_back(estimate(call[m], to));
  for (const auto* from : call)
    counts.push_back(estimate(from, call[m]));
  return counts;
}

/// Whether every member of the alltoallv (or alltoallw) `call` recorded its bytes to each rank (CountedCollective::to).
bool exact_pairs(const std::vector<const CountedCollective*>& call)
{
  return std::all_of(call.begin(), call.end(), [&](const CountedCollective* c) { return c->to.size() == call.size(); });
}

/// Member m's send counts, then its receive counts: what it sends to each member, what each sends to it.
std::vector<uint64_t> exact_counts(const std::vector<const CountedCollective*>& call, size_t m)
{
  std::vector<uint64_t> counts = call[m]->to;
  for (const auto* from : call)
    counts.push_back(from->to[m]);
  return counts;
}

} // namespace

uint64_t fill_counts(std::vector<RankTrace>& traces, const Definitions& defs)
{
  uint64_t estimated = 0;
  for (const auto& [id, comm] : defs.comms) {
    if (comm.self)
      continue;
    // Each member's counted collectives on this communicator, in call order; its most alltoallv calls (on a
    // communicator of one rank, its totals are its counts).
    std::vector<std::vector<CountedCollective*>> calls;
    size_t fewest = SIZE_MAX;
    uint64_t alltoallvs = 0;
    for (int member : comm.members) {
      calls.emplace_back();
      for (auto& c : traces[static_cast<size_t>(member)].counted)
        if (c.comm == id)
          calls.back().push_back(&c);
      fewest = std::min(fewest, calls.back().size());
      uint64_t mine = 0;
      for (const CountedCollective* c : calls.back())
        mine += is_alltoallv(c->op) ? 1 : 0;
      alltoallvs = std::max(alltoallvs, comm.members.size() > 1 ? mine : 0);
    }
    uint64_t exact = 0;  // alltoallv calls whose members recorded their bytes to each rank
    for (size_t i = 0; i < fewest && !calls.empty(); i++) {
      std::vector<uint64_t> counts;
      std::vector<const CountedCollective*> call;
      bool agree = true;
      for (const auto& member : calls) {
        const CountedCollective& c = *member[i];
        agree = agree && c.op == calls[0][i]->op;
        call.push_back(&c);
        counts.push_back(c.op == OTF2_COLLECTIVE_OP_GATHERV || c.op == OTF2_COLLECTIVE_OP_ALLGATHERV ? c.sent
                                                                                                  : c.received);
      }
      if (!agree)
        break;  // the members' calls do not line up: keep the even spread
      bool pairs = is_alltoallv(call[0]->op) && exact_pairs(call);
      exact += pairs && comm.members.size() > 1 ? 1 : 0;
      for (size_t m = 0; m < calls.size(); m++) {
        const CountedCollective& c = *calls[m][i];
        if (is_alltoallv(c.op))
          counts = pairs ? exact_counts(call, m) : pair_counts(call, m);
        std::string& slot = traces[static_cast<size_t>(comm.members[m])].lines[c.line];
        size_t start      = slot.rfind('\n') == std::string::npos ? 0 : slot.rfind('\n') + 1;
        size_t name       = slot.find(' ', start) + 1;  // after the rank
        size_t suffix     = slot.find(" comm=", name);
        std::string tail  = suffix == std::string::npos ? "" : slot.substr(suffix);
        slot = slot.substr(0, name) +
               collective_action(static_cast<OTF2_CollectiveOp>(c.op), static_cast<int>(comm.members.size()), c.root,
                                 c.sent, c.received, counts) +
               tail;
      }
    }
    estimated += alltoallvs - std::min(exact, alltoallvs);
  }
  return estimated;
}

} // namespace otf2ti
