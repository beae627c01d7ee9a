// Many small requests in flight at once, completed by every kind of wait and test: Open MPI returns one shared
// handle for each isend that completes at once (and for each request with MPI_PROC_NULL), so the tracer must tell
// requests apart by its own count, not by their handles. Each round, each rank posts 2 irecv and 2 isend of 8 bytes
// (to its two ring neighbours), then completes them with one of: MPI_Waitall, MPI_Testall in a loop, MPI_Waitsome,
// MPI_Testsome, MPI_Waitany, MPI_Wait in reverse order, MPI_Test on each. Large isends (rendezvous, a handle each)
// are mixed in every fourth round. With the argument `waits`, only the waits complete them (SMPI's reference run:
// the time of a polling loop of tests is the traced machine's, so a replay of it is not SMPI's).
#include "expect.h"

#include <stdlib.h>
#include <string.h>

#define ROUNDS 70 // 10 of each completion kind
#define SMALL 8
#define LARGE (96 * 1024)

static void complete(int kind, MPI_Request* requests, int n)
{
  int indices[4], done = 0, index;
  switch (kind) {
    case 0: MPI_Waitall(n, requests, MPI_STATUSES_IGNORE); break;
    case 1:
      while (!done)
        MPI_Testall(n, requests, &done, MPI_STATUSES_IGNORE);
      break;
    case 2:
    case 3:
      for (int left = n; left > 0;) {
        int count = 0;
        if (kind == 2)
          MPI_Waitsome(n, requests, &count, indices, MPI_STATUSES_IGNORE);
        else
          MPI_Testsome(n, requests, &count, indices, MPI_STATUSES_IGNORE);
        if (count != MPI_UNDEFINED)
          left -= count;
      }
      break;
    case 4:
      for (int k = 0; k < n; k++)
        MPI_Waitany(n, requests, &index, MPI_STATUS_IGNORE);
      break;
    case 5:
      for (int k = n - 1; k >= 0; k--)
        MPI_Wait(&requests[k], MPI_STATUS_IGNORE);
      break;
    default:
      for (int k = 0; k < n; k++)
        for (done = 0; !done;)
          MPI_Test(&requests[k], &done, MPI_STATUS_IGNORE);
  }
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int size, rank;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  static char out[2][LARGE], in[2][LARGE];
  long requests = 0;
  int waits_only = argc > 1 && strcmp(argv[1], "waits") == 0;
  for (int round = 0; round < ROUNDS; round++) {
    int bytes = round % 4 == 3 ? LARGE : SMALL;
    MPI_Request r[4];
    MPI_Irecv(in[0], bytes, MPI_CHAR, left, round, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(in[1], bytes, MPI_CHAR, right, round, MPI_COMM_WORLD, &r[1]);
    MPI_Isend(out[0], bytes, MPI_CHAR, right, round, MPI_COMM_WORLD, &r[2]);
    MPI_Isend(out[1], bytes, MPI_CHAR, left, round, MPI_COMM_WORLD, &r[3]);
    requests += 4;
    spin(50e-6);
    complete(argc > 2 ? atoi(argv[2]) : waits_only ? (int[]){0, 2, 4, 5}[round % 4] : round % 7, r, 4);
  }
  expect(rank, "requests", requests);
  expect(rank, "completions", requests);
  finish(rank);
  MPI_Finalize();
  return 0;
}
