// What the tracer records of one-sided calls (traced_rma.cpp), whatever the language they were called from; the C
// wrappers are in wrappers_rma.cpp.
#pragma once

#include "traced.hpp"

namespace tracer {

/// The target of lock_all, unlock_all and the calls on every target (not MPI_PROC_NULL, which is -1 in MPICH).
constexpr int kEveryTarget = -2147483647 - 1;

/// A transfer: its window, target (a rank of the window's communicator, or MPI_PROC_NULL), and bytes.
struct RmaTransfer {
  enum Kind { Put, Get, Atomic } kind = Put;
  MPI_Win win        = MPI_WIN_NULL;
  int target         = 0;
  uint64_t sent      = 0;  // to the target
  uint64_t received  = 0;  // back from it
  OTF2_RmaAtomicType atomic = OTF2_RMA_ATOMIC_TYPE_ACCUMULATE;
};

/// Each call's transfer, bytes as the target's datatype moves them (written once for C and Fortran).
RmaTransfer rma_put(MPI_Win win, int target, uint64_t bytes);
RmaTransfer rma_get(MPI_Win win, int target, uint64_t bytes);
RmaTransfer rma_accumulate(MPI_Win win, int target, uint64_t bytes);
/// Get_accumulate and Fetch_and_op: `bytes` there (none with MPI_NO_OP, a read) and back.
RmaTransfer rma_fetch(MPI_Win win, int target, uint64_t bytes, MPI_Op op);
/// Compare_and_swap: two elements there (the value and the comparand), one back.
RmaTransfer rma_compare_and_swap(MPI_Win win, int target, uint64_t element);

/// Win_create, Win_allocate, Win_allocate_shared, Win_create_dynamic: collective over `comm`.
/// `bytes`: the rank's memory in the window (0 for a dynamic one).
int win_creation(Region region, MPI_Comm comm, uint64_t bytes, const std::function<int(MPI_Win&)>& call);
int win_free(MPI_Win win, const Call& call);
/// Put, Get, Accumulate, Get_accumulate, Fetch_and_op, Compare_and_swap; with `request` (set by the call), their
/// request forms.
int rma_transfer(Region region, const RmaTransfer& t, MPI_Request* request, const Call& call);
int win_fence(MPI_Win win, const Call& call);
/// Win_post, Win_start (with their group), Win_complete, Win_wait, Win_test (`done`: the call's flag, else 1).
int win_group_sync(Region region, MPI_Win win, MPI_Group group, const std::function<int(int& done)>& call);
/// Win_lock, Win_unlock (a target), Win_lock_all, Win_unlock_all (kEveryTarget). `nocheck`: a lock's assert has
/// MPI_MODE_NOCHECK (kLockNocheck on its event).
int win_lock(Region region, MPI_Win win, int target, int lock_type, bool nocheck, const Call& call);
/// Win_flush, Win_flush_local (a target), Win_flush_all, Win_flush_local_all, Win_sync (kEveryTarget).
int win_sync(Region region, MPI_Win win, int target, const Call& call);

} // namespace tracer
