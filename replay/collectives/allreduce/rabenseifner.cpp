// Rabenseifner's allreduce (Thakur, Rabenseifner & Gropp 2005, section 4.4; MPICH's reduce-scatter + allgather
// allreduce, allreduce-rab-rdb.cpp in SMPI): a reduce-scatter by recursive halving (at step k, exchange with
// newrank XOR 2^k the half of the current range the partner keeps), then an allgather by recursive doubling
// that retraces the steps. The vector is cut into p' blocks (the last one takes the remainder). With p not a
// power of two, the first 2(p - p') ranks pair up as in recursive doubling: the even ones sit out.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/allreduce/power_of_two_group.hpp"

#include <vector>

namespace tireplay::algorithms {

void allreduce_rabenseifner(Coll& c, const CollArgs& a)
{
  PowerOfTwoGroup g = enter_power_of_two_group(c, a.bytes, kTagAllreduce);
  int pof2 = g.size, newrank = g.newrank;
  if (newrank != -1) {
    uint64_t each = a.bytes / pof2;
    // Bytes of blocks [first, last): p'-1 blocks of `each`, the last one the rest.
    auto bytes = [&](int first, int last) {
      return last <= first ? 0 : (last - first) * each + (last == pof2 ? a.bytes - pof2 * each : 0);
    };
    auto real = [&g](int r) { return g.real_rank(r); };
    std::vector<int> lows, highs;  // this rank's block range before each halving step
    int low = 0, high = pof2;
    for (int mask = 1; mask < pof2; mask <<= 1) {
      int half = low + (high - low) / 2, dst = real(newrank ^ mask);
      lows.push_back(low);
      highs.push_back(high);
      bool lower = (newrank & mask) == 0;  // keeps the lower half
      uint64_t send = lower ? bytes(half, high) : bytes(low, half), recv = lower ? bytes(low, half) : bytes(half, high);
      c.sendrecv(dst, send, dst, recv, kTagAllreduce);
      (lower ? high : low) = half;
    }
    // Allgather: undo the steps in reverse, sending the range we hold and receiving the partner's.
    for (int mask = pof2 >> 1, step = static_cast<int>(lows.size()) - 1; mask > 0; mask >>= 1, step--) {
      int dst = real(newrank ^ mask);
      uint64_t send = bytes(low, high), recv = bytes(lows[step], highs[step]) - send;
      c.sendrecv(dst, send, dst, recv, kTagAllreduce);
      low = lows[step], high = highs[step];
    }
  }
  leave_power_of_two_group(c, a.bytes, kTagAllreduce);
}

} // namespace tireplay::algorithms
