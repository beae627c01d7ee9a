// Rendezvous round trips beside neighbours that wait or compute (docs/calibration.md, "Ranks that share a core"):
// ranks 2 and 1 (different nodes) ping-pong 64 KiB to 4 MiB, 20 times each, while ranks 0 and 3 wait in MPI, then
// while they compute; with 2 ranks (one a node), the same without neighbours.
//   mpicc -O2 -o rendezvous_rounds tools/lab/rendezvous_rounds.c
//   tools/lab/lab.sh run --nodes 2 --ranks-per-node 2 -- bash -c 'mpirun --allow-run-as-root $LAB_MPIRUN_OPTS -np 4 --mca mpi_yield_when_idle 1 ./rendezvous_rounds'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
static void work(double sec){double e=now()+sec;volatile double s=0;while(now()<e)for(int i=0;i<1000;i++)s+=i;}
int main(int c,char**v){MPI_Init(&c,&v);int r,sz;MPI_Comm_rank(MPI_COMM_WORLD,&r);MPI_Comm_size(MPI_COMM_WORLD,&sz);
 int A=sz==4?1:0,B=sz==4?2:1; char*buf=malloc(4<<20); int x=0;
 int sizes[]={65536,262144,1048576,4194304};
 if(r==A){MPI_Recv(buf,65536,MPI_BYTE,B,9,MPI_COMM_WORLD,MPI_STATUS_IGNORE);MPI_Send(buf,65536,MPI_BYTE,B,9,MPI_COMM_WORLD);} else if(r==B){MPI_Send(buf,65536,MPI_BYTE,A,9,MPI_COMM_WORLD);MPI_Recv(buf,65536,MPI_BYTE,A,9,MPI_COMM_WORLD,MPI_STATUS_IGNORE);}
 for(int comp=0;comp<(sz==4?2:1);comp++) for(int k=0;k<4;k++){ int n=20;
  MPI_Barrier(MPI_COMM_WORLD);
  if(r==A||r==B){ double t=now(); for(int i=0;i<n;i++){ if(r==B){MPI_Send(buf,sizes[k],MPI_BYTE,A,0,MPI_COMM_WORLD);MPI_Recv(buf,sizes[k],MPI_BYTE,A,0,MPI_COMM_WORLD,MPI_STATUS_IGNORE);} else {MPI_Recv(buf,sizes[k],MPI_BYTE,B,0,MPI_COMM_WORLD,MPI_STATUS_IGNORE);MPI_Send(buf,sizes[k],MPI_BYTE,B,0,MPI_COMM_WORLD);} }
    if(r==B) {printf("%s %8d bytes: RT %.1f us\n", sz==2?"2x1":comp?"2x2 neighbours compute":"2x2 neighbours wait", sizes[k], (now()-t)/n*1e6); fflush(stdout);}
    if(r==B&&sz==4){MPI_Send(&x,1,MPI_INT,0,1,MPI_COMM_WORLD);MPI_Send(&x,1,MPI_INT,3,1,MPI_COMM_WORLD);} }
  else { if(comp){ int fl=0; MPI_Request q; MPI_Irecv(&x,1,MPI_INT,2,1,MPI_COMM_WORLD,&q); while(!fl){work(0.05); MPI_Test(&q,&fl,MPI_STATUS_IGNORE);} } else MPI_Recv(&x,1,MPI_INT,2,1,MPI_COMM_WORLD,MPI_STATUS_IGNORE); }
 }
 MPI_Finalize();}
