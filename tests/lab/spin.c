// Each rank computes for 0.5 s of CPU time and prints `spin RANK ELAPSED_SECONDS` (tests/lab/lab_test.sh: a node
// with a 50% CPU quota takes twice as long).
#include <mpi.h>
#include <stdio.h>
#include <time.h>

static double cpu_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double start = MPI_Wtime(), cpu = cpu_seconds();
  volatile double x = 0;
  while (cpu_seconds() - cpu < 0.5)
    for (int i = 0; i < 10000; i++)
      x = x + i;
  printf("spin %d %.3f\n", rank, MPI_Wtime() - start);
  MPI_Finalize();
  return 0;
}
