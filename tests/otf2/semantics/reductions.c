// Reductions of a few elements, whose count (not bytes) steers Open MPI's algorithms: an allreduce of one double on
// 4 ranks takes the fallback of Open MPI's `lr` (fewer elements than ranks), of 8 doubles the ring; a reduce and a
// scan of 3 ints. The trace must say elements and their size (the test replays it with Open MPI's selector against
// SMPI's run under its ompi selector).
#include "expect.h"

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double one = rank, sum, eight[8] = {0}, sums[8];
  int three[3] = {rank, rank, rank}, out[3];
  for (int i = 0; i < 5; i++) {
    spin(100e-6); MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    spin(100e-6); MPI_Allreduce(eight, sums, 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    spin(100e-6); MPI_Reduce(three, out, 3, MPI_INT, MPI_SUM, 1, MPI_COMM_WORLD);
    spin(100e-6); MPI_Scan(three, out, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  }
  expect(rank, "allreduce", 10);
  expect(rank, "reduce", 5);
  expect(rank, "scan", 5);
  finish(rank);
  MPI_Finalize();
  return 0;
}
