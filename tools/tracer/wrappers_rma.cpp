// The C bindings of the one-sided calls (traced_rma.cpp records them). Bytes are the target's: count x the target
// datatype's size, what moves into (or out of) its window.
#include "traced_rma.hpp"
#include "wrap_support.hpp"

using namespace tracer;

int MPI_Win_create(void* base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win* win)
{
  return win_creation(Region::Win_create, comm, size > 0 ? static_cast<uint64_t>(size) : 0, setting(win, [=] {
                        return PMPI_Win_create(base, size, disp_unit, info, comm, win); }));
}

int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr, MPI_Win* win)
{
  return win_creation(Region::Win_allocate, comm, size > 0 ? static_cast<uint64_t>(size) : 0, setting(win, [=] {
                        return PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win); }));
}

int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr, MPI_Win* win)
{
  return win_creation(Region::Win_allocate_shared, comm, size > 0 ? static_cast<uint64_t>(size) : 0,
                      setting(win, [=] {
                        return PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win); }));
}

int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win* win)
{
  return win_creation(Region::Win_create_dynamic, comm, 0,
                      setting(win, [=] { return PMPI_Win_create_dynamic(info, comm, win); }));
}

int MPI_Win_free(MPI_Win* win)
{
  return win_free(*win, [=] { return PMPI_Win_free(win); });
}

int MPI_Put(const void* origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp,
            int target_count, MPI_Datatype target_type, MPI_Win win)
{
  return rma_transfer(Region::Put, rma_put(win, target, bytes(target_count, target_type)),
                      nullptr, [=] {
                        return PMPI_Put(origin, origin_count, origin_type, target, disp, target_count, target_type,
                                        win); });
}

int MPI_Get(void* origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp, int target_count,
            MPI_Datatype target_type, MPI_Win win)
{
  return rma_transfer(Region::Get, rma_get(win, target, bytes(target_count, target_type)),
                      nullptr, [=] {
                        return PMPI_Get(origin, origin_count, origin_type, target, disp, target_count, target_type,
                                        win); });
}

int MPI_Accumulate(const void* origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp,
                   int target_count, MPI_Datatype target_type, MPI_Op op, MPI_Win win)
{
  return rma_transfer(Region::Accumulate,
                      rma_accumulate(win, target, bytes(target_count, target_type)), nullptr, [=] {
                        return PMPI_Accumulate(origin, origin_count, origin_type, target, disp, target_count,
                                               target_type, op, win); });
}

int MPI_Get_accumulate(const void* origin, int origin_count, MPI_Datatype origin_type, void* result,
                       int result_count, MPI_Datatype result_type, int target, MPI_Aint disp, int target_count,
                       MPI_Datatype target_type, MPI_Op op, MPI_Win win)
{
  return rma_transfer(Region::Get_accumulate, rma_fetch(win, target, bytes(target_count, target_type), op), nullptr,
                      [=] {
                        return PMPI_Get_accumulate(origin, origin_count, origin_type, result, result_count,
                                                   result_type, target, disp, target_count, target_type, op, win); });
}

int MPI_Fetch_and_op(const void* origin, void* result, MPI_Datatype type, int target, MPI_Aint disp, MPI_Op op,
                     MPI_Win win)
{
  return rma_transfer(Region::Fetch_and_op, rma_fetch(win, target, bytes(1, type), op), nullptr,
                      [=] { return PMPI_Fetch_and_op(origin, result, type, target, disp, op, win); });
}

int MPI_Compare_and_swap(const void* origin, const void* compare, void* result, MPI_Datatype type, int target,
                         MPI_Aint disp, MPI_Win win)
{
  return rma_transfer(Region::Compare_and_swap, rma_compare_and_swap(win, target, bytes(1, type)), nullptr,
                      [=] { return PMPI_Compare_and_swap(origin, compare, result, type, target, disp, win); });
}

int MPI_Rput(const void* origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp,
             int target_count, MPI_Datatype target_type, MPI_Win win, MPI_Request* request)
{
  return rma_transfer(Region::Rput, rma_put(win, target, bytes(target_count, target_type)),
                      request, [=] {
                        return PMPI_Rput(origin, origin_count, origin_type, target, disp, target_count, target_type,
                                         win, request); });
}

int MPI_Rget(void* origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp, int target_count,
             MPI_Datatype target_type, MPI_Win win, MPI_Request* request)
{
  return rma_transfer(Region::Rget, rma_get(win, target, bytes(target_count, target_type)),
                      request, [=] {
                        return PMPI_Rget(origin, origin_count, origin_type, target, disp, target_count, target_type,
                                         win, request); });
}

int MPI_Raccumulate(const void* origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp,
                    int target_count, MPI_Datatype target_type, MPI_Op op, MPI_Win win, MPI_Request* request)
{
  return rma_transfer(Region::Raccumulate,
                      rma_accumulate(win, target, bytes(target_count, target_type)), request, [=] {
                        return PMPI_Raccumulate(origin, origin_count, origin_type, target, disp, target_count,
                                                target_type, op, win, request); });
}

int MPI_Rget_accumulate(const void* origin, int origin_count, MPI_Datatype origin_type, void* result,
                        int result_count, MPI_Datatype result_type, int target, MPI_Aint disp, int target_count,
                        MPI_Datatype target_type, MPI_Op op, MPI_Win win, MPI_Request* request)
{
  return rma_transfer(Region::Rget_accumulate, rma_fetch(win, target, bytes(target_count, target_type), op),
                      request, [=] {
                        return PMPI_Rget_accumulate(origin, origin_count, origin_type, result, result_count,
                                                    result_type, target, disp, target_count, target_type, op, win,
                                                    request); });
}

int MPI_Win_fence(int assert, MPI_Win win)
{
  return win_fence(win, [=] { return PMPI_Win_fence(assert, win); });
}

int MPI_Win_post(MPI_Group group, int assert, MPI_Win win)
{
  return win_group_sync(Region::Win_post, win, group, [=](int&) { return PMPI_Win_post(group, assert, win); });
}

int MPI_Win_start(MPI_Group group, int assert, MPI_Win win)
{
  return win_group_sync(Region::Win_start, win, group, [=](int&) { return PMPI_Win_start(group, assert, win); });
}

int MPI_Win_complete(MPI_Win win)
{
  return win_group_sync(Region::Win_complete, win, MPI_GROUP_NULL, [=](int&) { return PMPI_Win_complete(win); });
}

int MPI_Win_wait(MPI_Win win)
{
  return win_group_sync(Region::Win_wait, win, MPI_GROUP_NULL, [=](int&) { return PMPI_Win_wait(win); });
}

int MPI_Win_test(MPI_Win win, int* flag)
{
  return win_group_sync(Region::Win_test, win, MPI_GROUP_NULL, [=](int& done) {
    int rc = PMPI_Win_test(win, flag);
    done   = *flag;
    return rc;
  });
}

int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
  return win_lock(Region::Win_lock, win, rank, lock_type, (assert & MPI_MODE_NOCHECK) != 0,
                  [=] { return PMPI_Win_lock(lock_type, rank, assert, win); });
}

int MPI_Win_unlock(int rank, MPI_Win win)
{
  return win_lock(Region::Win_unlock, win, rank, 0, false, [=] { return PMPI_Win_unlock(rank, win); });
}

int MPI_Win_lock_all(int assert, MPI_Win win)
{
  return win_lock(Region::Win_lock_all, win, kEveryTarget, MPI_LOCK_SHARED, (assert & MPI_MODE_NOCHECK) != 0,
                  [=] { return PMPI_Win_lock_all(assert, win); });
}

int MPI_Win_unlock_all(MPI_Win win)
{
  return win_lock(Region::Win_unlock_all, win, kEveryTarget, 0, false, [=] { return PMPI_Win_unlock_all(win); });
}

int MPI_Win_flush(int rank, MPI_Win win)
{
  return win_sync(Region::Win_flush, win, rank, [=] { return PMPI_Win_flush(rank, win); });
}

int MPI_Win_flush_local(int rank, MPI_Win win)
{
  return win_sync(Region::Win_flush_local, win, rank, [=] { return PMPI_Win_flush_local(rank, win); });
}

int MPI_Win_flush_all(MPI_Win win)
{
  return win_sync(Region::Win_flush_all, win, kEveryTarget, [=] { return PMPI_Win_flush_all(win); });
}

int MPI_Win_flush_local_all(MPI_Win win)
{
  return win_sync(Region::Win_flush_local_all, win, kEveryTarget,
                  [=] { return PMPI_Win_flush_local_all(win); });
}

int MPI_Win_sync(MPI_Win win)
{
  return win_sync(Region::Win_sync, win, kEveryTarget, [=] { return PMPI_Win_sync(win); });
}
