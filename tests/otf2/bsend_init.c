/* Persistent buffered sends: each start of an MPI_Bsend_init request completes once its message is copied into the
 * attached buffer, as MPI_Bsend does. Rank 0 starts a 1 MiB buffered send to rank 1 (tag 2) with MPI_Start and waits
 * for it, computes, starts it again with MPI_Startall and tests it until it completes; rank 1 computes first, then
 * receives both messages. */
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
    int size     = 2 * (kBytes + MPI_BSEND_OVERHEAD);  // both messages may wait in it
    char* buffer = malloc((size_t)size);
    MPI_Buffer_attach(buffer, size);
    MPI_Request request;
    MPI_Bsend_init(data, kBytes, MPI_CHAR, 1, 2, MPI_COMM_WORLD, &request);
    MPI_Start(&request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    work(20000000);
    MPI_Startall(1, &request);
    int done = 0;
    while (!done)
      MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    MPI_Request_free(&request);
    MPI_Buffer_detach(&buffer, &size);
    free(buffer);
  } else if (rank == 1) {
    work(20000000);
    MPI_Recv(data, kBytes, MPI_CHAR, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(data, kBytes, MPI_CHAR, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  free(data);
  MPI_Finalize();
  return 0;
}
