/* Computation the tests' MPI programs time: n turns of a loop the compiler keeps. */
#pragma once

static double work(long n)
{
  volatile double x = 0;
  for (long i = 0; i < n; i++)
    x += 1e-9 * (double)i;
  return x;
}
