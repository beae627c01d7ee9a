// The reference time of an untraced run (tools/accuracy/measure.sh): a preloaded library that wraps only MPI_Init
// and MPI_Finalize (C, and Open MPI's Fortran bindings: mpif.h, use mpi, use mpi_f08) and prints, from rank 0,
// the slowest rank's elapsed time between MPI_Init's return and its MPI_Finalize call:
//   run_timer: 0.123456789 s from MPI_Init to MPI_Finalize (slowest rank)
// Build: mpicc -O2 -shared -fPIC -o run_timer.so run_timer.c -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <time.h>

static double started;

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void report(void)
{
  double mine = now() - started, slowest = 0;
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    fprintf(stderr, "run_timer: %.9f s from MPI_Init to MPI_Finalize (slowest rank)\n", slowest);
}

int MPI_Init(int* argc, char*** argv)
{
  int rc  = PMPI_Init(argc, argv);
  started = now();
  return rc;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided)
{
  int rc  = PMPI_Init_thread(argc, argv, required, provided);
  started = now();
  return rc;
}

int MPI_Finalize(void)
{
  report();
  return PMPI_Finalize();
}

// Fortran: Open MPI's bindings call PMPI_Init and PMPI_Finalize directly.
typedef void (*binding)(MPI_Fint*);
static void fortran_init(MPI_Fint* ierr)
{
  ((binding)dlsym(RTLD_NEXT, "ompi_init_f"))(ierr);
  started = now();
}
static void fortran_finalize(MPI_Fint* ierr)
{
  report();
  ((binding)dlsym(RTLD_NEXT, "ompi_finalize_f"))(ierr);
}
void ompi_init_f(MPI_Fint* ierr) { fortran_init(ierr); }
void mpi_init_(MPI_Fint* ierr) { fortran_init(ierr); }
void ompi_finalize_f(MPI_Fint* ierr) { fortran_finalize(ierr); }
void mpi_finalize_(MPI_Fint* ierr) { fortran_finalize(ierr); }
