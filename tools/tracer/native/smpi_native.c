#include "smpi_native.h"

volatile double tireplay_flop_sink;
volatile double tireplay_flop_factor = 0.999999, tireplay_flop_term = 1e-7; /* volatile: nothing to fold */

void smpi_execute_flops(double flops)
{
  double x = tireplay_flop_sink, a = tireplay_flop_factor, b = tireplay_flop_term;
  long n   = (long)(flops / 2);
  for (long i = 0; i < n; i++)
    x = x * a + b; /* 2 flops, each iteration waiting for the previous one */
  tireplay_flop_sink = x;
}
