// MPICH's ring allgatherv (SMPI's mpich_ring, allgatherv-mpich-ring.cpp): blocks travel to rank+1, the block
// received at one step being sent at the next, cut in pieces of at most `chunk` elements: the smallest count, but
// at least 262144 bytes' worth of elements. A rank sends and receives in one sendrecv, or only sends or only
// receives when one direction has nothing left (its last block to send is the one of rank+1).
#include "replay/collectives/algorithms.hpp"

#include <algorithm>

namespace tireplay::algorithms {

void allgatherv_mpich_ring(Coll& c, const CollArgs& a)
{
  int size = c.size(), rank = c.rank();
  const uint64_t dt = a.recv_datatype_size;
  auto count        = [&](int r) { return (*a.recv_counts)[r] / dt; };  // elements of rank r's block
  uint64_t total = 0, chunk = count(0);
  for (int r = 0; r < size; r++) {
    total += count(r);
    chunk = std::min(chunk, count(r));
  }
  if (chunk * dt < 32768 * 8)
    chunk = 32768 * 8 / dt;
  if (chunk == 0)
    chunk = 1;

  int left = (rank - 1 + size) % size, right = (rank + 1) % size;
  uint64_t to_recv = total - count(rank), to_send = total - count(right);
  int send_block = rank, recv_block = left;
  uint64_t send_offset = 0, recv_offset = 0;
  while (to_send > 0 || to_recv > 0) {
    uint64_t send_now = to_send > 0 ? std::min(chunk, count(send_block) - send_offset) : 0;
    uint64_t recv_now = to_recv > 0 ? std::min(chunk, count(recv_block) - recv_offset) : 0;
    if (send_now > 0 && recv_now > 0)
      c.sendrecv(right, send_now * dt, left, recv_now * dt, kTagAllgatherv);
    else if (send_now > 0)
      c.send(right, send_now * dt, kTagAllgatherv);
    else if (recv_now > 0)
      c.recv(left, recv_now * dt, kTagAllgatherv);
    to_send -= send_now;
    to_recv -= recv_now;
    send_offset += send_now;
    recv_offset += recv_now;
    if (send_offset == count(send_block)) {
      send_offset = 0;
      send_block  = (send_block - 1 + size) % size;
    }
    if (recv_offset == count(recv_block)) {
      recv_offset = 0;
      recv_block  = (recv_block - 1 + size) % size;
    }
  }
}

} // namespace tireplay::algorithms
