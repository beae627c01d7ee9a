# mpgrafic (Fortran, use mpi_f08, with FFTW 2's MPI library in C; Debian mpgrafic): cosmological initial
# conditions on a 32^3 grid from its example answers.
app_language="Fortran (mpi_f08) + C"
app_prepare() { cp /usr/share/doc/mpgrafic/examples/Input.stdin .; }
app_command=(mpgrafic --np=32)
app_campaign() { app_command=(mpgrafic --np=160); }  # a 160^3 grid: ~2 s at 2 ranks
app_stdin=Input.stdin
