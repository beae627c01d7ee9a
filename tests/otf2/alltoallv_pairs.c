// Alltoallv and alltoallw whose per-pair counts the members' totals do not tell (tests/otf2/alltoallv_counts.sh, 4
// ranks): the tracer records each rank's bytes to each rank, and otf2ti writes them exactly.
// 1. MPI_Alltoallv on MPI_COMM_WORLD: rank r sends 1000 (r + 1) bytes to rank r ^ 1 only (MPI_INT);
// 2. MPI_Alltoallw: rank r sends 8 (j + 1) bytes to rank j (MPI_DOUBLE), and receives 8 (r + 1) bytes from each
//    (MPI_BYTE);
// 3. MPI_Ialltoallv on the halves {0, 2}, {1, 3}: 40 bytes to the other member, none to itself;
// 4. MPI_Alltoallv in place: 8 bytes between every two ranks.
#include <mpi.h>

#include <stdlib.h>

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int* buffer = calloc(1 << 16, sizeof(double));
  int* out    = calloc(1 << 16, sizeof(double));
  int sc[4], sd[4], rc[4], rd[4];
  MPI_Datatype st[4], rt[4];

  for (int j = 0; j < size; j++) {
    sc[j] = j == (rank ^ 1) ? 250 * (rank + 1) : 0;
    rc[j] = j == (rank ^ 1) ? 250 * (j + 1) : 0;
    sd[j] = rd[j] = 0;
  }
  MPI_Alltoallv(buffer, sc, sd, MPI_INT, out, rc, rd, MPI_INT, MPI_COMM_WORLD);

  for (int j = 0; j < size; j++) {
    sc[j] = j + 1;
    sd[j] = 8 * 4 * j;
    st[j] = MPI_DOUBLE;
    rc[j] = 8 * (rank + 1);
    rd[j] = 8 * 4 * j;
    rt[j] = MPI_BYTE;
  }
  MPI_Alltoallw(buffer, sc, sd, st, out, rc, rd, rt, MPI_COMM_WORLD);

  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  int me;
  MPI_Comm_rank(half, &me);
  for (int j = 0; j < 2; j++) {
    sc[j] = rc[j] = j == me ? 0 : 10;
    sd[j] = rd[j] = 0;
  }
  MPI_Request request;
  MPI_Ialltoallv(buffer, sc, sd, MPI_INT, out, rc, rd, MPI_INT, half, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Comm_free(&half);

  for (int j = 0; j < size; j++) {
    rc[j] = 2;
    rd[j] = 2 * j;
  }
  MPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_INT, out, rc, rd, MPI_INT, MPI_COMM_WORLD);
  free(buffer);
  free(out);
  MPI_Finalize();
  return 0;
}
