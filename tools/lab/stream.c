// Small messages in a one-way stream (docs/accuracy.md, "Gerris at 10mbit"): 2,000 messages of 1 to 4,096 bytes sent
// back to back from rank 0 to rank 1, then one answer; prints the time a message. Against the ping-pong's one-way time
// this shows what each message costs on the wire beyond its bytes, and a token bucket drained by a stream.
//   mpicc -O2 -o stream tools/lab/stream.c
//   tools/lab/lab.sh run --nodes 2 --rate 10mbit -- bash -c 'mpirun --allow-run-as-root $LAB_MPIRUN_OPTS -np 2 --map-by node ./stream'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int c,char**v){MPI_Init(&c,&v);int r;MPI_Comm_rank(MPI_COMM_WORLD,&r);int sizes[]={1,64,256,1024,4096};char b[4096];int n=2000;
 for(int k=0;k<5;k++){int s=sizes[k]; MPI_Barrier(MPI_COMM_WORLD); double t=MPI_Wtime();
  if(r==0){ for(int i=0;i<n;i++) MPI_Send(b,s,MPI_BYTE,1,0,MPI_COMM_WORLD); MPI_Recv(b,1,MPI_BYTE,1,1,MPI_COMM_WORLD,MPI_STATUS_IGNORE);
    printf("%5d bytes: %.1f us per message in a one-way stream\n", s, (MPI_Wtime()-t)/n*1e6); fflush(stdout);}
  else { for(int i=0;i<n;i++) MPI_Recv(b,s,MPI_BYTE,0,0,MPI_COMM_WORLD,MPI_STATUS_IGNORE); MPI_Send(b,1,MPI_BYTE,0,1,MPI_COMM_WORLD);} }
 MPI_Finalize();}
