// Helpers shared by the tests of the cost models: Hockney parameters that make hand computation easy.
#pragma once

#include "models/model_context.hpp"
#include "replay/collectives/coll.hpp"

namespace tireplay::testing {

constexpr double kLatency     = 1e-3;  // L, seconds
constexpr double kSecondsByte = 1e-8;  // Hockney's beta: g(m) = m * 1e-8

/// A communicator of `size` ranks with L = 1 ms and g(m) = m * 1e-8 s.
inline models::ModelContext hockney(int size)
{
  models::ModelContext ctx;
  ctx.size = size;
  ctx.p2p  = models::PointToPoint::hockney(kLatency, kSecondsByte);
  return ctx;
}

/// A call that sends and receives m bytes per peer.
inline CollArgs bytes(uint64_t m)
{
  CollArgs args;
  args.bytes = args.bytes2 = m;
  return args;
}

} // namespace tireplay::testing
