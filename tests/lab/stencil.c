// A 1-D stencil of ours for the lab's prediction test (tests/lab/predict_test.sh): ITERATIONS times, a computation
// of WORK passes over a 64 KiB array, then an exchange of BYTES with each neighbour on a ring (MPI_Sendrecv both
// ways) and an MPI_Allreduce of one double. Prints `stencil SECONDS` (rank 0, MPI_Init to MPI_Finalize barriers).
// usage: stencil [ITERATIONS [BYTES [WORK]]]   (defaults 200, 32768, 20)
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int iterations = argc > 1 ? atoi(argv[1]) : 200;
  int bytes      = argc > 2 ? atoi(argv[2]) : 32768;
  int work       = argc > 3 ? atoi(argv[3]) : 20;
  if (iterations < 1 || bytes < 1 || work < 0) {
    if (rank == 0)
      fprintf(stderr, "stencil: usage: stencil [ITERATIONS [BYTES [WORK]]] (positive numbers)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int cells = 8192;
  double* u       = malloc(cells * sizeof *u);
  char* out       = calloc(bytes, 1);
  char* in        = calloc(bytes, 1);
  for (int i = 0; i < cells; i++)
    u[i] = rank + i * 1e-3;
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime(), sum = 0;
  for (int it = 0; it < iterations; it++) {
    for (int w = 0; w < work; w++)
      for (int i = 1; i < cells - 1; i++)
        u[i] = 0.25 * (u[i - 1] + 2 * u[i] + u[i + 1]);
    out[0] = (char)u[it % cells];
    MPI_Sendrecv(out, bytes, MPI_BYTE, right, 1, in, bytes, MPI_BYTE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(out, bytes, MPI_BYTE, left, 2, in, bytes, MPI_BYTE, right, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double local = u[cells / 2] + in[0], global = 0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    sum += global;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    printf("stencil %.6f %g\n", MPI_Wtime() - start, sum);
  free(u);
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
