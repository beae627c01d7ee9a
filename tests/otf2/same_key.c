/* Two sends of one key in flight, the older freed by MPI_Test (as MUMPS frees its buffers): rank 0 isends A and B,
 * both 200 KB to rank 1 with tag 1, tests A until it completes, tells rank 1 (tag 2), then waits for B; rank 1
 * receives A, then the word, then B. A replay whose wait after the test took B would deadlock: B's receive comes
 * after the word, which comes after the wait. */
#include <mpi.h>
#include <stdlib.h>

enum { kBytes = 200000 };

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0, word = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char* a = calloc(kBytes, 1);
  char* b = calloc(kBytes, 1);
  if (rank == 0) {
    MPI_Request ra, rb;
    MPI_Isend(a, kBytes, MPI_CHAR, 1, 1, MPI_COMM_WORLD, &ra);
    MPI_Isend(b, kBytes, MPI_CHAR, 1, 1, MPI_COMM_WORLD, &rb);
    int done = 0;
    while (!done)
      MPI_Test(&ra, &done, MPI_STATUS_IGNORE);
    MPI_Send(&word, 1, MPI_INT, 1, 2, MPI_COMM_WORLD);
    MPI_Wait(&rb, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Recv(a, kBytes, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&word, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(b, kBytes, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  free(a);
  free(b);
  MPI_Finalize();
  return 0;
}
