/* stencil: a 2-D Jacobi solver on a px x py grid of ranks (px x py = size, px the largest divisor <= sqrt(size)),
 * the shape of the codes our users replay on multi-cluster platforms. Each of ITER iterations: halo exchange with
 * the 4 neighbours of a torus (MPI_Irecv/MPI_Isend/MPI_Waitall, rows and columns of B doubles), the sweep (smpi_execute_flops,
 * 5 flops per point), a residual MPI_Allreduce of one double. Every 5 iterations rank 0 broadcasts new boundary
 * conditions (PARAMS doubles, 4 MiB). At the end: a transpose (MPI_Alltoall, TRANSPOSE doubles per pair), a
 * checksum MPI_Reduce and a MPI_Gather of each rank's corner block. Works with any number of ranks >= 2. */
#include <mpi.h>
#include <stdlib.h>

#define B 256                /* local block: B x B doubles */
#define ITER 20
#define PARAMS (512 * 1024)  /* doubles: 4 MiB */
#define TRANSPOSE 4096       /* doubles per pair: 32 KiB */
#define CORNER 1024          /* doubles: 8 KiB */

int main(int argc, char* argv[])
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int px = 1;
  for (int d = 1; d * d <= size; d++)
    if (size % d == 0)
      px = d;
  int py = size / px;
  int x = rank % px, y = rank / px;
  /* Periodic: SimGrid 3.32's replay cannot replay messages to MPI_PROC_NULL. */
  int west = y * px + (x + px - 1) % px, east = y * px + (x + 1) % px;
  int south = (y + py - 1) % py * px + x, north = (y + 1) % py * px + x;

  double* halo_out = calloc(4 * B, sizeof(double));
  double* halo_in  = calloc(4 * B, sizeof(double));
  double* params   = calloc(PARAMS, sizeof(double));
  double* rows     = calloc((size_t)TRANSPOSE * size, sizeof(double));
  double* cols     = calloc((size_t)TRANSPOSE * size, sizeof(double));
  double* corners  = rank == 0 ? calloc((size_t)CORNER * size, sizeof(double)) : NULL;
  double residual = 1, global = 0;

  MPI_Bcast(params, PARAMS, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  for (int it = 0; it < ITER; it++) {
    MPI_Request req[8];
    int neighbours[4] = {west, east, south, north};
    for (int k = 0; k < 4; k++) {
      MPI_Irecv(halo_in + k * B, B, MPI_DOUBLE, neighbours[k], 0, MPI_COMM_WORLD, &req[k]);
      MPI_Isend(halo_out + k * B, B, MPI_DOUBLE, neighbours[k], 0, MPI_COMM_WORLD, &req[4 + k]);
    }
    MPI_Waitall(8, req, MPI_STATUSES_IGNORE);
    smpi_execute_flops(5.0 * B * B);
    MPI_Allreduce(&residual, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (it % 5 == 4)
      MPI_Bcast(params, PARAMS, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  }
  MPI_Alltoall(rows, TRANSPOSE, MPI_DOUBLE, cols, TRANSPOSE, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Reduce(&residual, &global, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Gather(cols, CORNER, MPI_DOUBLE, corners, CORNER, MPI_DOUBLE, 0, MPI_COMM_WORLD);

  free(halo_out);
  free(halo_in);
  free(params);
  free(rows);
  free(cols);
  free(corners);
  MPI_Finalize();
  return 0;
}
