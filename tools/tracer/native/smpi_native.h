/* Native stand-ins for the SMPI-only calls of the project's MPI programs (traces/programs), so that they also
 * build with Debian's mpicc and run under the tracer: gcc -include smpi_native.h. */
#ifndef TIREPLAY_SMPI_NATIVE_H
#define TIREPLAY_SMPI_NATIVE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Executes `flops` floating-point operations (a dependent multiply-add chain: its rate is the machine's, steady,
 * and measured by tools/tracer/native/flop_rate). */
void smpi_execute_flops(double flops);

#ifdef __cplusplus
}
#endif

#endif
