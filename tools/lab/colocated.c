// Ranks that share a core (docs/calibration.md "Ranks that share a core"), measured for tools/lab/calibrate.sh:
// 4 ranks, ranks 0 and 1 on one core (one node of the lab), ranks 2 and 3 on another, Open MPI's
// mpi_yield_when_idle on.
//  1. How much of the core does a rank waiting in MPI take from a computing neighbour? Rank 0 runs a fixed loop while
//     rank 1 sleeps (not runnable: the core is rank 0's), then while rank 1 waits in MPI_Recv for rank 0, then for
//     rank 2 on the other node. Prints `# polling-share S`: the loop's largest extra time over its time alone (0:
//     nothing taken; 1: half the core, a fair share).
//  2. How late does a waiting rank see a message from another node while its neighbour polls? Rank 2 sends rank 1 a
//     byte that rank 1 returns, 2000 times back to back, while ranks 0 and 3 sleep (not runnable), then while they wait
//     in MPI_Recv (polling). Prints `# wakeup-delay-polling SECONDS`: the difference of the mean round trips over 2
//     (each round trip wakes a rank beside a poller on each node).
//  3. How late does a waiting rank see a message while its neighbour computes? Rank 2 sends rank 1 a byte that rank 1
//     returns, every 10 ms, 100 times while rank 0 waits in MPI_Recv, then 100 times while rank 0 computes. Prints
//     each phase's round trips and `# wakeup-delay SECONDS`: the difference of their medians (this VM adds
//     outliers of several milliseconds to some runs, which would move a mean by half a millisecond).
//  4. What does a program's check for messages cost (an unsuccessful MPI_Iprobe between pieces of its work: the
//     `poll` action)? Rank 0 runs kChecks pieces of a fixed loop (about 50 us each), with and without an MPI_Iprobe
//     after each, while rank 1 sleeps, then while rank 1 waits in MPI_Recv. Prints `# poll-cpu SECONDS` (alone:
//     Open MPI's progress over TCP, the yield finding nobody) and `# poll-cpu-shared SECONDS` (beside a waiting
//     rank, whom each yield hands the core for one of its own polls): the difference per check, best of 3.
//   mpicc -O2 -o colocated tools/lab/colocated.c
//   mpirun -np 4 --map-by slot --mca mpi_yield_when_idle 1 ./colocated    (2 slots a node, one core a node)
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

enum { kPings = 100, kBackToBack = 2000, kChecks = 5000 };

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int by_value(const void* a, const void* b)
{
  double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

static double fixed_loop(void)
{
  double t = now();
  volatile double s = 0;
  for (long i = 0; i < 100000000L; i++)
    s += i * 1e-9;
  return now() - t;
}

static volatile double sink;

/// kChecks pieces of `iterations` of a loop, each followed by an unsuccessful MPI_Iprobe if `probe`: the time taken.
static double pieces(long iterations, int probe)
{
  int flag = 0;
  double t = now(), s = 0;
  for (int k = 0; k < kChecks; k++) {
    for (long i = 0; i < iterations; i++)
      s += i * 1e-9;
    sink = s;
    if (probe)
      MPI_Iprobe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  }
  return now() - t;
}

/// Rank 2: kPings round trips to rank 1, 10 ms apart; prints them and returns their median.
static double pings(const char* phase)
{
  double rt[kPings], sum = 0;
  int x = 0;
  for (int i = 0; i < kPings; i++) {
    double t0 = now();
    while (now() - t0 < 0.01) {
    }
    double t = now();
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    rt[i] = now() - t;
    sum += rt[i];
  }
  qsort(rt, kPings, sizeof(double), by_value);
  printf("# round trip, neighbour %s: median %.1f us, mean %.1f us, 90th %.1f us, max %.1f us\n", phase,
         rt[kPings / 2] * 1e6, sum / kPings * 1e6, rt[9 * kPings / 10] * 1e6, rt[kPings - 1] * 1e6);
  return rt[kPings / 2];
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size, x = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 4) {
    if (rank == 0)
      fprintf(stderr, "colocated: needs 4 ranks (2 on each of two cores), not %d\n", size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  // 1. The polling share: the loop alone (rank 1 sleeps), then beside rank 1 in MPI_Recv from rank 0 (its node),
  // then from rank 2 (the other node, which sends once rank 0 tells it: TCP); best of 3 each.
  double alone = 1e30, beside = 1e30, beside_remote = 1e30;
  for (int rep = 0; rep < 3; rep++) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
      double t = fixed_loop();
      alone    = t < alone ? t : alone;
    } else if (rank == 1) {
      usleep(1500000);
    }
    for (int from = 0; from <= 2; from += 2) {  // the waiting rank's sender: rank 0, then rank 2
      MPI_Barrier(MPI_COMM_WORLD);
      if (rank == 0) {
        double t = fixed_loop(), *best = from == 0 ? &beside : &beside_remote;
        *best    = t < *best ? t : *best;
        MPI_Send(&x, 1, MPI_INT, from == 0 ? 1 : 2, 1, MPI_COMM_WORLD);
      } else if (rank == 1) {
        MPI_Recv(&x, 1, MPI_INT, from, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else if (rank == 2 && from == 2) {
        MPI_Recv(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
      }
    }
  }
  if (rank == 0) {
    printf("# loop alone %.3f s, beside a rank waiting in MPI for its node %.3f s, for the other node %.3f s\n", alone,
           beside, beside_remote);
    beside = beside_remote > beside ? beside_remote : beside;
    printf("# polling-share %.3f\n", beside > alone ? beside / alone - 1 : 0.0);
    fflush(stdout);
  }
  // 2. Beside pollers: back-to-back round trips between ranks 2 and 1, their neighbours asleep, then polling.
  double mean[2] = {0, 0};
  for (int polling = 0; polling < 2; polling++) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0 || rank == 3) {
      if (polling)
        MPI_Recv(&x, 1, MPI_INT, 2, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      else
        usleep(1500000);  // longer than the round trips (about 60 us each)
    } else if (rank == 1) {
      for (int i = 0; i < kBackToBack; i++) {
        MPI_Recv(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
      }
    } else {
      double t = now();
      for (int i = 0; i < kBackToBack; i++) {
        MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
      mean[polling] = (now() - t) / kBackToBack;
      if (polling) {
        MPI_Send(&x, 1, MPI_INT, 0, 4, MPI_COMM_WORLD);
        MPI_Send(&x, 1, MPI_INT, 3, 4, MPI_COMM_WORLD);
        printf("# round trip back to back, neighbours asleep %.1f us, polling %.1f us\n", mean[0] * 1e6, mean[1] * 1e6);
        printf("# wakeup-delay-polling %.9f\n", mean[1] > mean[0] ? (mean[1] - mean[0]) / 2 : 0.0);
        fflush(stdout);
      }
    }
  }
  // 3. The wake-up delay: rank 0 waits, then computes until rank 2's pings are over.
  MPI_Barrier(MPI_COMM_WORLD);
  double waits = 0;
  if (rank == 0 || rank == 3) {
    MPI_Recv(&x, 1, MPI_INT, 2, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    for (int i = 0; i < 2 * kPings; i++) {
      MPI_Recv(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    }
  } else {
    waits = pings("waits");
    MPI_Send(&x, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);  // rank 0: compute now
  }
  if (rank == 0) {
    int done = 0;
    MPI_Request stop;
    MPI_Irecv(&x, 1, MPI_INT, 2, 3, MPI_COMM_WORLD, &stop);
    // Computes without entering MPI (an MPI call would yield the core), checking rank 2's word every 0.5 s.
    while (!done) {
      double end = now() + 0.5;
      volatile double s = 0;
      while (now() < end)
        for (int i = 0; i < 1000; i++)
          s += i;
      MPI_Test(&stop, &done, MPI_STATUS_IGNORE);
    }
  } else if (rank == 2) {
    usleep(100000);  // rank 0 is computing
    double computes = pings("computes");
    MPI_Send(&x, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    MPI_Send(&x, 1, MPI_INT, 3, 2, MPI_COMM_WORLD);
    printf("# wakeup-delay %.9f\n", computes > waits ? computes - waits : 0.0);
  }
  // 4. The cost of a check: rank 0's pieces of work with and without a probe after each, rank 1 asleep, then waiting.
  long iterations = 1000;
  double piece = 0;  // seconds
  if (rank == 0) {   // about 50 us a piece
    double t  = pieces(iterations, 0) / kChecks;
    iterations = (long)(iterations * 50e-6 / t) + 1;
    piece      = pieces(iterations, 0) / kChecks;
  }
  MPI_Bcast(&piece, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  for (int waiting = 0; waiting < 2; waiting++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double with = 1e30, without = 1e30;
    if (rank == 0) {
      for (int rep = 0; rep < 3; rep++) {
        double a = pieces(iterations, 0), b = pieces(iterations, 1);
        without  = a < without ? a : without;
        with     = b < with ? b : with;
      }
      if (waiting)
        MPI_Send(&x, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
      printf("# %d pieces of work, neighbour %s: %.3f s, with a check after each %.3f s\n", kChecks,
             waiting ? "waiting in MPI" : "asleep", without, with);
      printf("# poll-cpu%s %.9f\n", waiting ? "-shared" : "", with > without ? (with - without) / kChecks : 0.0);
      fflush(stdout);
    } else if (rank == 1) {
      if (waiting)
        MPI_Recv(&x, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      else  // longer than rank 0's six series of pieces
        usleep((useconds_t)(1.5e6 * 6 * kChecks * (piece + 10e-6)) + 100000);
    }
  }
  MPI_Finalize();
  return 0;
}
