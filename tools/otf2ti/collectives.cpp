#include "collectives.hpp"

namespace otf2ti {

std::string collective_action(OTF2_CollectiveOp op, int size, uint32_t root, uint64_t sent, uint64_t received)
{
  auto n        = [](uint64_t v) { return std::to_string(v); };
  uint64_t P    = static_cast<uint64_t>(size);
  std::string r = root == OTF2_UNDEFINED_UINT32 ? "0" : std::to_string(root);
  auto uniform  = [&](uint64_t each) {
    std::string counts;
    for (uint64_t i = 0; i < P; i++)
      counts += " " + n(each);
    return counts;
  };
  switch (op) {
    case OTF2_COLLECTIVE_OP_BARRIER: return "barrier";
    case OTF2_COLLECTIVE_OP_BCAST: return "bcast " + n(received) + " " + r;
    case OTF2_COLLECTIVE_OP_REDUCE: return "reduce " + n(sent) + " 0 " + r;
    case OTF2_COLLECTIVE_OP_ALLREDUCE: return "allreduce " + n(sent) + " 0";
    case OTF2_COLLECTIVE_OP_SCAN: return "scan " + n(sent) + " 0";
    case OTF2_COLLECTIVE_OP_EXSCAN: return "exscan " + n(sent) + " 0";
    case OTF2_COLLECTIVE_OP_GATHER: return "gather " + n(sent) + " " + n(sent) + " " + r;
    case OTF2_COLLECTIVE_OP_SCATTER: return "scatter " + n(received) + " " + n(received) + " " + r;
    case OTF2_COLLECTIVE_OP_ALLGATHER: return "allgather " + n(sent) + " " + n(sent);
    case OTF2_COLLECTIVE_OP_ALLTOALL: return "alltoall " + n(sent / P) + " " + n(received / P);
    case OTF2_COLLECTIVE_OP_GATHERV: return "gatherv " + n(sent) + uniform(sent) + " " + r;
    case OTF2_COLLECTIVE_OP_SCATTERV: return "scatterv" + uniform(received) + " " + n(received) + " " + r;
    case OTF2_COLLECTIVE_OP_ALLGATHERV: return "allgatherv " + n(sent) + uniform(received / P);
    case OTF2_COLLECTIVE_OP_ALLTOALLV:
    case OTF2_COLLECTIVE_OP_ALLTOALLW:
      return "alltoallv " + n(sent) + uniform(sent / P) + " " + n(received) + uniform(received / P);
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER:
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK: return "reducescatter" + uniform(received) + " 0";
    default: return "";  // communicator and window handles: no communication to replay
  }
}

} // namespace otf2ti
