// Small steps that real codes repeat, timed in the lab to set against their replay (docs/accuracy.md, the eleventh
// to thirteenth sessions): each rank computes COMPUTE_US of a busy loop (of its own CPU time: the same work however
// often the scheduler hands the core to a neighbour meanwhile), then CALLS calls (1 by default), 2,000 times after
// 200 untimed. Prints the mean step (rank 0's clock) and writes, with TRACE_DIR (- for none), the same steps as a
// time-independent trace (one file per rank and an index, computations at 1e9 flop/s) for `tireplay replay` on the
// lab's calibrated platform.
//   allreduce BYTES   MPI_Allreduce of BYTES (doubles, summed) over all ranks
//   local BYTES       MPI_Sendrecv with rank ^ 1 (on the lab's 2x2 nodes, the rank sharing the core)
//   cross BYTES       MPI_Sendrecv with rank ^ 2 (2x2: the rank in the same place on the other node; all at once)
//   stream BYTES      rank 0 sends 20,000 messages to rank 1, then waits for one byte back (no computation)
//   mpicc -O2 -o steps tools/lab/steps.c
//   tools/lab/lab.sh run --nodes 2 --ranks-per-node 2 -- bash -c \
//     "mpirun --allow-run-as-root \$LAB_MPIRUN_OPTS -np 4 --mca mpi_yield_when_idle 1 ./steps allreduce 1024 50 [DIR]"
//   (DIR - and a CALLS after it: no trace, CALLS calls a step)
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { kWarm = 200, kSteps = 2000, kStream = 20000 };

static double cpu_time(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

// A loop timed by the clock would do less work when the scheduler takes the core away in the middle of it, and hide
// the neighbour's run inside the computation.
static void spin(double us)
{
  double end = cpu_time() + us * 1e-6;
  volatile double x = 0;
  while (cpu_time() < end)
    for (int i = 0; i < 50; i++)
      x += i;
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const char* mode = argc > 1 ? argv[1] : "";
  int bytes        = argc > 2 ? atoi(argv[2]) : 0;
  double us        = argc > 3 ? atof(argv[3]) : 0;
  const char* dir  = argc > 4 && strcmp(argv[4], "-") != 0 ? argv[4] : NULL;
  int calls        = argc > 5 ? atoi(argv[5]) : 1;
  int kind = strcmp(mode, "allreduce") == 0 ? 0 : strcmp(mode, "local") == 0 ? 1 : strcmp(mode, "cross") == 0 ? 2
           : strcmp(mode, "stream") == 0 ? 3 : -1;
  if (kind < 0 || bytes < 8 || us < 0 || calls < 1 || (kind == 2 && ranks % 4 != 0) || (kind == 1 && ranks % 2 != 0) ||
      (kind == 3 && ranks != 2)) {
    if (rank == 0)
      fprintf(stderr, "usage: steps allreduce|local|cross|stream BYTES [COMPUTE_US [TRACE_DIR|- [CALLS]]] (BYTES >= 8; "
                      "CALLS >= 1; local needs an even number of ranks, cross a multiple of 4, stream 2)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  char* out = calloc((size_t)bytes, 1);
  char* in  = calloc((size_t)bytes, 1);
  int peer  = kind == 1 ? rank ^ 1 : rank ^ 2;
  double start = 0, mean = 0;
  if (kind == 3) {
    MPI_Barrier(MPI_COMM_WORLD);
    start = MPI_Wtime();
    for (int i = 0; i < kStream; i++)
      if (rank == 0)
        MPI_Send(out, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      else
        MPI_Recv(in, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank == 0)
      MPI_Recv(in, 1, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    else
      MPI_Send(out, 1, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
    mean = (MPI_Wtime() - start) / kStream;
  } else {
    for (int i = 0; i < kWarm + kSteps; i++) {
      if (i == kWarm) {
        MPI_Barrier(MPI_COMM_WORLD);
        start = MPI_Wtime();
      }
      spin(us);
      for (int k = 0; k < calls; k++)
        if (kind == 0)
          MPI_Allreduce(out, in, bytes / 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        else
          MPI_Sendrecv(out, bytes, MPI_BYTE, peer, 0, in, bytes, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    mean = (MPI_Wtime() - start) / kSteps;
  }
  if (rank == 0)
    printf("steps %s %d bytes, %.0f us of computation, %d calls: %.2f us a step\n", mode, bytes, us, calls, 1e6 * mean);
  if (dir != NULL) {  // the timed steps as a trace (the barrier left out: every rank starts at once)
    char name[4096];
    snprintf(name, sizeof name, "%s/rank%d.txt", dir, rank);
    FILE* f = fopen(name, "w");
    if (f == NULL) {
      fprintf(stderr, "steps: cannot write %s\n", name);
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
    fprintf(f, "%d init\n", rank);
    if (kind == 3) {
      for (int i = 0; i < kStream; i++)
        fprintf(f, rank == 0 ? "%d send 1 0 %d\n" : "%d recv 0 0 %d\n", rank, bytes);
      fprintf(f, rank == 0 ? "%d recv 1 1 1\n" : "%d send 0 1 1\n", rank);
    } else {
      for (int i = 0; i < kSteps; i++) {
        if (us > 0)
          fprintf(f, "%d compute %.0f\n", rank, us * 1e3);
        for (int k = 0; k < calls; k++)
          if (kind == 0)
            fprintf(f, "%d allreduce %d 0\n", rank, bytes);
          else
            fprintf(f, "%d sendrecv %d %d %d %d\n", rank, bytes, peer, bytes, peer);
      }
    }
    fprintf(f, "%d finalize\n", rank);
    fclose(f);
    if (rank == 0) {
      snprintf(name, sizeof name, "%s/index.txt", dir);
      FILE* index = fopen(name, "w");
      if (index == NULL) {
        fprintf(stderr, "steps: cannot write %s\n", name);
        MPI_Abort(MPI_COMM_WORLD, 2);
      }
      for (int r = 0; r < ranks; r++)
        fprintf(index, "rank%d.txt\n", r);
      fclose(index);
    }
  }
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
