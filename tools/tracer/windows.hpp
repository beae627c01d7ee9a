// The OTF2 references of a traced program's windows (MPI-3 RMA) and of the groups its PSCW synchronisations name.
// A window gets (its communicator's rank 0's world rank + 1) * 4096 + how many windows that rank has led before,
// agreed at creation as communicators.hpp does; a group, 2^31 + (world rank << 12) + how many distinct groups that
// rank has named before (its members are world ranks, as OTF2's communicator groups list them).
#pragma once

#include <mpi.h>
#include <otf2/otf2.h>

#include <cstdint>
#include <map>
#include <vector>

namespace tracer {

class Windows {
public:
  OTF2_RmaWinRef ref(MPI_Win win) const;  // OTF2_UNDEFINED_RMA_WIN for one the tracer did not see created
  /// `win` was just made on `comm` (whose reference is `comm_ref`). Collective over `comm`.
  void created(MPI_Win win, MPI_Comm comm, OTF2_CommRef comm_ref);
  void freed(MPI_Win win) { refs_.erase(win); }
  /// The reference of `group`'s members (world ranks).
  OTF2_GroupRef group(MPI_Group group);
  /// The group a window's last MPI_Win_start (or MPI_Win_post) named: MPI_Win_complete's (MPI_Win_wait's).
  std::map<MPI_Win, OTF2_GroupRef> started, posted;
  /// On world rank 0 (empty elsewhere): windows (reference -> {its communicator's}) and groups (reference -> world
  /// ranks). Collective over MPI_COMM_WORLD.
  void gather_on_root(std::map<uint32_t, std::vector<uint64_t>>& windows,
                      std::map<uint32_t, std::vector<uint64_t>>& groups) const;

private:
  std::map<MPI_Win, OTF2_RmaWinRef> refs_;
  std::map<uint32_t, std::vector<uint64_t>> led_;     // the windows this rank is rank 0 of -> {communicator}
  std::map<std::vector<uint64_t>, OTF2_GroupRef> group_refs_;
  std::map<uint32_t, std::vector<uint64_t>> groups_;  // reference -> members
};

} // namespace tracer
