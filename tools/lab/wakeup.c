// Co-located ranks (docs/accuracy.md, "Co-located ranks"): how long until a waiting rank sees a message while the
// neighbour sharing its core computes? Ranks 0 and 1 share a core, rank 2 has its own (a rankfile). Rank 2
// ping-pongs rank 1 (1 byte) every 10 ms, 100 times, while rank 0 computes (argument `compute`) or waits in
// MPI_Recv. Prints rank 2's round trips (median, mean, 90th percentile, max).
//   mpicc -O2 -o wakeup tools/lab/wakeup.c
//   printf 'rank 0=localhost slot=0\nrank 1=localhost slot=0\nrank 2=localhost slot=1\n' > rf.txt
//   mpirun -np 3 --oversubscribe --rankfile rf.txt --mca mpi_yield_when_idle 1 ./wakeup compute   (or wait)
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static int cmp(const void* a, const void* b) { double x = *(double*)a, y = *(double*)b; return x < y ? -1 : x > y; }
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int compute = argc > 1 && strcmp(argv[1], "compute") == 0, x = 0, n = 100;
  double rt[100];
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    if (compute) { double end = now() + 1.3; volatile double s = 0; while (now() < end) for (int i = 0; i < 1000; i++) s += i; }
    MPI_Recv(&x, 1, MPI_INT, 2, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    for (int i = 0; i < n; i++) { MPI_Recv(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD); }
  } else if (rank == 2) {
    for (int i = 0; i < n; i++) {
      double t0 = now(); while (now() - t0 < 0.01) {}
      double t = now(); MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); rt[i] = now() - t;
    }
    MPI_Send(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    double sum = 0; for (int i = 0; i < n; i++) sum += rt[i];
    qsort(rt, n, sizeof(double), cmp);
    printf("%s: round trip median %.1f us, mean %.1f us, 90th %.1f us, max %.1f us\n", compute ? "neighbour computes" : "neighbour waits", rt[n/2]*1e6, sum/n*1e6, rt[9*n/10]*1e6, rt[n-1]*1e6);
  }
  MPI_Finalize();
}
