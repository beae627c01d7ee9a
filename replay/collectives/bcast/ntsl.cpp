// Non-topology-specific pipelined linear broadcast (SMPI's NTSL, bcast-NTSL.cpp; the ompi selector's
// "basic_linear"): the root first hands the whole message to rank 0 (when it is not rank 0); then the message flows
// down the chain 0 -> 1 -> ... -> p-1 (rank p-1 ending it, whatever the root). Up to 8192 bytes' worth of elements,
// it goes whole (blocking send, receive); above, in 8192-byte segments of tags kTagBcast + i, all posted at once
// (isend / irecv) and each forwarded as it arrives; the remainder of the division in elements is then broadcast
// by the selector's algorithm. Alone (p = 1), SMPI's rank 0 sends the message to itself, unmatched (SMPI then
// crashes at exit, after a time of 0): nothing here.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/bcast/pipelined.hpp"
#include "format/action.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void bcast_NTSL(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  if (size == 1)
    return;
  int to = (rank + 1) % size, from = (rank - 1 + size) % size;
  auto [type, count, segment, pipe, remainder] = pipeline_of(a);

  root_to_zero(c, a);
  if (count <= segment) {
    if (rank != 0)
      c.recv(from, a.bytes, kTagBcast);
    if (rank != size - 1)
      c.send(to, a.bytes, kTagBcast);
    return;
  }

  uint64_t bytes = segment * type;
  auto& requests = c.scratch();
  if (rank != 0) {
    for (uint64_t i = 0; i < pipe; i++)
      requests.push_back(c.irecv(from, bytes, kTagBcast + static_cast<int>(i)));
    if (rank == size - 1) {
      c.waitall(requests);
    } else {
      std::vector<Request*> sends;
      for (uint64_t i = 0; i < pipe; i++) {
        c.wait(requests[i]);
        sends.push_back(c.isend(to, bytes, kTagBcast + static_cast<int>(i)));
      }
      requests.clear();
      c.waitall(sends);
    }
  } else {
    for (uint64_t i = 0; i < pipe; i++)
      requests.push_back(c.isend(to, bytes, kTagBcast + static_cast<int>(i)));
    c.waitall(requests);
  }
  if (remainder != 0) {
    CollArgs rest = a;
    rest.bytes = rest.bytes2 = remainder * type;
    c.collective(ActionKind::Bcast, rest);
  }
}

} // namespace tireplay::algorithms
