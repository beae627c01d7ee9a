// Progress only inside MPI (docs/calibration.md "Progress only inside MPI"): does a rendezvous message move while a
// rank computes? 1 MiB from rank 0 to rank 1, four ways: the receiver computes 200 ms after MPI_Irecv (mode 0), the
// sender computes 200 ms after MPI_Isend (1), both do (2), neither (3). Prints each rank's wait and total time: with
// asynchronous progress a computing side's wait finds the bytes there; without, they move only once it waits.
//   mpicc -O2 -o progress tools/lab/progress.c
//   tools/lab/lab.sh run --nodes 2 --rate 100mbit -- bash -c 'mpirun --allow-run-as-root $LAB_MPIRUN_OPTS -np 2 ./progress'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void compute(double seconds)
{
  double end        = now() + seconds;
  volatile double s = 0;
  while (now() < end)
    for (int i = 0; i < 1000; i++)
      s += i;
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size = 1 << 20;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char* buffer = calloc((size_t)size, 1);
  static const char* const modes[] = {"receiver computes", "sender computes", "both compute", "neither computes"};
  for (int mode = 0; mode < 4; mode++) {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Request request;
    double start = now();
    if (rank == 1)
      MPI_Irecv(buffer, size, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &request);
    else
      MPI_Isend(buffer, size, MPI_BYTE, 1, 0, MPI_COMM_WORLD, &request);
    if ((rank == 1 && (mode == 0 || mode == 2)) || (rank == 0 && (mode == 1 || mode == 2)))
      compute(0.2);
    double waited = now();
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    printf("%s, %s: wait %.1f ms, total %.1f ms\n", modes[mode], rank == 1 ? "receiver" : "sender",
           (now() - waited) * 1e3, (now() - start) * 1e3);
    fflush(stdout);
  }
  free(buffer);
  MPI_Finalize();
  return 0;
}
