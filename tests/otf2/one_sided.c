/* One-sided communication in every synchronisation mode, on 3 ranks (tests/otf2/one_sided.sh): fence, post/start/
 * complete/wait, lock/unlock with a flush, a lock with MPI_MODE_NOCHECK, lock_all with atomics, request forms and
 * flushes. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 3) {
    fprintf(stderr, "one_sided: run on 3 ranks\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  double local[1000], result[100];
  long one = 1, old = 0;
  int flag = 1, compare = 0, seen = 0;
  for (int i = 0; i < 1000; i++)
    local[i] = rank + i;
  double* base;
  MPI_Win win;
  MPI_Win_allocate(1000 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);

  /* fence: rank 0 puts 100 doubles into rank 1, rank 1 gets 50 from rank 2 */
  MPI_Win_fence(0, win);
  if (rank == 0)
    MPI_Put(local, 100, MPI_DOUBLE, 1, 0, 100, MPI_DOUBLE, win);
  if (rank == 1)
    MPI_Get(local, 50, MPI_DOUBLE, 2, 0, 50, MPI_DOUBLE, win);
  MPI_Win_fence(0, win);

  /* post/start/complete/wait: rank 1 exposes its window to 0 and 2, which accumulate 10 doubles into it */
  MPI_Group world, origins, target;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int two[2] = {0, 2}, mid = 1;
  MPI_Group_incl(world, 2, two, &origins);
  MPI_Group_incl(world, 1, &mid, &target);
  if (rank == 1) {
    MPI_Win_post(origins, 0, win);
    MPI_Win_wait(win);
  } else {
    MPI_Win_start(target, 0, win);
    MPI_Accumulate(local, 10, MPI_DOUBLE, 1, 0, 10, MPI_DOUBLE, MPI_SUM, win);
    MPI_Win_complete(win);
  }

  /* lock/unlock: rank 0 locks rank 2's window, puts, flushes, gets */
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 2, 0, win);
    MPI_Put(local, 100, MPI_DOUBLE, 2, 100, 100, MPI_DOUBLE, win);
    MPI_Win_flush(2, win);
    MPI_Get(local, 50, MPI_DOUBLE, 2, 200, 50, MPI_DOUBLE, win);
    MPI_Win_unlock(2, win);
    /* nobody else locks rank 1's window before the barrier: the lock may skip asking for it */
    MPI_Win_lock(MPI_LOCK_SHARED, 1, MPI_MODE_NOCHECK, win);
    MPI_Get(local, 10, MPI_DOUBLE, 1, 300, 10, MPI_DOUBLE, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);

  /* lock_all: atomics on the next rank, request forms, flushes */
  int next = (rank + 1) % size;
  MPI_Win_lock_all(0, win);
  MPI_Fetch_and_op(&one, &old, MPI_LONG, next, 500, MPI_SUM, win);
  /* (an 8-byte compare-and-swap crashes Open MPI 4.1.4's osc/rdma over vader: a 4-byte one) */
  MPI_Compare_and_swap(&flag, &compare, &seen, MPI_INT, next, 501, win);
  MPI_Get_accumulate(local, 20, MPI_DOUBLE, result, 20, MPI_DOUBLE, next, 600, 20, MPI_DOUBLE, MPI_SUM, win);
  MPI_Win_flush_all(win);
  MPI_Request put, get;
  MPI_Rput(local, 30, MPI_DOUBLE, next, 700, 30, MPI_DOUBLE, win, &put);
  MPI_Rget(result, 30, MPI_DOUBLE, next, 800, 30, MPI_DOUBLE, win, &get);
  MPI_Wait(&put, MPI_STATUS_IGNORE);
  MPI_Waitall(1, &get, MPI_STATUSES_IGNORE);
  MPI_Put(local, 5, MPI_DOUBLE, MPI_PROC_NULL, 0, 5, MPI_DOUBLE, win);
  MPI_Win_flush_local(next, win);
  MPI_Win_sync(win);
  MPI_Win_unlock_all(win);

  MPI_Group_free(&origins);
  MPI_Group_free(&target);
  MPI_Group_free(&world);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
