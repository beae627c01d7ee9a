// Ping-pongs between ranks 0 and 1, 2 and 3, ... at once, for tests/lab/lab_test.sh: each rank prints its host name,
// each even rank the median round trip of 1 byte (over 9 batches of 100) and of 4 MiB (over 3) with its partner, as
// `round_trip BYTES SECONDS RANK`.
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int by_value(const void* a, const void* b)
{
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size, length;
  char name[MPI_MAX_PROCESSOR_NAME];
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int partner = rank ^ 1;
  MPI_Get_processor_name(name, &length);
  printf("host %d %s\n", rank, name);
  const int sizes[2] = {1, 4 << 20}, batches[2] = {9, 3}, repeats[2] = {100, 1};
  char* buffer = calloc(4 << 20, 1);
  for (int s = 0; s < 2; s++) {
    double times[9];
    for (int b = 0; b < batches[s]; b++) {
      MPI_Barrier(MPI_COMM_WORLD);
      double start = MPI_Wtime();
      for (int i = 0; i < repeats[s]; i++) {
        if (partner >= size) {
          // an odd rank out: no partner
        } else if (rank % 2 == 0) {
          MPI_Send(buffer, sizes[s], MPI_CHAR, partner, 0, MPI_COMM_WORLD);
          MPI_Recv(buffer, sizes[s], MPI_CHAR, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
          MPI_Recv(buffer, sizes[s], MPI_CHAR, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(buffer, sizes[s], MPI_CHAR, partner, 0, MPI_COMM_WORLD);
        }
      }
      times[b] = (MPI_Wtime() - start) / repeats[s];
    }
    qsort(times, (size_t)batches[s], sizeof times[0], by_value);
    if (rank % 2 == 0 && partner < size)
      printf("round_trip %d %.9f %d\n", sizes[s], times[batches[s] / 2], rank);
  }
  free(buffer);
  MPI_Finalize();
  return 0;
}
