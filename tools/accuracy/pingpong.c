// Ping-pong between ranks 0 and 1 (tools/accuracy/measure.sh, tools/lab/calibrate.sh): their hosts' names as
// `# hosts HOST_0 HOST_1` (one host twice: the table is that host's memory, not a network); for each size from 1
// byte to LARGEST (the argument, default 4 MiB; powers of two, and quarters between 32 KiB and 256 KiB, where MPIs
// switch from eager to rendezvous), the median round trip of 7 batches, printed as `SIZE SECONDS` lines, the
// table `tireplay calibrate pingpong` reads; then the cost of one unsuccessful MPI_Test (a receive nobody matches),
// as a comment line `# test SECONDS` (smpi/test), after the one-sided calls' costs (one_sided_costs). A batch is as many round trips as take about 20 ms (from one
// untimed round trip, 1 to 200), so that a slow network's large sizes take seconds, not hours. Then the same sizes
// exchanged (both ranks in MPI_Sendrecv at once, back to back: each batch after untimed exchanges, at least 2 timed),
// as comment lines `# exchange SIZE SECONDS`: where an exchange takes twice a one-way message, the transport does
// not carry both ways at once (`tireplay calibrate pingpong --exchange`: tireplay/both-ways-factor). The untimed
// exchanges of a batch take about 100 ms (1 to 4 of them): over Open MPI's TCP a sequence reaches its steady mode
// only from its third or fourth exchange at 100 Mbit/s and 128 KiB (docs/lab.md), and batches that start timing
// earlier measure one mode or the other from run to run.
// The first exchange after a pause may run both ways at once where the next ones do not (Open MPI's TCP
// rendezvous; tools/lab/exchanges.c): from 32 KiB to LARGEST, single exchanges, each after a barrier and a pause of
// 2 ms (the median of 7; the slower rank's time), as `# exchange-after-pause SIZE SECONDS` lines
// (`--exchange-after-pause`: tireplay/both-ways-factor-after-pause). Then, with a second argument `windows`, from 64
// KiB to LARGEST (powers of two), the gap of computation from which a sequence of exchanges runs both ways at once: after a barrier and two
// exchanges back to back, five exchanges each after a gap (0, 0.1, 0.3, 1, 3, 10, 30, 100 ms, in turn until one
// is), no collective in between (a barrier would let the transport's queues drain); where an exchange's share of
// the sequence, its gap aside (the slower rank's), is less than 1.5 times one way, the gap is wide enough: `# exchange-window SIZE SECONDS`, the geometric
// mean of that gap and the one before it (0 where even gap 0 is; 0.2 s where none is), tireplay/both-ways-window
// (`--exchange-windows`; docs/lab.md: 2-5 ms at 256 KiB, 20-40 ms from 1 MiB at 100 Mbit/s). Last, whether a rendezvous message moves while
// its receiver computes (the transport progresses outside MPI calls) or only once it waits: the table's largest size
// up to 256 KiB (256 KiB, or the largest under it when LARGEST is smaller) sent to a rank that computes after
// MPI_Irecv, as `# async-progress yes|no` (no: its MPI_Wait took more than half the message's one-way time, the median
// of 3; tireplay/async-progress, docs/calibration.md). That size must be 128 KiB or more (LARGEST >= 128 KiB), a
// rendezvous in every MPI we know of: with a smaller LARGEST, no `# async-progress` line is printed.
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int by_value(const void* a, const void* b)
{
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

static void exchange(int rank, char* buffer, int size)
{
  if (rank < 2)
    MPI_Sendrecv(buffer, size, MPI_BYTE, 1 - rank, 1, buffer + size, size, MPI_BYTE, 1 - rank, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
}

static void round_trip(int rank, char* buffer, int size)
{
  if (rank == 0) {
    MPI_Send(buffer, size, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(buffer, size, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Recv(buffer, size, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(buffer, size, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
  }
}

static void spin(double seconds)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  double until = t.tv_sec + 1e-9 * t.tv_nsec + seconds, now;
  do {
    clock_gettime(CLOCK_MONOTONIC, &t);
    now = t.tv_sec + 1e-9 * t.tv_nsec;
  } while (now < until);
}

// The median of 7 single exchanges of `size`, each after a barrier and 2 ms of computation: the slower rank's time.
static double after_pause(int rank, char* buffer, int size)
{
  double times[7];
  for (int i = 0; i < 7; i++) {
    MPI_Barrier(MPI_COMM_WORLD);
    spin(2e-3);
    double start = MPI_Wtime();
    exchange(rank, buffer, size);
    double mine = MPI_Wtime() - start;
    MPI_Allreduce(&mine, &times[i], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  qsort(times, 7, sizeof times[0], by_value);
  return times[3];
}

// The gap of computation from which exchanges of `size` in a sequence run both ways at once (0: even back to back;
// 0.2: none of the gaps tried): see the top of this file. `one_way`: half the round trip of `size`.
static double exchange_window(int rank, char* buffer, int size, double one_way)
{
  static const double gaps[] = {0, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2, 1e-1};
  const int count = sizeof gaps / sizeof gaps[0];
  for (int g = 0; g < count; g++) {
    MPI_Barrier(MPI_COMM_WORLD);
    exchange(rank, buffer, size);
    exchange(rank, buffer, size);
    double start = MPI_Wtime();
    for (int i = 0; i < 5; i++) {
      spin(gaps[g]);
      exchange(rank, buffer, size);
    }
    double mine = (MPI_Wtime() - start) / 5 - gaps[g], slower;  // an exchange's share of the sequence, gap aside
    MPI_Allreduce(&mine, &slower, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0 && getenv("PINGPONG_DEBUG"))
      fprintf(stderr, "size %d gap %g: %.2f\n", size, gaps[g], slower / one_way);
    if (slower < 1.5 * one_way)
      return g == 0 ? 0 : sqrt(gaps[g] * (g == 1 ? gaps[g] / 3 : gaps[g - 1]));
  }
  return 0.2;
}

// Rank 1 posts a receive of `size` bytes, then computes; rank 0 sends after 1 ms. The time rank 1's MPI_Wait takes
// (the median of 3): about the message's one-way time if its bytes waited for the receiver to enter MPI, next to
// nothing if they moved meanwhile.
static double wait_after_computing(int rank, char* buffer, int size, double one_way)
{
  double times[3];
  for (int i = 0; i < 3; i++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double waited = 0;
    if (rank == 1) {
      MPI_Request request;
      MPI_Irecv(buffer, size, MPI_BYTE, 0, 77, MPI_COMM_WORLD, &request);
      spin(0.02 + 3 * one_way);
      double start = MPI_Wtime();
      MPI_Wait(&request, MPI_STATUS_IGNORE);
      waited = MPI_Wtime() - start;
    } else if (rank == 0) {
      spin(1e-3);
      MPI_Send(buffer, size, MPI_BYTE, 1, 77, MPI_COMM_WORLD);
    }
    MPI_Allreduce(&waited, &times[i], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  qsort(times, 3, sizeof times[0], by_value);
  return times[1];
}

// The median of 7 batches of `step` (seconds per step), a batch taking about 20 ms and at least `least` steps,
// after untimed ones taking about `warm` seconds (1 to 4 steps; none if `warm` is 0).
static double timed(void (*step)(int, char*, int), int rank, char* buffer, int size, int least, double warm_seconds)
{
  double once = MPI_Wtime();  // one untimed step, which also sets up the protocol for this size
  step(rank, buffer, size);
  once           = MPI_Wtime() - once;
  double fit     = once > 0 ? 0.02 / once : 200;  // clamped as a double: a tiny `once` overflows an int
  int iterations = fit < least ? least : fit > 200 ? 200 : (int)fit;
  double steps   = once > 0 ? warm_seconds / once : 4;
  int warm       = warm_seconds <= 0 ? 0 : steps < 1 ? 1 : steps > 4 ? 4 : (int)steps;
  MPI_Bcast(&iterations, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Bcast(&warm, 1, MPI_INT, 0, MPI_COMM_WORLD);
  double batches[7];
  for (int b = 0; b < 7; b++) {
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < warm; i++)
      step(rank, buffer, size);
    double start = MPI_Wtime();
    for (int i = 0; i < iterations; i++)
      step(rank, buffer, size);
    batches[b] = (MPI_Wtime() - start) / iterations;
  }
  qsort(batches, 7, sizeof batches[0], by_value);
  return batches[3];
}

/// Whether one-sided transfers need their target inside MPI (tireplay/rma-target-progress): rank 1 computes 20 ms
/// plus 3 round trips while rank 0 puts 8 bytes into its window and flushes; the flush's time, the median of 3, as
/// `# rma-flush-while-target-computes SECONDS`, then `# rma-target-progress yes` where it took more than half the
/// computation (Open MPI's osc/pt2pt), else `no` (the target's CPU takes no part: osc/rdma, shared memory).
static void target_progress(int rank, MPI_Win win, double round_trip)
{
  const double computing = 0.02 + 3 * round_trip;
  double times[3];
  for (int i = 0; i < 3; i++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double flushed = 0;
    if (rank == 1) {
      spin(computing);
    } else if (rank == 0) {
      double value = 1, start = MPI_Wtime();
      MPI_Put(&value, 1, MPI_DOUBLE, 1, 0, 1, MPI_DOUBLE, win);
      MPI_Win_flush(1, win);
      flushed = MPI_Wtime() - start;
    }
    MPI_Allreduce(&flushed, &times[i], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  qsort(times, 3, sizeof times[0], by_value);
  if (rank == 0)
    printf("# rma-flush-while-target-computes %.9e (it computes %.9e)\n# rma-target-progress %s\n", times[1],
           computing, times[1] > computing / 2 ? "yes" : "no");
}

/// One-sided calls' CPU time (tireplay/win-create-cpu, win-free-cpu, rma-call-cpu): MPI_Win_allocate and MPI_Win_free
/// of 8 KiB and 1 MiB windows, each after a barrier (the mean of 50, the slower rank's), as `# win-create SIZE
/// SECONDS` and `# win-free SIZE SECONDS` lines; then MPI_Win_flush_local_all with nothing to complete under
/// MPI_Win_lock_all (the mean of 20,000; a call that sends nothing in every one-sided component: osc/pt2pt's
/// MPI_Win_flush_all is a round trip to each rank), as `# rma-call SECONDS`; then target_progress().
static void one_sided_costs(int rank, double round_trip)
{
  // An MPI without a one-sided component for this transport (Open MPI 4.1 over TCP between nodes: its osc/rdma
  // needs the network's atomics) fails MPI_Win_allocate: then nothing is measured, and said so.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  double* probe;
  MPI_Win test_win;
  int works = MPI_Win_allocate(8, 8, MPI_INFO_NULL, MPI_COMM_WORLD, &probe, &test_win) == MPI_SUCCESS, all = 0;
  MPI_Allreduce(&works, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (works)
    MPI_Win_free(&test_win);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  if (!all) {
    if (rank == 0)
      printf("# one-sided communication unavailable here (MPI_Win_allocate failed): no # win-create lines\n");
    return;
  }
  const long sizes[] = {8192, 1 << 20};
  for (int s = 0; s < 2; s++) {
    double created = 0, freed = 0;
    const int n = 50;
    for (int i = 0; i < n; i++) {
      double* base;
      MPI_Win win;
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      MPI_Win_allocate(sizes[s], 8, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
      double t1 = MPI_Wtime();
      MPI_Win_free(&win);
      created += t1 - t0, freed += MPI_Wtime() - t1;
    }
    double mine[2] = {created / n, freed / n}, slower[2];
    MPI_Reduce(mine, slower, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
      printf("# win-create %ld %.9e\n# win-free %ld %.9e\n", sizes[s], slower[0], sizes[s], slower[1]);
  }
  double* base;
  MPI_Win win;
  MPI_Win_allocate(8192, 8, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_lock_all(0, win);
  const int calls = 20000;
  double start = MPI_Wtime();
  for (int i = 0; i < calls; i++)
    MPI_Win_flush_local_all(win);
  double mine = (MPI_Wtime() - start) / calls, slower;
  target_progress(rank, win, round_trip);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Reduce(&mine, &slower, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("# rma-call %.9e\n", slower);
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int largest = argc > 1 ? atoi(argv[1]) : 4 << 20;
  if (largest < 1 || largest > (1 << 30)) {
    if (rank == 0)
      fprintf(stderr, "pingpong: the largest size '%s' is not 1 to 2^30 bytes\n", argv[1]);
    MPI_Abort(MPI_COMM_WORLD, 2);
    return 2;
  }
  const int windows = argc > 2 && strcmp(argv[2], "windows") == 0;
  if (argc > 2 && !windows) {
    if (rank == 0)
      fprintf(stderr, "pingpong: usage: pingpong [LARGEST [windows]]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
    return 2;
  }
  char* buffer = calloc(2 * (size_t)largest, 1);  // an exchange receives beside what it sends
  if (buffer == NULL) {
    fprintf(stderr, "pingpong: no memory for 2 x %d bytes\n", largest);
    MPI_Abort(MPI_COMM_WORLD, 2);
    return 2;
  }
  // Where the two ranks run: `calibrate pingpong` refuses a table of one host as a network's (docs/calibration.md)
  char host[MPI_MAX_PROCESSOR_NAME] = "", other[MPI_MAX_PROCESSOR_NAME] = "";
  int length;
  MPI_Get_processor_name(host, &length);
  if (rank == 1)
    MPI_Send(host, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
  else if (rank == 0)
    MPI_Recv(other, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (rank == 0)
    printf("# bytes round_trip_seconds (tools/accuracy/pingpong.c)\n# hosts %s %s\n", host, other);
  int sizes[64], count = 0;  // 31 powers of two and 12 quarters at most
  for (long size = 1; size <= largest; size *= 2) {
    sizes[count++] = (int)size;
    for (long quarter = 5; size >= 32768 && size < 262144 && quarter < 8 && size / 4 * quarter <= largest; quarter++)
      sizes[count++] = (int)(size / 4 * quarter);
  }
  double one_way = 0, round_trips[64];  // one way: of the progress check's size
  int checked = 0;  // the progress check's size: the table's largest up to 256 KiB (a LARGEST between is no size)
  for (int i = 0; i < count; i++)
    if (sizes[i] <= 262144)
      checked = sizes[i];
  for (int i = 0; i < count; i++) {
    double median = timed(round_trip, rank, buffer, sizes[i], 1, 0);
    round_trips[i] = median;
    if (rank == 0)
      printf("%d %.9e\n", sizes[i], median);
    if (sizes[i] == checked)
      one_way = median / 2;
  }
  MPI_Bcast(round_trips, count, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  for (int i = 0; i < count; i++) {
    double median = timed(exchange, rank, buffer, sizes[i], 2, 0.1);
    if (rank == 0)
      printf("# exchange %d %.9e\n", sizes[i], median);
  }
  for (int i = 0; i < count; i++) {
    if (sizes[i] < 32768)
      continue;
    double median = after_pause(rank, buffer, sizes[i]);
    if (rank == 0)
      printf("# exchange-after-pause %d %.9e\n", sizes[i], median);
  }
  for (int i = 0; windows && i < count; i++) {
    if (sizes[i] < 65536 || (sizes[i] & (sizes[i] - 1)) != 0)
      continue;
    double window = exchange_window(rank, buffer, sizes[i], round_trips[i] / 2);
    if (rank == 0)
      printf("# exchange-window %d %.9e\n", sizes[i], window);
  }
  if (checked >= 131072) {  // a rendezvous in every MPI we know of
    MPI_Bcast(&one_way, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    double waited = wait_after_computing(rank, buffer, checked, one_way);
    if (rank == 0)
      printf("# a receiver computing after MPI_Irecv waits %.9e s for %d bytes (one way: %.9e s)\n"
             "# async-progress %s\n", waited, checked, one_way, waited > one_way / 2 ? "no" : "yes");
  }
  one_sided_costs(rank, round_trips[0]);
  if (rank == 0) {
    MPI_Request request;
    int flag       = 0;
    const int tests = 200000;
    MPI_Irecv(buffer, 1, MPI_BYTE, MPI_ANY_SOURCE, 12345, MPI_COMM_WORLD, &request);
    double start = MPI_Wtime();
    for (int i = 0; i < tests; i++)
      MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
    printf("# test %.9e\n", (MPI_Wtime() - start) / tests);
    MPI_Cancel(&request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  }
  free(buffer);
  MPI_Finalize();
  return 0;
}
