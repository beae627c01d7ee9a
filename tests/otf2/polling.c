// A polling loop with nothing else in it (tests/otf2/polling.sh): rank 0 computes for 0.2 s of CPU time, then sends;
// rank 1 tests its receive until it completes, doing no work between the tests. Rank 1 prints how many tests it made.
// Then checks: rank 0 makes kChecks pieces of work (20 us of CPU time each), each followed by an MPI_Iprobe that
// finds nothing, as MUMPS looks for messages between pieces of its factorisation, while rank 1 waits in MPI_Recv.
#include <mpi.h>
#include <stdio.h>
#include <time.h>

enum { kChecks = 1000 };

static double cpu_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, value = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    double start = cpu_seconds();
    volatile double x = 0;
    while (cpu_seconds() - start < 0.2)
      for (int i = 0; i < 10000; i++)
        x = x + 1e-9 * i;
    MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Request request;
    MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &request);
    long tests = 0;
    int done   = 0;
    while (!done) {
      MPI_Test(&request, &done, MPI_STATUS_IGNORE);
      tests++;
    }
    printf("tests %ld\n", tests);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    volatile double x = 0;
    int flag = 0;
    for (int k = 0; k < kChecks; k++) {
      double start = cpu_seconds();
      while (cpu_seconds() - start < 20e-6)
        x = x + 1e-9;
      MPI_Iprobe(1, 7, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
    MPI_Send(&value, 1, MPI_INT, 1, 6, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(&value, 1, MPI_INT, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
