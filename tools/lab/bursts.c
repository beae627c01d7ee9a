// Bursts of computation beside a waiting rank (docs/accuracy.md, "Co-located ranks"): two nodes of two ranks sharing
// each node's core; rank 0 computes bursts of about 0.1, 1 and 10 ms, each followed by a 1-byte exchange with rank 2,
// while rank 1 waits in MPI_Recv, then while it sleeps. Prints the computation's time and each exchange's.
//   mpicc -O2 -o bursts tools/lab/bursts.c
//   tools/lab/lab.sh run --nodes 2 --ranks-per-node 2 -- bash -c 'mpirun --allow-run-as-root $LAB_MPIRUN_OPTS -np 4 --mca mpi_yield_when_idle 1 ./bursts'
#include <mpi.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
static void work(long n){volatile double s=0;for(long i=0;i<n;i++)s+=i*1e-9;}
int main(int c,char**v){MPI_Init(&c,&v);int r,x=0;MPI_Comm_rank(MPI_COMM_WORLD,&r);
 long per[]={30000,300000,3000000}; // ~0.1, 1, 10 ms
 for(int k=0;k<3;k++) for(int mode=0;mode<2;mode++){
  int n = k==2? 50 : 300;
  MPI_Barrier(MPI_COMM_WORLD);
  double t=now(), comp=0;
  if(r==0){ for(int i=0;i<n;i++){double a=now(); work(per[k]); comp+=now()-a; MPI_Send(&x,1,MPI_INT,2,0,MPI_COMM_WORLD);MPI_Recv(&x,1,MPI_INT,2,0,MPI_COMM_WORLD,MPI_STATUS_IGNORE);}
    double tot=now()-t; printf("burst %5.2f ms, neighbour %s: total %.3f s, compute %.3f s, per exchange %.1f us\n", comp/n*1e3, mode?"sleeps":"waits in MPI", tot, comp, (tot-comp)/n*1e6); fflush(stdout);
    MPI_Send(&x,1,MPI_INT,1,1,MPI_COMM_WORLD); MPI_Send(&x,1,MPI_INT,3,1,MPI_COMM_WORLD);}
  else if(r==2){ for(int i=0;i<n;i++){MPI_Recv(&x,1,MPI_INT,0,0,MPI_COMM_WORLD,MPI_STATUS_IGNORE);MPI_Send(&x,1,MPI_INT,0,0,MPI_COMM_WORLD);} }
  else { if(mode==1){ int fl=0; MPI_Request q; MPI_Irecv(&x,1,MPI_INT,0,1,MPI_COMM_WORLD,&q); while(!fl){usleep(20000); MPI_Test(&q,&fl,MPI_STATUS_IGNORE);} } else MPI_Recv(&x,1,MPI_INT,0,1,MPI_COMM_WORLD,MPI_STATUS_IGNORE);}
 }
 MPI_Finalize();}
