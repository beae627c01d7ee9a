// MPI_PROC_NULL in every kind of point-to-point call, each between two computations: the call leaves no action,
// is counted once under its own name (`# proc_null`), and the computations on either side become one. A real
// message between ranks 0 and 1 (2 and 3) closes each phase, so that the replay has something to time.
#include "expect.h"

#include <stdlib.h>

#define WORK 300e-6
#define N 16

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int none = MPI_PROC_NULL;
  int peer = rank ^ 1;
  static double x[N], y[N];
  int buffer_size = 4 * (N * (int)sizeof(double) + MPI_BSEND_OVERHEAD);
  void* buffer    = malloc((size_t)buffer_size);
  MPI_Buffer_attach(buffer, buffer_size);
  MPI_Request r, pair[2];
  MPI_Status status;
  int flag;

  spin(WORK); MPI_Send(x, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD);
  spin(WORK); MPI_Ssend(x, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD);
  spin(WORK); MPI_Bsend(x, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD);
  spin(WORK); MPI_Rsend(x, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD);
  spin(WORK); MPI_Recv(y, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &status);
  spin(WORK); MPI_Sendrecv(x, N, MPI_DOUBLE, none, 0, y, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &status);
  spin(WORK); MPI_Sendrecv_replace(y, N, MPI_DOUBLE, none, 0, none, 0, MPI_COMM_WORLD, &status);
  spin(WORK); MPI_Probe(none, 0, MPI_COMM_WORLD, &status);
  spin(WORK); MPI_Iprobe(none, 0, MPI_COMM_WORLD, &flag, &status);
#ifndef SMPI_H  // SMPI 3.32 has no MPI_Mprobe
  MPI_Message message;
  spin(WORK); MPI_Mprobe(none, 0, MPI_COMM_WORLD, &message, &status);
  MPI_Mrecv(y, N, MPI_DOUBLE, &message, &status);
#endif
  spin(WORK);
  MPI_Sendrecv(x, N, MPI_DOUBLE, peer, 1, y, N, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &status);

  // non-blocking: each request completed by a wait or a test
  spin(WORK); MPI_Isend(x, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &r); MPI_Wait(&r, &status);
  spin(WORK); MPI_Issend(x, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &r); MPI_Wait(&r, &status);
  spin(WORK); MPI_Ibsend(x, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &r);
#ifndef SMPI_H
  MPI_Test(&r, &flag, &status);
#else  // SMPI's test costs smpi/test even on a PROC_NULL request (a native test of it costs next to nothing)
  MPI_Wait(&r, &status);
#endif
  spin(WORK); MPI_Irsend(x, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &r); MPI_Wait(&r, &status);
  spin(WORK); MPI_Irecv(y, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &r); MPI_Wait(&r, &status);
  spin(WORK);
  MPI_Irecv(y, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &pair[0]);
  MPI_Isend(x, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &pair[1]);
  MPI_Waitall(2, pair, MPI_STATUSES_IGNORE);
  spin(WORK);
  // a PROC_NULL request beside a real one, in one waitall
  MPI_Irecv(y, N, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &pair[0]);
  MPI_Isend(x, N, MPI_DOUBLE, none, 2, MPI_COMM_WORLD, &pair[1]);
  MPI_Send(x, N, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD);
  MPI_Waitall(2, pair, MPI_STATUSES_IGNORE);

  // persistent requests: each start counted under MPI_Start (not in the reference: SMPI 3.32 fails on them, "Actor
  // pid=-666 is gone??"; with MPI_PROC_NULL they take no time)
#ifndef SMPI_H
  MPI_Request persistent[2];
  MPI_Send_init(x, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &persistent[0]);
  MPI_Recv_init(y, N, MPI_DOUBLE, none, 0, MPI_COMM_WORLD, &persistent[1]);
  for (int k = 0; k < 3; k++) {
    spin(WORK);
    MPI_Start(&persistent[0]);
    MPI_Start(&persistent[1]);
    MPI_Waitall(2, persistent, MPI_STATUSES_IGNORE);
  }
  MPI_Request_free(&persistent[0]);
  MPI_Request_free(&persistent[1]);
#endif
  spin(WORK);
  MPI_Sendrecv(x, N, MPI_DOUBLE, peer, 3, y, N, MPI_DOUBLE, peer, 3, MPI_COMM_WORLD, &status);

  void* detached;
  MPI_Buffer_detach(&detached, &buffer_size);
  free(buffer);
  const char* calls[] = {"MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend", "MPI_Recv", "MPI_Sendrecv",
                         "MPI_Sendrecv_replace", "MPI_Issend", "MPI_Ibsend", "MPI_Irsend"};
  for (size_t k = 0; k < sizeof calls / sizeof calls[0]; k++)
    expect(rank, calls[k], 0);
  char what[64];
  for (size_t k = 0; k < sizeof calls / sizeof calls[0]; k++) {
    snprintf(what, sizeof what, "proc_null %s", calls[k]);
    expect(rank, what, 1);
  }
  expect(rank, "proc_null MPI_Isend", 3);
  expect(rank, "proc_null MPI_Irecv", 2);
  expect(rank, "proc_null MPI_Start", 6);
  expect(rank, "proc_null MPI_Wait", 0);
  expect(rank, "proc_null MPI_Waitall", 0);
  expect(rank, "sendrecv", 2);
  expect(rank, "send", 1);
  expect(rank, "irecv", 1);
  expect(rank, "requests", 1);
  expect(rank, "completions", 1);
  // one computation between two actions: no two compute lines in a row
  expect(rank, "consecutive computes", 0);
  finish(rank);
  MPI_Finalize();
  return 0;
}
