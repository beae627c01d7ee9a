// Two pairs through one shaped link (docs/accuracy.md, "Co-located ranks"): two nodes of two ranks; ranks 0 and 2
// exchange 1 MiB both ways (MPI_Sendrecv) 20 times, then ranks 1 and 3 do too at the same time. Prints each pair's rate.
//   mpicc -O2 -o pairs tools/lab/pairs.c
//   tools/lab/lab.sh run --nodes 2 --ranks-per-node 2 --rate 100mbit -- bash -c 'mpirun --allow-run-as-root $LAB_MPIRUN_OPTS -np 4 --mca mpi_yield_when_idle 1 ./pairs'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int c,char**v){MPI_Init(&c,&v);int r;MPI_Comm_rank(MPI_COMM_WORLD,&r);int n=1<<20;char*a=malloc(n),*b=malloc(n);int peer=r<2?r+2:r-2;
 for(int both=0;both<2;both++){ MPI_Barrier(MPI_COMM_WORLD); int active= both || r==0 || r==2; double t=MPI_Wtime(); int k=20;
  if(active) for(int i=0;i<k;i++) MPI_Sendrecv(a,n,MPI_BYTE,peer,0,b,n,MPI_BYTE,peer,0,MPI_COMM_WORLD,MPI_STATUS_IGNORE);
  double dt=(MPI_Wtime()-t)/k; if(active && r<2) printf("%s: rank %d exchange of 1 MiB each way %.1f ms (%.1f Mbit/s each way per pair)\n", both?"two pairs":"one pair", r, dt*1e3, 8.0*n/dt/1e6); fflush(stdout);
  MPI_Barrier(MPI_COMM_WORLD);}
 MPI_Finalize();}
