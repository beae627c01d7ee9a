// The one-sided calls (MPI-3 RMA) the tracer records with OTF2's RMA events (traced_rma.cpp, docs/acquisition.md),
// in the columns of unreplayed_calls.hpp: C name, Fortran names (lower, upper), OTF2 role, C parameters and
// arguments (as Open MPI 4.1's mpi.h declares them), and the number of arguments of the Fortran binding.
#pragma once

#define TRACER_RMA(X) \
  X(Win_create, win_create, WIN_CREATE, RMA, (void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win), (base, size, disp_unit, info, comm, win), 7) \
  X(Win_allocate, win_allocate, WIN_ALLOCATE, RMA, (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win), (size, disp_unit, info, comm, baseptr, win), 7) \
  X(Win_allocate_shared, win_allocate_shared, WIN_ALLOCATE_SHARED, RMA, (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win), (size, disp_unit, info, comm, baseptr, win), 7) \
  X(Win_create_dynamic, win_create_dynamic, WIN_CREATE_DYNAMIC, RMA, (MPI_Info info, MPI_Comm comm, MPI_Win *win), (info, comm, win), 4) \
  X(Win_free, win_free, WIN_FREE, RMA, (MPI_Win *win), (win), 2) \
  X(Win_fence, win_fence, WIN_FENCE, RMA, (int assert, MPI_Win win), (assert, win), 3) \
  X(Win_lock, win_lock, WIN_LOCK, RMA, (int lock_type, int rank, int assert, MPI_Win win), (lock_type, rank, assert, win), 5) \
  X(Win_unlock, win_unlock, WIN_UNLOCK, RMA, (int rank, MPI_Win win), (rank, win), 3) \
  X(Win_lock_all, win_lock_all, WIN_LOCK_ALL, RMA, (int assert, MPI_Win win), (assert, win), 3) \
  X(Win_unlock_all, win_unlock_all, WIN_UNLOCK_ALL, RMA, (MPI_Win win), (win), 2) \
  X(Win_flush, win_flush, WIN_FLUSH, RMA, (int rank, MPI_Win win), (rank, win), 3) \
  X(Win_flush_all, win_flush_all, WIN_FLUSH_ALL, RMA, (MPI_Win win), (win), 2) \
  X(Win_flush_local, win_flush_local, WIN_FLUSH_LOCAL, RMA, (int rank, MPI_Win win), (rank, win), 3) \
  X(Win_flush_local_all, win_flush_local_all, WIN_FLUSH_LOCAL_ALL, RMA, (MPI_Win win), (win), 2) \
  X(Win_sync, win_sync, WIN_SYNC, RMA, (MPI_Win win), (win), 2) \
  X(Win_post, win_post, WIN_POST, RMA, (MPI_Group group, int assert, MPI_Win win), (group, assert, win), 4) \
  X(Win_start, win_start, WIN_START, RMA, (MPI_Group group, int assert, MPI_Win win), (group, assert, win), 4) \
  X(Win_complete, win_complete, WIN_COMPLETE, RMA, (MPI_Win win), (win), 2) \
  X(Win_wait, win_wait, WIN_WAIT, RMA, (MPI_Win win), (win), 2) \
  X(Win_test, win_test, WIN_TEST, RMA, (MPI_Win win, int *flag), (win, flag), 3) \
  X(Put, put, PUT, RMA, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win), (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win), 9) \
  X(Get, get, GET, RMA, (void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win), (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win), 9) \
  X(Accumulate, accumulate, ACCUMULATE, RMA, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win), (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win), 10) \
  X(Get_accumulate, get_accumulate, GET_ACCUMULATE, RMA, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win), (origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win), 13) \
  X(Fetch_and_op, fetch_and_op, FETCH_AND_OP, RMA, (const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win), (origin_addr, result_addr, datatype, target_rank, target_disp, op, win), 8) \
  X(Compare_and_swap, compare_and_swap, COMPARE_AND_SWAP, RMA, (const void *origin_addr, const void *compare_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win), (origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win), 8) \
  X(Rput, rput, RPUT, RMA, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_cout, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request), (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_cout, target_datatype, win, request), 10) \
  X(Rget, rget, RGET, RMA, (void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request), (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request), 10) \
  X(Raccumulate, raccumulate, RACCUMULATE, RMA, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request), (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request), 11) \
  X(Rget_accumulate, rget_accumulate, RGET_ACCUMULATE, RMA, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request), (origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request), 14)
