/* flop_rate: the rate (flop/s of CPU time) at which smpi_execute_flops runs on this machine: the reference rate
 * to give otf2ti (--flop-rate) for traces of the native programs. Median of 7 runs of 2e8 flops. */
#include "smpi_native.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void* a, const void* b)
{
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

int main(void)
{
  enum { RUNS = 7 };
  const double flops = 2e8;
  double rate[RUNS];
  for (int i = 0; i < RUNS; i++) {
    double t0 = cpu_seconds();
    smpi_execute_flops(flops);
    rate[i] = flops / (cpu_seconds() - t0);
  }
  qsort(rate, RUNS, sizeof rate[0], by_value);
  printf("%.6gf\n", rate[RUNS / 2]); /* f: flop/s, as SimGrid and otf2ti --flop-rate write it */
  return 0;
}
