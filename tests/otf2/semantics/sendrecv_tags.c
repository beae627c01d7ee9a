// MPI_Sendrecv and MPI_Sendrecv_replace against the other point-to-point calls, each side with its own tags
// (ranks paired 0-1, 2-3): the trace must keep both tags of a sendrecv for it to match a tagged send, recv or irecv.
// The two-rank case first: rank 0 MPI_Send(tag 7) then MPI_Recv(tag 7), rank 1 one MPI_Sendrecv(7, 7).
#include "expect.h"

#define SMALL 64
#define LARGE (128 * 1024) // bytes: over the detached threshold, a rendezvous

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int peer = rank ^ 1;
  static char a[LARGE], b[LARGE];
  MPI_Request request;
  if (rank % 2 == 0) {
    MPI_Send(a, SMALL, MPI_CHAR, peer, 7, MPI_COMM_WORLD);
    MPI_Recv(b, SMALL, MPI_CHAR, peer, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    spin(300e-6);
    // against a sendrecv with different send and receive tags
    MPI_Irecv(b, LARGE, MPI_CHAR, peer, 9, MPI_COMM_WORLD, &request);
    MPI_Send(a, LARGE, MPI_CHAR, peer, 8, MPI_COMM_WORLD);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    spin(300e-6);
    // against a sendrecv_replace, the messages crossing in the other order
    MPI_Recv(b, SMALL, MPI_CHAR, peer, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(a, SMALL, MPI_CHAR, peer, 3, MPI_COMM_WORLD);
    spin(300e-6);
    // sendrecv against sendrecv, tags 5 one way and 6 the other; then any tag received
    MPI_Sendrecv(a, LARGE, MPI_CHAR, peer, 5, b, LARGE, MPI_CHAR, peer, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(a, SMALL, MPI_CHAR, peer, 11, b, SMALL, MPI_CHAR, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    expect(rank, "send", 3);
    expect(rank, "recv", 2);
    expect(rank, "irecv", 1);
    expect(rank, "sendrecv", 2);
  } else {
    MPI_Sendrecv(a, SMALL, MPI_CHAR, peer, 7, b, SMALL, MPI_CHAR, peer, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    spin(300e-6);
    MPI_Sendrecv(a, LARGE, MPI_CHAR, peer, 9, b, LARGE, MPI_CHAR, peer, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    spin(300e-6);
    MPI_Sendrecv_replace(b, SMALL, MPI_CHAR, peer, 4, peer, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    spin(300e-6);
    MPI_Sendrecv(a, LARGE, MPI_CHAR, peer, 6, b, LARGE, MPI_CHAR, peer, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(a, SMALL, MPI_CHAR, peer, 12, b, SMALL, MPI_CHAR, peer, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    expect(rank, "sendrecv", 5);
  }
  expect(rank, "requests", rank % 2 == 0 ? 1 : 0);
  finish(rank);
  MPI_Finalize();
  return 0;
}
