/* Two threads of each rank calling MPI at once (MPI_THREAD_MULTIPLE), as PT-Scotch's do: the main thread's calls are
 * traced, the second thread's are not, and the tracer says how many it left out. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static MPI_Comm second;

static void* other(void* arg)
{
  (void)arg;
  int x = 1, sum = 0;
  for (int i = 0; i < 3; i++)
    MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, second);
  return NULL;
}

int main(int argc, char** argv)
{
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE) {
    fprintf(stderr, "threads: MPI_THREAD_MULTIPLE not provided\n");
    MPI_Abort(MPI_COMM_WORLD, 77);
  }
  MPI_Comm_dup(MPI_COMM_WORLD, &second);
  pthread_t thread;
  pthread_create(&thread, NULL, other, NULL);
  int x = 2, sum = 0;
  MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  pthread_join(thread, NULL);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Comm_free(&second);
  MPI_Finalize();
  return 0;
}
