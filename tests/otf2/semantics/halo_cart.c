// A non-periodic 1-D Cartesian halo exchange, as stencil codes write it: MPI_Cart_shift gives each rank its left
// and right neighbours (MPI_PROC_NULL past the ends), then MPI_Sendrecv (tag 1) and MPI_Sendrecv_replace (tag 2)
// move a halo each way. The end ranks' sendrecvs have a PROC_NULL half; their other half, with its tag, must still
// match the neighbour's sendrecv. Prints what the trace must hold (tests/otf2/semantics.sh).
#include "expect.h"

#define STEPS 20
#define HALO 2048 // doubles: 16 KiB, under the eager and detached thresholds

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int size, rank, left, right, periodic = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm line;
#ifndef SMPI_H
  MPI_Cart_create(MPI_COMM_WORLD, 1, &size, &periodic, 0, &line);
  MPI_Comm_rank(line, &rank);
  MPI_Cart_shift(line, 0, 1, &left, &right);
#else  // the reference: the same neighbours in MPI_COMM_WORLD, as SMPI's communicator creation takes simulated time
  (void)periodic;  // (its messages), which the trace's comm_split lines do not
  line = MPI_COMM_WORLD;
  MPI_Comm_rank(line, &rank);
  left  = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
#endif
  static double inner[HALO], halo[HALO];
  for (int step = 0; step < STEPS; step++) {
    spin(200e-6);
    MPI_Sendrecv(inner, HALO, MPI_DOUBLE, right, 1, halo, HALO, MPI_DOUBLE, left, 1, line, MPI_STATUS_IGNORE);
    spin(200e-6);
    MPI_Sendrecv_replace(halo, HALO, MPI_DOUBLE, left, 2, right, 2, line, MPI_STATUS_IGNORE);
  }
  // A sendrecv with a PROC_NULL half stays a sendrecv (its other half with its own tag), none is dropped.
  expect(rank, "sendrecv", 2 * STEPS);
  expect(rank, "proc_null MPI_Sendrecv", 0);
  expect(rank, "proc_null MPI_Sendrecv_replace", 0);
  expect(rank, "send", 0);
  expect(rank, "recv", 0);
  if (line != MPI_COMM_WORLD)
    MPI_Comm_free(&line);
  finish(rank);
  MPI_Finalize();
  return 0;
}
