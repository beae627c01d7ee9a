#include "fortran_support.hpp"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

// Open MPI's Fortran sentinels: common blocks whose addresses mean MPI_IN_PLACE, MPI_STATUS_IGNORE and
// MPI_STATUSES_IGNORE (gfortran's spelling; weak, for an MPI library without Fortran).
extern "C" {
extern MPI_Fint mpi_fortran_in_place_ __attribute__((weak));
extern MPI_Fint mpi_fortran_status_ignore_ __attribute__((weak));
extern MPI_Fint mpi_fortran_statuses_ignore_ __attribute__((weak));
}

namespace tracer {

void* next_symbol(const char* name)
{
  void* symbol = dlsym(RTLD_NEXT, name);
  if (symbol == nullptr) {
    std::fprintf(stderr, "tireplay tracer: the MPI library has no %s (a Fortran binding of Open MPI): cannot trace "
                         "this Fortran call\n", name);
    std::abort();
  }
  return symbol;
}

const void* c_buffer(const void* buffer)
{
  return buffer != nullptr && buffer == &mpi_fortran_in_place_ ? MPI_IN_PLACE : buffer;
}

std::vector<MPI_Request> requests_of(Int count, Int requests)
{
  std::vector<MPI_Request> c(static_cast<size_t>(*count > 0 ? *count : 0));
  for (size_t i = 0; i < c.size(); i++)
    c[i] = PMPI_Request_f2c(requests[i]);
  return c;
}

FortranStatuses::FortranStatuses(Int given, int n)
{
  bool ignored = given == nullptr || given == &mpi_fortran_status_ignore_ || given == &mpi_fortran_statuses_ignore_;
  if (ignored)
    own_.resize(static_cast<size_t>(kStatusInts) * static_cast<size_t>(n > 0 ? n : 1));
  use_ = ignored ? own_.data() : given;
}

void FortranStatuses::to_c(MPI_Status* out, int n) const
{
  for (int i = 0; i < n; i++)
    PMPI_Status_f2c(use_ + i * kStatusInts, out + i);
}

} // namespace tracer
