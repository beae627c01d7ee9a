// The transport's CPU time (docs/calibration.md "The transport's CPU time"), measured for tools/lab/calibrate.sh:
// 4 ranks, ranks 0 and 1 on one node's core, ranks 2 and 3 on the other's, Open MPI's mpi_yield_when_idle on.
// Per size, back-to-back exchanges (MPI_Sendrecv) between ranks 0 and 2 while ranks 1 and 3 wait in MPI (one pair),
// then between 0 and 2 and between 1 and 3 at the same time (two pairs): each node's one core then does the work of
// two ranks that each send and receive, which, where that work is the bottleneck, is twice one pair's. Per size,
// the mean exchange of each case (the median of kRepeats batches, each after as many untimed exchanges):
//   exchange SIZE ONE_PAIR_SECONDS TWO_PAIRS_SECONDS
// then the CPU a message takes on each side per size, the two-pair exchange taken as all CPU (an exchange costs
// each of the node's two ranks a send and a receive: a quarter of it each), as the replay option takes it:
//   # transport-cpu SIZE:SECONDS;SIZE:SECONDS;...
// (At 1 MiB in the lab two pairs take twice one pair: the one pair's exchange is the CPU's too.)
//   mpicc -O2 -o transport_cpu tools/lab/transport_cpu.c
//   tools/lab/lab.sh run --nodes 2 --ranks-per-node 2 -- bash -c "mpirun --allow-run-as-root \$LAB_MPIRUN_OPTS -np 4 --mca mpi_yield_when_idle 1 ./transport_cpu"
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kRepeats = 5 };
static const int kSizes[]     = {1024, 4096, 16384, 65536, 131072, 262144, 524288, 1048576, 2097152, 4194304};
static const int kExchanges[] = {2000, 1000, 500, 200, 100, 60, 40, 30, 20, 10};
enum { kCount = sizeof kSizes / sizeof kSizes[0] };

static int by_value(const void* a, const void* b)
{
  double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

// One batch: `pairs` pairs (1: ranks 0 and 2; 2: also 1 and 3) exchange `size` bytes `count` times untimed (an
// exchange sequence reaches its steady mode from its third or fourth: docs/accuracy.md), then `count` times timed.
// Returns the mean timed exchange, rank 0's.
static double batch(int rank, int pairs, int size, int count, char* out, char* in)
{
  int active = rank == 0 || rank == 2 || pairs == 2;
  int peer   = rank < 2 ? rank + 2 : rank - 2;
  double mean = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (active) {
    double start = 0;
    for (int i = 0; i < 2 * count; i++) {
      if (i == count)
        start = MPI_Wtime();
      MPI_Sendrecv(out, size, MPI_BYTE, peer, 0, in, size, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    mean = (MPI_Wtime() - start) / count;
  }
  MPI_Bcast(&mean, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  return mean;
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (ranks != 4) {
    if (rank == 0)
      fprintf(stderr, "transport_cpu: needs 4 ranks, 2 on each node's core (ranks 0 and 1 on one node)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  char* out = malloc((size_t)kSizes[kCount - 1]);
  char* in  = malloc((size_t)kSizes[kCount - 1]);
  if (out == NULL || in == NULL)
    MPI_Abort(MPI_COMM_WORLD, 2);
  double two[kCount];
  for (int k = 0; k < kCount; k++) {
    double mean[2];
    for (int pairs = 1; pairs <= 2; pairs++) {
      double each[kRepeats];
      for (int i = 0; i < kRepeats; i++)
        each[i] = batch(rank, pairs, kSizes[k], kExchanges[k], out, in);
      qsort(each, kRepeats, sizeof each[0], by_value);
      mean[pairs - 1] = each[kRepeats / 2];
    }
    two[k] = mean[1];
    if (rank == 0)
      printf("exchange %d %.9f %.9f\n", kSizes[k], mean[0], mean[1]);
  }
  if (rank == 0) {
    // Two pairs: each core does two ranks' sends and receives in two_pairs seconds; a send or a receive takes a
    // quarter of it.
    printf("# transport-cpu ");
    for (int k = 0; k < kCount; k++)
      printf("%s%d:%.9e", k > 0 ? ";" : "", kSizes[k], two[k] / 4);
    printf("\n");
  }
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
