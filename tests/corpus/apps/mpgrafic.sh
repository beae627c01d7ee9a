# mpgrafic (Fortran, use mpi_f08, with FFTW 2's MPI library in C; Debian mpgrafic): cosmological initial
# conditions on a 32^3 grid from its example answers.
app_language="Fortran (mpi_f08) + C"
app_prepare() { cp /usr/share/doc/mpgrafic/examples/Input.stdin .; }
app_command=(mpgrafic --np=32)
app_stdin=Input.stdin
