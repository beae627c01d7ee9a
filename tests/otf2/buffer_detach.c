/* MPI_Buffer_detach blocks until the buffered messages have left: rank 0 attaches a buffer, sends 1 MiB to rank 1
 * with MPI_Bsend (tag 0) and detaches the buffer at once, which returns once rank 1, computing about 0.1 s first, has
 * received the message. Rank 0 computes nothing of its own. */
#include <mpi.h>

#include "work.h"
#include <stdlib.h>

enum { kBytes = 1 << 20 };

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char* data = calloc(kBytes, 1);
  if (rank == 0) {
    int size     = kBytes + MPI_BSEND_OVERHEAD;
    char* buffer = malloc((size_t)size);
    MPI_Buffer_attach(buffer, size);
    MPI_Bsend(data, kBytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    MPI_Buffer_detach(&buffer, &size);  // blocks until rank 1 has received
    free(buffer);
  } else if (rank == 1) {
    work(100000000);
    MPI_Recv(data, kBytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  free(data);
  MPI_Finalize();
  return 0;
}
