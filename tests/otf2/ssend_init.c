/* Persistent synchronous sends: each start of an MPI_Ssend_init request completes once the receiver has matched its
 * message, however small, as MPI_Issend's request does. Rank 0 starts an 800-byte synchronous send to rank 1 (tag 3)
 * three times: MPI_Start and MPI_Wait, MPI_Startall and MPI_Test until it completes, MPI_Start and MPI_Wait; rank 1
 * computes before each of its three receives. */
#include <mpi.h>

#include "work.h"

enum { kCount = 100 };

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double data[kCount] = {0};
  if (rank == 0) {
    MPI_Request request;
    MPI_Ssend_init(data, kCount, MPI_DOUBLE, 1, 3, MPI_COMM_WORLD, &request);
    MPI_Start(&request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Startall(1, &request);
    int done = 0;
    while (!done)
      MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    MPI_Start(&request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Request_free(&request);
  } else if (rank == 1) {
    for (int i = 0; i < 3; i++) {
      work(10000000);
      MPI_Recv(data, kCount, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  }
  MPI_Finalize();
  return 0;
}
