// The transport's CPU (docs/accuracy.md, "TCP's CPU cost"): two nodes of two ranks sharing each node's core; rank 0
// streams messages of SIZE bytes (the argument) to rank 2 while ranks 1 and 3 run a fixed loop, timed alone first
// (ranks 0 and 2 asleep). The loop's extra time over the bytes moved meanwhile is the CPU a byte sent or received
// takes from a computation sharing the core.
//   mpicc -O2 -o transport_cpu tools/lab/transport_cpu.c
//   tools/lab/lab.sh run --nodes 2 --ranks-per-node 2 -- bash -c 'mpirun --allow-run-as-root $LAB_MPIRUN_OPTS -np 4 --mca mpi_yield_when_idle 1 ./transport_cpu 1048576'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
static double loop(void){double t=now();volatile double s=0;for(long i=0;i<300000000L;i++)s+=i*1e-9;return now()-t;}
int main(int c,char**v){MPI_Init(&c,&v);int r;MPI_Comm_rank(MPI_COMM_WORLD,&r);int n=c>1?atoi(v[1]):1<<20; if(n<1){fprintf(stderr,"transport_cpu: SIZE must be a positive number of bytes\n");MPI_Abort(MPI_COMM_WORLD,2);}char*b=malloc(n);int x=0;
 // alone: 0 and 2 sleep
 MPI_Barrier(MPI_COMM_WORLD);
 if(r==1||r==3){double t=loop(); printf("rank %d loop alone %.3f s\n",r,t);} else usleep(1500000);
 MPI_Barrier(MPI_COMM_WORLD);
 if(r==1||r==3){double t=loop(); printf("rank %d loop beside the stream %.3f s\n",r,t); fflush(stdout); MPI_Send(&x,1,MPI_INT,r==1?0:2,7,MPI_COMM_WORLD);}
 else { int fl=0; long msgs=0; MPI_Request q; MPI_Irecv(&x,1,MPI_INT,r==0?1:3,7,MPI_COMM_WORLD,&q); double t=now();
   while(1){ if(r==0){int go; MPI_Test(&q,&fl,MPI_STATUS_IGNORE); go=!fl; MPI_Send(&go,1,MPI_INT,2,1,MPI_COMM_WORLD); if(!go)break; MPI_Send(b,n,MPI_BYTE,2,0,MPI_COMM_WORLD);} 
     else {int go; MPI_Recv(&go,1,MPI_INT,0,1,MPI_COMM_WORLD,MPI_STATUS_IGNORE); if(!go)break; MPI_Recv(b,n,MPI_BYTE,0,0,MPI_COMM_WORLD,MPI_STATUS_IGNORE);} msgs++; }
   if(r==2){ MPI_Wait(&q,MPI_STATUS_IGNORE);} 
   if(r==0) printf("stream: %ld messages of %d bytes in %.3f s (%.1f MB/s)\n", msgs, n, now()-t, msgs*(double)n/(now()-t)/1e6);
   if(r==0 && !fl) MPI_Wait(&q,MPI_STATUS_IGNORE);
 }
 MPI_Finalize();}
