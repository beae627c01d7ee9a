// MPICH's way to run a power-of-two algorithm on any number of ranks (Thakur, Rabenseifner & Gropp 2005,
// section 4.4): with p' the largest power of two <= p and r = p - p', the first 2r ranks pair up; each even one
// sends its vector to the odd one above and sits out, then gets the result back at the end.
#pragma once

#include "replay/collectives/coll.hpp"

namespace tireplay::algorithms {

struct PowerOfTwoGroup {
  int size;     // p'
  int rest;     // r
  int newrank;  // this rank in the group of p', -1 if it sits out
  /// The communicator rank of group rank `r`.
  int real_rank(int r) const { return r < rest ? r * 2 + 1 : r + rest; }
};

/// The pairing step (the even ranks of the first 2r send `bytes` to the odd ones above).
PowerOfTwoGroup enter_power_of_two_group(Coll& c, uint64_t bytes, int tag);
/// The final step (the odd ranks of the first 2r send the result back).
void leave_power_of_two_group(Coll& c, uint64_t bytes, int tag);

} // namespace tireplay::algorithms
