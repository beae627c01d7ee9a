// Two ranks computing on one core (docs/accuracy.md, "Co-located ranks"): two nodes of two ranks sharing each node's
// core; rank 0, then ranks 0 and 1 together, compute bursts of about 0.1, 1 and 10 ms, each followed by a 1-byte
// exchange with their partner on the other node (ranks 2 and 3). Prints the run's time against the bursts' summed
// wall time: how well the core is shared, and what each exchange adds.
//   mpicc -O2 -o shared_bursts tools/lab/shared_bursts.c
//   tools/lab/lab.sh run --nodes 2 --ranks-per-node 2 -- bash -c 'mpirun --allow-run-as-root $LAB_MPIRUN_OPTS -np 4 --mca mpi_yield_when_idle 1 ./shared_bursts'
#include <mpi.h>
#include <stdio.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
static void work(long n){volatile double s=0;for(long i=0;i<n;i++)s+=i*1e-9;}
int main(int c,char**v){MPI_Init(&c,&v);int r,x=0;MPI_Comm_rank(MPI_COMM_WORLD,&r);
 long per[]={30000,300000,3000000}; int reps[]={2000,300,40};
 for(int k=0;k<3;k++) for(int who=1;who<=2;who++){ // who=1: only rank 0 works; 2: ranks 0 and 1 both
  MPI_Barrier(MPI_COMM_WORLD); double t=now(), comp=0; int n=reps[k];
  if(r<who){ for(int i=0;i<n;i++){double a=now(); work(per[k]); comp+=now()-a; MPI_Send(&x,1,MPI_INT,r+2,0,MPI_COMM_WORLD);MPI_Recv(&x,1,MPI_INT,r+2,0,MPI_COMM_WORLD,MPI_STATUS_IGNORE);} }
  else if(r>=2 && r-2<who){ for(int i=0;i<n;i++){MPI_Recv(&x,1,MPI_INT,r-2,0,MPI_COMM_WORLD,MPI_STATUS_IGNORE);MPI_Send(&x,1,MPI_INT,r-2,0,MPI_COMM_WORLD);} }
  double tot=now()-t, csum=0, tmax=0; MPI_Reduce(&comp,&csum,1,MPI_DOUBLE,MPI_SUM,0,MPI_COMM_WORLD); MPI_Reduce(&tot,&tmax,1,MPI_DOUBLE,MPI_MAX,0,MPI_COMM_WORLD);
  if(r==0) printf("bursts of %6.0f iterations x %4d, %d rank(s) of node 1 computing: total %.3f s, their computation %.3f s (wall of the bursts, summed)\n", (double)per[k], n, who, tmax, csum);
  fflush(stdout);
 }
 MPI_Finalize();}
