// The Fortran bindings of the one-sided calls (fortran_support.hpp; traced_rma.cpp records them). Displacements and
// sizes are INTEGER(KIND=MPI_ADDRESS_KIND): addresses of MPI_Aint.
#include "fortran_support.hpp"
#include "traced_rma.hpp"
#include "wrap_support.hpp"

using namespace tracer;

namespace {

using Aint = MPI_Aint*;

MPI_Win win_of(Int f) { return PMPI_Win_f2c(*f); }

uint64_t fbytes(Int count, Int type) { return bytes(*count, type_of(type)); }

MPI_Op op_of(Int f) { return PMPI_Op_f2c(*f); }

/// The call of a binding that makes the window `*win`.
template <class F>
std::function<int(MPI_Win&)> making(Int win, Int ierr, F call)
{
  return [win, ierr, call](MPI_Win& made) {
    call();
    made = win_of(win);
    return *ierr;
  };
}

/// A call of a binding that returns its error code.
template <class F>
Call calling(Int ierr, F call)
{
  return [ierr, call] {
    call();
    return *ierr;
  };
}

} // namespace

FORTRAN_ENTRY(win_create, MPI_WIN_CREATE, (Buf base, Aint size, Int unit, Int info, Int comm, Int win, Int ierr))
{
  win_creation(Region::Win_create, comm_of(comm), *size > 0 ? static_cast<uint64_t>(*size) : 0,
               making(win, ierr, [=] { real_win_create()(base, size, unit, info, comm, win, ierr); }));
}

FORTRAN_ENTRY(win_allocate, MPI_WIN_ALLOCATE, (Aint size, Int unit, Int info, Int comm, Buf baseptr, Int win, Int ierr))
{
  win_creation(Region::Win_allocate, comm_of(comm), *size > 0 ? static_cast<uint64_t>(*size) : 0,
               making(win, ierr, [=] { real_win_allocate()(size, unit, info, comm, baseptr, win, ierr); }));
}

FORTRAN_ENTRY(win_allocate_shared, MPI_WIN_ALLOCATE_SHARED,
              (Aint size, Int unit, Int info, Int comm, Buf baseptr, Int win, Int ierr))
{
  win_creation(Region::Win_allocate_shared, comm_of(comm), *size > 0 ? static_cast<uint64_t>(*size) : 0,
               making(win, ierr, [=] { real_win_allocate_shared()(size, unit, info, comm, baseptr, win, ierr); }));
}

FORTRAN_ENTRY(win_create_dynamic, MPI_WIN_CREATE_DYNAMIC, (Int info, Int comm, Int win, Int ierr))
{
  win_creation(Region::Win_create_dynamic, comm_of(comm), 0,
               making(win, ierr, [=] { real_win_create_dynamic()(info, comm, win, ierr); }));
}

FORTRAN_ENTRY(win_free, MPI_WIN_FREE, (Int win, Int ierr))
{
  win_free(win_of(win), calling(ierr, [=] { real_win_free()(win, ierr); }));
}

#define TRACER_FORTRAN_PUT_GET(lower, upper, Name, make)                                                             \
  FORTRAN_ENTRY(lower, upper, (Buf origin, Int ocount, Int otype, Int target, Aint disp, Int tcount, Int ttype,       \
                               Int win, Int ierr))                                                                    \
  {                                                                                                                   \
    rma_transfer(Region::Name, make(win_of(win), *target, fbytes(tcount, ttype)), nullptr, calling(ierr, [=] {      \
                   real_##lower()(origin, ocount, otype, target, disp, tcount, ttype, win, ierr); }));              \
  }
TRACER_FORTRAN_PUT_GET(put, MPI_PUT, Put, rma_put)
TRACER_FORTRAN_PUT_GET(get, MPI_GET, Get, rma_get)

FORTRAN_ENTRY(accumulate, MPI_ACCUMULATE, (Buf origin, Int ocount, Int otype, Int target, Aint disp, Int tcount,
                                           Int ttype, Int op, Int win, Int ierr))
{
  rma_transfer(Region::Accumulate, rma_accumulate(win_of(win), *target, fbytes(tcount, ttype)), nullptr,
               calling(ierr, [=] {
                 real_accumulate()(origin, ocount, otype, target, disp, tcount, ttype, op, win, ierr); }));
}

FORTRAN_ENTRY(get_accumulate, MPI_GET_ACCUMULATE, (Buf origin, Int ocount, Int otype, Buf result, Int rcount,
                                                   Int rtype, Int target, Aint disp, Int tcount, Int ttype, Int op,
                                                   Int win, Int ierr))
{
  rma_transfer(Region::Get_accumulate, rma_fetch(win_of(win), *target, fbytes(tcount, ttype), op_of(op)), nullptr,
               calling(ierr, [=] {
                 real_get_accumulate()(origin, ocount, otype, result, rcount, rtype, target, disp, tcount, ttype, op,
                                       win, ierr); }));
}

FORTRAN_ENTRY(fetch_and_op, MPI_FETCH_AND_OP, (Buf origin, Buf result, Int type, Int target, Aint disp, Int op,
                                               Int win, Int ierr))
{
  rma_transfer(Region::Fetch_and_op, rma_fetch(win_of(win), *target, bytes(1, type_of(type)), op_of(op)), nullptr,
               calling(ierr, [=] { real_fetch_and_op()(origin, result, type, target, disp, op, win, ierr); }));
}

FORTRAN_ENTRY(compare_and_swap, MPI_COMPARE_AND_SWAP, (Buf origin, Buf compare, Buf result, Int type, Int target,
                                                       Aint disp, Int win, Int ierr))
{
  rma_transfer(Region::Compare_and_swap, rma_compare_and_swap(win_of(win), *target, bytes(1, type_of(type))), nullptr,
               calling(ierr, [=] {
                 real_compare_and_swap()(origin, compare, result, type, target, disp, win, ierr); }));
}

#define TRACER_FORTRAN_RPUT_RGET(lower, upper, Name, make)                                                           \
  FORTRAN_ENTRY(lower, upper, (Buf origin, Int ocount, Int otype, Int target, Aint disp, Int tcount, Int ttype,       \
                               Int win, Int request, Int ierr))                                                       \
  {                                                                                                                   \
    MPI_Request started = MPI_REQUEST_NULL;                                                                           \
    rma_transfer(Region::Name, make(win_of(win), *target, fbytes(tcount, ttype)), &started,                          \
                 calling(ierr, [=, &started] {                                                                        \
                   real_##lower()(origin, ocount, otype, target, disp, tcount, ttype, win, request, ierr);          \
                   started = request_of(request); }));                                                               \
  }
TRACER_FORTRAN_RPUT_RGET(rput, MPI_RPUT, Rput, rma_put)
TRACER_FORTRAN_RPUT_RGET(rget, MPI_RGET, Rget, rma_get)

FORTRAN_ENTRY(raccumulate, MPI_RACCUMULATE, (Buf origin, Int ocount, Int otype, Int target, Aint disp, Int tcount,
                                             Int ttype, Int op, Int win, Int request, Int ierr))
{
  MPI_Request started = MPI_REQUEST_NULL;
  rma_transfer(Region::Raccumulate, rma_accumulate(win_of(win), *target, fbytes(tcount, ttype)), &started,
               calling(ierr, [=, &started] {
                 real_raccumulate()(origin, ocount, otype, target, disp, tcount, ttype, op, win, request, ierr);
                 started = request_of(request); }));
}

FORTRAN_ENTRY(rget_accumulate, MPI_RGET_ACCUMULATE, (Buf origin, Int ocount, Int otype, Buf result, Int rcount,
                                                     Int rtype, Int target, Aint disp, Int tcount, Int ttype, Int op,
                                                     Int win, Int request, Int ierr))
{
  MPI_Request started = MPI_REQUEST_NULL;
  rma_transfer(Region::Rget_accumulate, rma_fetch(win_of(win), *target, fbytes(tcount, ttype), op_of(op)), &started,
               calling(ierr, [=, &started] {
                 real_rget_accumulate()(origin, ocount, otype, result, rcount, rtype, target, disp, tcount, ttype,
                                        op, win, request, ierr);
                 started = request_of(request); }));
}

FORTRAN_ENTRY(win_fence, MPI_WIN_FENCE, (Int assert_, Int win, Int ierr))
{
  win_fence(win_of(win), calling(ierr, [=] { real_win_fence()(assert_, win, ierr); }));
}

#define TRACER_FORTRAN_GROUP_SYNC(lower, upper, Name)                                                                \
  FORTRAN_ENTRY(lower, upper, (Int group, Int assert_, Int win, Int ierr))                                            \
  {                                                                                                                   \
    win_group_sync(Region::Name, win_of(win), PMPI_Group_f2c(*group), [=](int&) {                                     \
      real_##lower()(group, assert_, win, ierr);                                                                      \
      return *ierr;                                                                                                   \
    });                                                                                                               \
  }
TRACER_FORTRAN_GROUP_SYNC(win_post, MPI_WIN_POST, Win_post)
TRACER_FORTRAN_GROUP_SYNC(win_start, MPI_WIN_START, Win_start)

#define TRACER_FORTRAN_EPOCH_END(lower, upper, Name)                                                                 \
  FORTRAN_ENTRY(lower, upper, (Int win, Int ierr))                                                                    \
  {                                                                                                                   \
    win_group_sync(Region::Name, win_of(win), MPI_GROUP_NULL, [=](int&) {                                             \
      real_##lower()(win, ierr);                                                                                      \
      return *ierr;                                                                                                   \
    });                                                                                                               \
  }
TRACER_FORTRAN_EPOCH_END(win_complete, MPI_WIN_COMPLETE, Win_complete)
TRACER_FORTRAN_EPOCH_END(win_wait, MPI_WIN_WAIT, Win_wait)

FORTRAN_ENTRY(win_test, MPI_WIN_TEST, (Int win, Int flag, Int ierr))
{
  win_group_sync(Region::Win_test, win_of(win), MPI_GROUP_NULL, [=](int& done) {
    real_win_test()(win, flag, ierr);
    done = *flag;
    return *ierr;
  });
}

FORTRAN_ENTRY(win_lock, MPI_WIN_LOCK, (Int type, Int rank, Int assert_, Int win, Int ierr))
{
  win_lock(Region::Win_lock, win_of(win), *rank, *type, (*assert_ & MPI_MODE_NOCHECK) != 0,
           calling(ierr, [=] { real_win_lock()(type, rank, assert_, win, ierr); }));
}

FORTRAN_ENTRY(win_unlock, MPI_WIN_UNLOCK, (Int rank, Int win, Int ierr))
{
  win_lock(Region::Win_unlock, win_of(win), *rank, 0, false,
           calling(ierr, [=] { real_win_unlock()(rank, win, ierr); }));
}

FORTRAN_ENTRY(win_lock_all, MPI_WIN_LOCK_ALL, (Int assert_, Int win, Int ierr))
{
  win_lock(Region::Win_lock_all, win_of(win), kEveryTarget, MPI_LOCK_SHARED, (*assert_ & MPI_MODE_NOCHECK) != 0,
           calling(ierr, [=] { real_win_lock_all()(assert_, win, ierr); }));
}

FORTRAN_ENTRY(win_unlock_all, MPI_WIN_UNLOCK_ALL, (Int win, Int ierr))
{
  win_lock(Region::Win_unlock_all, win_of(win), kEveryTarget, 0, false,
           calling(ierr, [=] { real_win_unlock_all()(win, ierr); }));
}

#define TRACER_FORTRAN_FLUSH(lower, upper, Name)                                                                     \
  FORTRAN_ENTRY(lower, upper, (Int rank, Int win, Int ierr))                                                          \
  {                                                                                                                   \
    win_sync(Region::Name, win_of(win), *rank, calling(ierr, [=] { real_##lower()(rank, win, ierr); }));            \
  }
TRACER_FORTRAN_FLUSH(win_flush, MPI_WIN_FLUSH, Win_flush)
TRACER_FORTRAN_FLUSH(win_flush_local, MPI_WIN_FLUSH_LOCAL, Win_flush_local)

#define TRACER_FORTRAN_FLUSH_ALL(lower, upper, Name)                                                                 \
  FORTRAN_ENTRY(lower, upper, (Int win, Int ierr))                                                                    \
  {                                                                                                                   \
    win_sync(Region::Name, win_of(win), kEveryTarget, calling(ierr, [=] { real_##lower()(win, ierr); }));          \
  }
TRACER_FORTRAN_FLUSH_ALL(win_flush_all, MPI_WIN_FLUSH_ALL, Win_flush_all)
TRACER_FORTRAN_FLUSH_ALL(win_flush_local_all, MPI_WIN_FLUSH_LOCAL_ALL, Win_flush_local_all)
TRACER_FORTRAN_FLUSH_ALL(win_sync, MPI_WIN_SYNC, Win_sync)
