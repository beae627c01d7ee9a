// Pairs of ranks crossing one shaped link both ways (docs/accuracy.md, "Co-located ranks": mpgrafic 2x2): two nodes
// of K ranks; rank r < K exchanges with rank r + K. Ranks 0 and K exchange SIZE bytes both ways (MPI_Sendrecv) 20
// times, then pairs 0..1, and so on up to all K pairs at the same time; back to back, then with PAUSE_MS of
// computation before each exchange (FFTW's transposes follow its computation). Prints, per case, the mean exchange
// and the rate each way per pair.
//   mpicc -O2 -o pairs tools/lab/pairs.c
//   tools/lab/lab.sh run --nodes 2 --ranks-per-node K --rate 100mbit -- bash -c
//     'mpirun --allow-run-as-root $LAB_MPIRUN_OPTS -np 2K --mca mpi_yield_when_idle 1 ./pairs [SIZE [PAUSE_MS]]'
// (SIZE: 1 MiB by default; PAUSE_MS: 20 by default)
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kExchanges = 20 };

static void compute_for(double seconds)
{
  double end = MPI_Wtime() + seconds;
  volatile double x = 0;
  while (MPI_Wtime() < end)
    for (int i = 0; i < 1000; i++)
      x += i;
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int bytes   = argc > 1 ? atoi(argv[1]) : 1 << 20;
  double wait = argc > 2 ? atof(argv[2]) * 1e-3 : 0.02;
  if (size < 2 || size % 2 != 0 || bytes <= 0 || wait < 0) {
    if (rank == 0)
      fprintf(stderr, "pairs: needs an even number of ranks (K on each of two nodes), SIZE > 0 and PAUSE_MS >= 0\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  char *out = calloc((size_t)bytes, 1), *in = calloc((size_t)bytes, 1);
  int half = size / 2, peer = rank < half ? rank + half : rank - half;
  for (int paused = 0; paused < 2; paused++)
    for (int pairs = 1; pairs <= half; pairs++) {
      MPI_Barrier(MPI_COMM_WORLD);
      int active = rank % half < pairs;
      double spent = 0;
      for (int i = 0; active && i < kExchanges; i++) {
        if (paused)
          compute_for(wait);
        double t = MPI_Wtime();
        MPI_Sendrecv(out, bytes, MPI_BYTE, peer, 0, in, bytes, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        spent += MPI_Wtime() - t;
      }
      double each = spent / kExchanges;
      if (active && rank < half)
        printf("%s, %d pair(s): rank %d, %d bytes each way: %.2f ms an exchange, %.1f Mbit/s each way per pair\n",
               paused ? "after a pause" : "back to back", pairs, rank, bytes, each * 1e3,
               8.0 * bytes / each / 1e6);
      fflush(stdout);
    }
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
