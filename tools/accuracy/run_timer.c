// The reference time of an untraced run (tools/accuracy/measure.sh): a preloaded library that wraps only MPI_Init
// and MPI_Finalize (C, and Open MPI's Fortran bindings: mpif.h, use mpi, use mpi_f08) and prints, from rank 0,
// the slowest rank's elapsed time between MPI_Init's return and its MPI_Finalize call:
//   run_timer: 0.123456789 s from MPI_Init to MPI_Finalize (slowest rank)
// and, with RUN_TIMER_CPU set, each rank's CPU time over the same span (its process's, every thread's):
//   run_timer: rank 1 0.123456789 s, user 0.100000000 s, system 0.020000000 s
// Build: mpicc -O2 -shared -fPIC -o run_timer.so run_timer.c -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

static double started, user_started, system_started;

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void cpu_times(double* user, double* system)
{
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  *user   = (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec;
  *system = (double)u.ru_stime.tv_sec + 1e-6 * (double)u.ru_stime.tv_usec;
}

static void start(void)
{
  started = now();
  cpu_times(&user_started, &system_started);
}

static void report(void)
{
  double mine[3], slowest = 0;
  mine[0] = now() - started;
  cpu_times(&mine[1], &mine[2]);
  mine[1] -= user_started;
  mine[2] -= system_started;
  int rank = 0, size = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  PMPI_Reduce(&mine[0], &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    fprintf(stderr, "run_timer: %.9f s from MPI_Init to MPI_Finalize (slowest rank)\n", slowest);
  if (getenv("RUN_TIMER_CPU") == NULL)
    return;
  double* all = rank == 0 ? malloc(sizeof(double) * 3 * (size_t)size) : NULL;
  PMPI_Gather(mine, 3, MPI_DOUBLE, all, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  for (int r = 0; all != NULL && r < size; r++)
    fprintf(stderr, "run_timer: rank %d %.9f s, user %.9f s, system %.9f s\n", r, all[3 * r], all[3 * r + 1],
            all[3 * r + 2]);
  free(all);
}

int MPI_Init(int* argc, char*** argv)
{
  int rc = PMPI_Init(argc, argv);
  start();
  return rc;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided)
{
  int rc = PMPI_Init_thread(argc, argv, required, provided);
  start();
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
  start();
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
