# MUMPS (Fortran, mpif.h, with ScaLAPACK; Debian mumps-test): its double-precision simple test, a 5x5 sparse
# system (probes, packed messages, non-blocking sends, tests).
app_language="Fortran (mpif.h)"
app_prepare() { cp /usr/lib/mumps/input_simpletest_real .; }
app_command=(/usr/lib/mumps/dsimpletest)
app_stdin=input_simpletest_real
