/* A persistent buffered send started again while its previous message is still in flight: rank 0 starts an
 * MPI_Bsend_init request of 8000 bytes to rank 1 (tag 3) three times, each with MPI_Start and MPI_Wait (the buffer
 * holds 4 such messages); rank 1 computes first, then receives the three. Open MPI 4.1 gives the request a new
 * handle at the second and third starts. (Under Open MPI 4.1 a third start of a 1 MiB request with a buffer for two
 * hangs, tracer or not: the messages are kept small.) */
#include <mpi.h>

#include "work.h"
#include <stdlib.h>

enum { kBytes = 8000 };

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char* data = calloc(kBytes, 1);
  if (rank == 0) {
    int size     = 4 * (kBytes + MPI_BSEND_OVERHEAD);
    char* buffer = malloc((size_t)size);
    MPI_Buffer_attach(buffer, size);
    MPI_Request request;
    MPI_Bsend_init(data, kBytes, MPI_CHAR, 1, 3, MPI_COMM_WORLD, &request);
    for (int i = 0; i < 3; i++) {
      MPI_Start(&request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
    MPI_Request_free(&request);
    MPI_Buffer_detach(&buffer, &size);
    free(buffer);
  } else if (rank == 1) {
    work(20000000);
    for (int i = 0; i < 3; i++)
      MPI_Recv(data, kBytes, MPI_CHAR, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  free(data);
  MPI_Finalize();
  return 0;
}
