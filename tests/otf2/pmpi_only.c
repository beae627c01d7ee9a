// Calls MPI through its PMPI names only: the tracer never sees MPI_Init (tests/otf2/fortran.sh).
#include <mpi.h>
int main(int argc, char** argv) { PMPI_Init(&argc, &argv); PMPI_Barrier(MPI_COMM_WORLD); PMPI_Finalize(); return 0; }
