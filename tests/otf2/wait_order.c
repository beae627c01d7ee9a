/* Two requests of one key waited in the other order than posted: rank 1 isends 8 bytes, then 1 MB, to rank 0 with
 * tag 1, and waits for the large one first; rank 0 posts both receives (8 bytes, then 1 MB), waits for the large one,
 * computes, then waits for the small one. The replay takes a key's oldest request at a wait: without an index the
 * first wait took the small receive, and the computation overlapped the large one. Then the same with tag 2, rank 0
 * polling the large receive with MPI_Test (a test line would test the small one, the key's oldest). */
#include "work.h"

#include <mpi.h>
#include <stdlib.h>

enum { kLarge = 1 << 20 };

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char small[8] = {0};
  char* large   = calloc(kLarge, 1);
  MPI_Request rs, rl;
  for (int tag = 1; tag <= 2; tag++) {
    if (rank == 0) {
      MPI_Irecv(small, 8, MPI_CHAR, 1, tag, MPI_COMM_WORLD, &rs);
      MPI_Irecv(large, kLarge, MPI_CHAR, 1, tag, MPI_COMM_WORLD, &rl);
      if (tag == 1) {
        MPI_Wait(&rl, MPI_STATUS_IGNORE);
      } else {
        int done = 0;
        while (!done)
          MPI_Test(&rl, &done, MPI_STATUS_IGNORE);
      }
      work(30000000);
      MPI_Wait(&rs, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      MPI_Isend(small, 8, MPI_CHAR, 0, tag, MPI_COMM_WORLD, &rs);
      MPI_Isend(large, kLarge, MPI_CHAR, 0, tag, MPI_COMM_WORLD, &rl);
      MPI_Wait(&rl, MPI_STATUS_IGNORE);
      MPI_Wait(&rs, MPI_STATUS_IGNORE);
    }
  }
  free(large);
  MPI_Finalize();
  return 0;
}
