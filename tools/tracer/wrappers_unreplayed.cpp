// The calls tireplay does not replay (unreplayed_calls.hpp): their region only, in C and in Fortran (mpif.h, `use
// mpi`, `use mpi_f08`), so that their time is not taken for computation and otf2ti reports them.
#include "fortran_support.hpp"
#include "traced.hpp"

using namespace tracer;

// The calls tireplay does not replay: their region only (unreplayed_calls.hpp).
#define TRACER_C_UNREPLAYED(name, lower, upper, role, params, args, fortran_args)                                     \
  int MPI_##name params { return region_only(Region::name, [&] { return PMPI_##name args; }); }
TRACER_UNREPLAYED(TRACER_C_UNREPLAYED)

// Every argument of a Fortran binding is an address (hidden string lengths are integers of the same size), so
// `fortran_args` addresses pass them all on.
#define TRACER_FORTRAN_PARAMS_1 void* a0
#define TRACER_FORTRAN_NAMES_1 a0
#define TRACER_FORTRAN_PARAMS_2 void* a0, void* a1
#define TRACER_FORTRAN_NAMES_2 a0, a1
#define TRACER_FORTRAN_PARAMS_3 void* a0, void* a1, void* a2
#define TRACER_FORTRAN_NAMES_3 a0, a1, a2
#define TRACER_FORTRAN_PARAMS_4 void* a0, void* a1, void* a2, void* a3
#define TRACER_FORTRAN_NAMES_4 a0, a1, a2, a3
#define TRACER_FORTRAN_PARAMS_5 void* a0, void* a1, void* a2, void* a3, void* a4
#define TRACER_FORTRAN_NAMES_5 a0, a1, a2, a3, a4
#define TRACER_FORTRAN_PARAMS_6 void* a0, void* a1, void* a2, void* a3, void* a4, void* a5
#define TRACER_FORTRAN_NAMES_6 a0, a1, a2, a3, a4, a5
#define TRACER_FORTRAN_PARAMS_7 void* a0, void* a1, void* a2, void* a3, void* a4, void* a5, void* a6
#define TRACER_FORTRAN_NAMES_7 a0, a1, a2, a3, a4, a5, a6
#define TRACER_FORTRAN_PARAMS_8 void* a0, void* a1, void* a2, void* a3, void* a4, void* a5, void* a6, void* a7
#define TRACER_FORTRAN_NAMES_8 a0, a1, a2, a3, a4, a5, a6, a7
#define TRACER_FORTRAN_PARAMS_9 void* a0, void* a1, void* a2, void* a3, void* a4, void* a5, void* a6, void* a7, void* a8
#define TRACER_FORTRAN_NAMES_9 a0, a1, a2, a3, a4, a5, a6, a7, a8
#define TRACER_FORTRAN_PARAMS_10 void* a0, void* a1, void* a2, void* a3, void* a4, void* a5, void* a6, void* a7, void* a8, void* a9
#define TRACER_FORTRAN_NAMES_10 a0, a1, a2, a3, a4, a5, a6, a7, a8, a9
#define TRACER_FORTRAN_PARAMS_11 void* a0, void* a1, void* a2, void* a3, void* a4, void* a5, void* a6, void* a7, void* a8, void* a9, void* a10
#define TRACER_FORTRAN_NAMES_11 a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10
#define TRACER_FORTRAN_PARAMS_12 void* a0, void* a1, void* a2, void* a3, void* a4, void* a5, void* a6, void* a7, void* a8, void* a9, void* a10, void* a11
#define TRACER_FORTRAN_NAMES_12 a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11
#define TRACER_FORTRAN_PARAMS_13 void* a0, void* a1, void* a2, void* a3, void* a4, void* a5, void* a6, void* a7, void* a8, void* a9, void* a10, void* a11, void* a12
#define TRACER_FORTRAN_NAMES_13 a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12
#define TRACER_FORTRAN_PARAMS_14 void* a0, void* a1, void* a2, void* a3, void* a4, void* a5, void* a6, void* a7, void* a8, void* a9, void* a10, void* a11, void* a12, void* a13
#define TRACER_FORTRAN_NAMES_14 a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13
// The table's upper-case name lacks the MPI_ prefix (FILE_OPEN): the binding's is MPI_FILE_OPEN (and PMPI_FILE_OPEN).
#define TRACER_FORTRAN_UNREPLAYED(name, lower, upper, role, params, args, fortran_args)                             \
  FORTRAN_ENTRY(lower, MPI_##upper, (TRACER_FORTRAN_PARAMS_##fortran_args))                                        \
  {                                                                                                                 \
    region_only(Region::name, [&] {                                                                                 \
      real_##lower()(TRACER_FORTRAN_NAMES_##fortran_args);                                                          \
      return MPI_SUCCESS;                                                                                           \
    });                                                                                                             \
  }
TRACER_UNREPLAYED(TRACER_FORTRAN_UNREPLAYED)

// mpi_f08's MPI_Buffer_detach calls a binding of its own, ompi_buffer_detach_f08 (through its PLT), which calls the C
// library's PMPI_Buffer_detach (its MPI_Buffer_attach calls ompi_buffer_attach_f, above): wrapped under that name.
extern "C" void ompi_buffer_detach_f08(void* buffer_addr, MPI_Fint* size, MPI_Fint* ierr)
{
  using Binding    = void (*)(void*, MPI_Fint*, MPI_Fint*);
  static auto real = reinterpret_cast<Binding>(next_symbol("ompi_buffer_detach_f08"));
  region_only(Region::Buffer_detach, [&] {
    real(buffer_addr, size, ierr);
    return MPI_SUCCESS;
  });
}
