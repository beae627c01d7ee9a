// Crossing messages in sequence, between the two ranks of a lab run (docs/lab.md, "Which exchanges are halved"):
// when does an exchange of two large messages, one each way, run both ways at once, and when at half the rate?
// For each size and gap: after a barrier and a 2 ms pause, 6 MPI_Sendrecv exchanges in a row with GAP microseconds
// of computation (a spin) between two, and with --barrier an MPI_Barrier before each gap. Prints per exchange of
// the row the median over 7 repetitions of its time (from the later rank's start to the later rank's end, both
// ranks reading one monotonic clock) divided by a one-way message's time of the same size (half a ping-pong).
// With --late: single exchanges, each after a barrier and a 2 ms pause, rank 1 starting DELAY us after rank 0,
// by MPI_Sendrecv, Isend then Irecv, or Irecv then Isend (then MPI_Waitall).
//   mpicc -O2 -o exchanges tools/lab/exchanges.c
//   tools/lab/lab.sh run --rate 100mbit -- bash -c 'mpirun --allow-run-as-root $LAB_MPIRUN_OPTS -np 2 ./exchanges'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { REPS = 7, EXCHANGES = 6 };

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void spin(double seconds) {
  double start = now();
  while (now() - start < seconds) {
  }
}

static int by_value(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

static double median(double* values) {
  qsort(values, REPS, sizeof(double), by_value);
  return values[REPS / 2];
}

static double one_way(int rank, char* send, char* recv, int size) {
  double half[REPS];
  for (int r = 0; r < REPS; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    spin(2e-3);
    double start = now();
    if (rank == 0) {
      MPI_Send(send, size, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(recv, size, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(recv, size, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(send, size, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
    half[r] = (now() - start) / 2;  // rank 0's round trip
    MPI_Bcast(&half[r], 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  }
  return median(half);
}

// The time of one exchange by `order` (0: MPI_Sendrecv, 1: Isend then Irecv, 2: Irecv then Isend), from the later
// rank's start to the later rank's end, rank 1 starting `late` seconds after rank 0.
static double single(int rank, char* send, char* recv, int size, int order, double late) {
  MPI_Barrier(MPI_COMM_WORLD);
  spin(2e-3);
  if (rank == 1) spin(late);
  double mine[2] = {now(), 0}, both[4];
  MPI_Request requests[2];
  if (order == 0) {
    MPI_Sendrecv(send, size, MPI_BYTE, 1 - rank, 0, recv, size, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
  } else {
    for (int k = 0; k < 2; k++) {
      if ((k == 0) == (order == 1))
        MPI_Isend(send, size, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD, &requests[k]);
      else
        MPI_Irecv(recv, size, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD, &requests[k]);
    }
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  }
  mine[1] = now();
  MPI_Allgather(mine, 2, MPI_DOUBLE, both, 2, MPI_DOUBLE, MPI_COMM_WORLD);
  return (both[1] > both[3] ? both[1] : both[3]) - (both[0] > both[2] ? both[0] : both[2]);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (ranks != 2) {
    if (rank == 0) fprintf(stderr, "exchanges: run it on 2 ranks, not %d\n", ranks);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int barrier = argc > 1 && strcmp(argv[1], "--barrier") == 0;
  int late    = argc > 1 && strcmp(argv[1], "--late") == 0;
  const int sizes[] = {131072, 1048576};
  const double gaps[] = {0, 20e-6, 100e-6, 300e-6, 1e-3, 10e-3, 50e-3};
  char* send = calloc(1 << 20, 1);
  char* recv = calloc(1 << 20, 1);
  for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
    int size = sizes[s];
    double oneway = one_way(rank, send, recv, size);
    const double delays[] = {0, 5e-6, 10e-6, 20e-6, 40e-6, 80e-6, 160e-6, 1e-3};
    for (int order = 0; late && order < 3; order++)
      for (size_t d = 0; d < sizeof delays / sizeof *delays; d++) {
        double times[REPS];
        for (int r = 0; r < REPS; r++) times[r] = single(rank, send, recv, size, order, delays[d]);
        if (rank == 0)
          printf("size %7d late_us %6.0f %-11s one_way_us %8.1f ratio %.2f\n", size, delays[d] * 1e6,
                 order == 0 ? "sendrecv" : order == 1 ? "isend-irecv" : "irecv-isend", oneway * 1e6,
                 median(times) / oneway);
      }
    for (size_t g = 0; !late && g < sizeof gaps / sizeof *gaps; g++) {
      double times[EXCHANGES][REPS];
      for (int r = 0; r < REPS; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        spin(2e-3);
        double mine[2 * EXCHANGES], both[4 * EXCHANGES];
        for (int k = 0; k < EXCHANGES; k++) {
          if (k > 0) {
            if (barrier) MPI_Barrier(MPI_COMM_WORLD);
            spin(gaps[g]);
          }
          mine[2 * k] = now();
          MPI_Sendrecv(send, size, MPI_BYTE, 1 - rank, 0, recv, size, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD,
                       MPI_STATUS_IGNORE);
          mine[2 * k + 1] = now();
        }
        MPI_Allgather(mine, 2 * EXCHANGES, MPI_DOUBLE, both, 2 * EXCHANGES, MPI_DOUBLE, MPI_COMM_WORLD);
        for (int k = 0; k < EXCHANGES; k++) {
          const double* a = both + 2 * k;
          const double* b = both + 2 * EXCHANGES + 2 * k;
          times[k][r] = (a[1] > b[1] ? a[1] : b[1]) - (a[0] > b[0] ? a[0] : b[0]);
        }
      }
      if (rank == 0) {
        printf("size %7d gap_us %6.0f%s one_way_us %8.1f ratios", size, gaps[g] * 1e6, barrier ? " barrier" : "",
               oneway * 1e6);
        for (int k = 0; k < EXCHANGES; k++) printf(" %.2f", median(times[k]) / oneway);
        printf("\n");
        fflush(stdout);
      }
    }
  }
  free(send);
  free(recv);
  MPI_Finalize();
  return 0;
}
