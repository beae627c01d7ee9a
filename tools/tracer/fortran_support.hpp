// What the Fortran bindings of the tracer share. Open MPI's Fortran bindings (mpif.h and `use mpi`: mpi_send_ and
// its other spellings; `use mpi_f08`: through ompi_send_f) call the C library's PMPI_* functions directly, so the C
// wrappers never see a Fortran call. Each Fortran entry point of the tracer converts the handles it needs with the
// MPI_*_f2c functions, records the call through traced.hpp, and makes it with the MPI library's own binding.
#pragma once

#include "traced.hpp"

#include <mpi.h>

#include <vector>

namespace tracer {

using Int = MPI_Fint*;  // an INTEGER (or LOGICAL) argument: Fortran passes addresses
using Buf = void*;      // a choice buffer

/// The address of `name` in the libraries loaded after the tracer (the MPI library's binding); dies if none.
void* next_symbol(const char* name);

/// C's MPI_IN_PLACE for Fortran's (its address), else `buffer`.
const void* c_buffer(const void* buffer);

inline MPI_Comm comm_of(Int f) { return PMPI_Comm_f2c(*f); }
inline MPI_Datatype type_of(Int f) { return PMPI_Type_f2c(*f); }
inline MPI_Request request_of(Int f) { return PMPI_Request_f2c(*f); }
std::vector<MPI_Request> requests_of(Int count, Int requests);

/// The call of a binding that starts (or makes) the request `*request`.
template <class F>
CallRequest starting(Int request, Int ierr, F call)
{
  return [request, ierr, call](MPI_Request& started) {
    call();
    started = request_of(request);
    return *ierr;
  };
}

constexpr int kStatusInts = sizeof(MPI_Status) / sizeof(MPI_Fint);  // MPI_STATUS_SIZE

/// The Fortran status (or array of `n`) a call fills: the caller's, or ours when the caller passed
/// MPI_STATUS_IGNORE or MPI_STATUSES_IGNORE; `to_c` converts it after the call.
class FortranStatuses {
public:
  FortranStatuses(Int given, int n);
  Int get() { return use_; }
  void to_c(MPI_Status* out, int n) const;

private:
  std::vector<MPI_Fint> own_;
  Int use_;
};

} // namespace tracer

/// Defines Fortran binding `lower` under every name compilers emit (mpi_x, mpi_x_, mpi_x__, MPI_X), as Open
/// MPI's ompi_x_f (which its mpi_f08 module calls for most functions) and as the profiling names (pmpi_x_ ...):
/// Open MPI 4.1's mpi_f08 module calls some bindings through those (MPI_Test*, MPI_Iprobe, MPI_Improbe,
/// MPI_Cart_create ...: `nm -D libmpi_usempif08.so | grep ' U pmpi_'`), which bypassed the tracer. Each name
/// records the call once: `real_lower()` is the MPI library's own binding, which calls the C library's PMPI_*
/// functions, never these names. The function's body follows the macro.
#define FORTRAN_ENTRY(lower, upper, params)                                                                           \
  extern "C" void ompi_##lower##_f params;                                                                            \
  extern "C" void mpi_##lower params __attribute__((alias("ompi_" #lower "_f")));                                  \
  extern "C" void mpi_##lower##_ params __attribute__((alias("ompi_" #lower "_f")));                               \
  extern "C" void mpi_##lower##__ params __attribute__((alias("ompi_" #lower "_f")));                              \
  extern "C" void upper params __attribute__((alias("ompi_" #lower "_f")));                                         \
  extern "C" void pmpi_##lower params __attribute__((alias("ompi_" #lower "_f")));                                 \
  extern "C" void pmpi_##lower##_ params __attribute__((alias("ompi_" #lower "_f")));                              \
  extern "C" void pmpi_##lower##__ params __attribute__((alias("ompi_" #lower "_f")));                             \
  extern "C" void P##upper params __attribute__((alias("ompi_" #lower "_f")));                                      \
  namespace {                                                                                                         \
  using lower##_binding = void(*) params;                                                                             \
  lower##_binding real_##lower()                                                                                      \
  {                                                                                                                   \
    static auto binding = reinterpret_cast<lower##_binding>(tracer::next_symbol("ompi_" #lower "_f"));              \
    return binding;                                                                                                   \
  }                                                                                                                   \
  }                                                                                                                   \
  extern "C" void ompi_##lower##_f params
