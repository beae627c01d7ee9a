// What a program of tests/otf2/semantics tells its test to find in its trace: "expect RANK WHAT COUNT" lines on
// standard output (WHAT: an action name, "requests", "completions", or "proc_null MPI_Function"), and a short
// computation between calls (spin), so that the trace's computations can be checked too. Built with smpicc (SMPI_H),
// the program is the reference of the replay's time: there, spin does nothing (SMPI's clock_gettime advances the
// simulated clock at each call), and the replay is of the trace without its computations.
#pragma once
#include <mpi.h>
#include <stdio.h>
#include <time.h>

static inline double cpu_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/// Computes for `seconds` of this thread's CPU time.
static inline void spin(double seconds)
{
#ifdef SMPI_H
  return;
#endif
  double start = cpu_seconds();
  volatile double x = 0;
  while (cpu_seconds() - start < seconds)
    for (int i = 0; i < 1000; i++)
      x = x + 1e-9 * i;
}

static inline void expect(int rank, const char* what, long count)
{
  printf("expect %d %s %ld\n", rank, what, count);
}

/// Under SMPI, before MPI_Finalize: "finish RANK SECONDS", the rank's simulated time.
static inline void finish(int rank)
{
#ifdef SMPI_H
  printf("finish %d %.9f\n", rank, MPI_Wtime());
#else
  (void)rank;
#endif
}
