// Butterfly reduce-scatter (Traff 2005; SMPI's ompi_butterfly, reduce_scatter-ompi.cpp). With p' the largest
// power of two <= p and r = p - p', the even ranks below 2r send their whole vector to rank+1 and drop out.
// The p' others (new rank v) see the vector as p' blocks (block i holds old blocks 2i and 2i+1 for i < r) and,
// for mask = 1, 2, ..., p'/2, halve their range of blocks with v XOR mask in one sendrecv. Rank v then holds
// block mirror(v) (v's bits reversed) and sends it where it belongs: to the two old ranks it holds, the
// dropped-out even one first, or keeps it when mirror(v) = v. Block sizes are the call's recv_counts.
#include "replay/collectives/algorithms.hpp"

#include <numeric>

namespace tireplay::algorithms {
namespace {

/// The `bits` low-order bits of x in reverse order.
int mirror(int x, int bits)
{
  int out = 0;
  for (int i = 0; i < bits; i++)
    out |= ((x >> i) & 1) << (bits - 1 - i);
  return out;
}

} // namespace

void reducescatter_ompi_butterfly(Coll& c, const CollArgs& a)
{
  const auto& counts = *a.recv_counts;
  int size = c.size(), rank = c.rank();
  if (size < 2)
    return;
  uint64_t total = std::accumulate(counts.begin(), counts.end(), uint64_t{0});
  int pof2 = 1, bits = 0;
  while (pof2 * 2 <= size) {
    pof2 *= 2;
    bits++;
  }
  int remain  = size - pof2;
  auto old_of = [&](int v) { return v < remain ? v * 2 + 1 : v + remain; };  // rank of new rank v
  auto first  = [&](int block) { return block < remain ? 2 * block : block + remain; };
  // Bytes of blocks [lo, hi] (the old blocks they cover).
  auto sum = [&](int lo, int hi) {
    int last = hi < remain ? 2 * hi + 1 : hi + remain;
    return std::accumulate(counts.begin() + first(lo), counts.begin() + last + 1, uint64_t{0});
  };
  int vrank = -1;
  if (rank < 2 * remain) {
    if (rank % 2 == 0) {
      c.send(rank + 1, total, kTagReduceScatter);
    } else {
      c.recv(rank - 1, total, kTagReduceScatter);
      vrank = rank / 2;
    }
  } else {
    vrank = rank - remain;
  }
  if (vrank < 0) {
    c.recv(old_of(mirror((rank + 1) / 2, bits)), counts[rank], kTagReduceScatter);
    return;
  }
  int blocks = pof2, send_index = 0, recv_index = 0;
  for (int mask = 1; mask < pof2; mask <<= 1) {
    int peer = old_of(vrank ^ mask);
    blocks /= 2;
    if ((vrank & mask) == 0)
      send_index += blocks;
    else
      recv_index += blocks;
    c.sendrecv(peer, sum(send_index, send_index + blocks - 1), peer, sum(recv_index, recv_index + blocks - 1),
               kTagReduceScatter);
    send_index = recv_index;
  }
  int vpeer = mirror(vrank, bits), peer = old_of(vpeer);
  int index = first(send_index);
  if (vpeer < remain) {
    c.send(peer - 1, counts[index], kTagReduceScatter);
    index++;
  }
  if (vpeer != vrank)
    c.sendrecv(peer, counts[index], peer, counts[rank], kTagReduceScatter);
}

} // namespace tireplay::algorithms
