// What a program's checks for messages cost (docs/calibration.md, "A program's checks for messages"): a preloaded
// library that counts each rank's unsuccessful MPI_Iprobe and MPI_Test calls (C, and Open MPI's mpif.h bindings)
// and the CPU time of its thread in them, and prints at MPI_Finalize, in rank order:
//   poll_counter: rank R: wall W s, thread CPU C s (user U, system S); iprobe N unsuccessful (CPU X s), test ...
// (times from MPI_Init's return to MPI_Finalize's call).
// With POLL_EXTRA_US=T, each unsuccessful MPI_Iprobe then spins T more microseconds of CPU time: how much longer
// the run gets says whether the checks are on its critical path.
//   mpicc -O2 -shared -fPIC -o poll_counter.so tools/lab/poll_counter.c -ldl
//   mpirun ... -x LD_PRELOAD=$PWD/poll_counter.so [-x POLL_EXTRA_US=20] ./app
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

enum { kIprobe, kTest };
static long unsuccessful[2];
static double cpu_in[2], extra = -1, started, cpu_started, user_started, system_started;

static double clock_of(clockid_t c)
{
  struct timespec t;
  clock_gettime(c, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/// The process's user and system CPU time.
static void usage(double* user, double* system)
{
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  *user   = u.ru_utime.tv_sec + 1e-6 * u.ru_utime.tv_usec;
  *system = u.ru_stime.tv_sec + 1e-6 * u.ru_stime.tv_usec;
}

/// MPI_Init returned: what the report counts from.
static void start(void)
{
  started     = clock_of(CLOCK_MONOTONIC);
  cpu_started = clock_of(CLOCK_THREAD_CPUTIME_ID);
  usage(&user_started, &system_started);
}

/// After a call of kind `kind` that began at CPU time `cpu0` and found nothing (`flag` 0).
static void count(int kind, double cpu0, int flag)
{
  if (flag)
    return;
  if (extra < 0)
    extra = getenv("POLL_EXTRA_US") ? atof(getenv("POLL_EXTRA_US")) * 1e-6 : 0;
  if (kind == kIprobe && extra > 0)
    for (double end = clock_of(CLOCK_THREAD_CPUTIME_ID) + extra; clock_of(CLOCK_THREAD_CPUTIME_ID) < end;) {
    }
  unsuccessful[kind]++;
  cpu_in[kind] += clock_of(CLOCK_THREAD_CPUTIME_ID) - cpu0;
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status)
{
  double cpu0 = clock_of(CLOCK_THREAD_CPUTIME_ID);
  int rc      = PMPI_Iprobe(source, tag, comm, flag, status);
  count(kIprobe, cpu0, *flag);
  return rc;
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status)
{
  double cpu0 = clock_of(CLOCK_THREAD_CPUTIME_ID);
  int rc      = PMPI_Test(request, flag, status);
  count(kTest, cpu0, *flag);
  return rc;
}

typedef void (*probe_f)(MPI_Fint*, MPI_Fint*, MPI_Fint*, MPI_Fint*, MPI_Fint*, MPI_Fint*);
typedef void (*test_f)(MPI_Fint*, MPI_Fint*, MPI_Fint*, MPI_Fint*);
typedef void (*plain_f)(MPI_Fint*);

void mpi_iprobe_(MPI_Fint* source, MPI_Fint* tag, MPI_Fint* comm, MPI_Fint* flag, MPI_Fint* status, MPI_Fint* ierr)
{
  static probe_f next;
  if (!next)
    next = (probe_f)dlsym(RTLD_NEXT, "mpi_iprobe_");
  double cpu0 = clock_of(CLOCK_THREAD_CPUTIME_ID);
  next(source, tag, comm, flag, status, ierr);
  count(kIprobe, cpu0, *flag);
}

void mpi_test_(MPI_Fint* request, MPI_Fint* flag, MPI_Fint* status, MPI_Fint* ierr)
{
  static test_f next;
  if (!next)
    next = (test_f)dlsym(RTLD_NEXT, "mpi_test_");
  double cpu0 = clock_of(CLOCK_THREAD_CPUTIME_ID);
  next(request, flag, status, ierr);
  count(kTest, cpu0, *flag);
}

static void report(void)
{
  double user, system;
  usage(&user, &system);
  int rank = 0, size = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  char line[300];
  snprintf(line, sizeof line,
           "poll_counter: rank %d: wall %.3f s, thread CPU %.3f s (user %.3f, system %.3f); iprobe %ld unsuccessful "
           "(CPU %.3f s), test %ld unsuccessful (CPU %.3f s)",
           rank, clock_of(CLOCK_MONOTONIC) - started, clock_of(CLOCK_THREAD_CPUTIME_ID) - cpu_started,
           user - user_started, system - system_started,
           unsuccessful[kIprobe], cpu_in[kIprobe], unsuccessful[kTest], cpu_in[kTest]);
  char* all = rank == 0 ? malloc((size_t)size * sizeof line) : NULL;
  PMPI_Gather(line, sizeof line, MPI_CHAR, all, sizeof line, MPI_CHAR, 0, MPI_COMM_WORLD);
  for (int r = 0; all && r < size; r++)
    fprintf(stderr, "%s\n", all + (size_t)r * sizeof line);
  free(all);
}

int MPI_Init(int* argc, char*** argv)
{
  int rc = PMPI_Init(argc, argv);
  start();
  return rc;
}

int MPI_Finalize(void)
{
  report();
  return PMPI_Finalize();
}

// Open MPI's Fortran MPI_Init and MPI_Finalize (mpif.h, use mpi), as tools/accuracy/run_timer.c wraps them.
static void fortran_init(MPI_Fint* ierr)
{
  ((plain_f)dlsym(RTLD_NEXT, "ompi_init_f"))(ierr);
  start();
}

static void fortran_finalize(MPI_Fint* ierr)
{
  report();
  ((plain_f)dlsym(RTLD_NEXT, "ompi_finalize_f"))(ierr);
}

void ompi_init_f(MPI_Fint* ierr) { fortran_init(ierr); }
void mpi_init_(MPI_Fint* ierr) { fortran_init(ierr); }
void ompi_finalize_f(MPI_Fint* ierr) { fortran_finalize(ierr); }
void mpi_finalize_(MPI_Fint* ierr) { fortran_finalize(ierr); }
