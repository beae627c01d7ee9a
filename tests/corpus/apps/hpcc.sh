# HPC Challenge (C, Debian hpcc): its sample input (HPL N=1000 on a P x Q grid of all the ranks: 2x2 on 4, 1x2 on 2,
# 1x1 on 1; PTRANS, RandomAccess with any-source receives that it cancels, FFT, STREAM, DGEMM). RandomAccess's
# message counts depend on timing: checked in the same run.
app_language="C"
app_whatif_skip="its MPIRandomAccess takes 29.6 s over the lab's TCP for 2.5 s acquired (same 16.7 M updates, 11,404 messages a rank polled with MPI_Test): 65 s runs, 7 configurations x 3 are past the budget (docs/accuracy.md)"
app_prepare() {  # app_prepare [RANKS]
  local ranks=${1:-4} p=1 q=1
  [ "$ranks" -ge 2 ] && q=2
  [ "$ranks" -ge 4 ] && p=2
  sed -e "11s/^[0-9]* /$p /" -e "12s/^[0-9]* /$q /" /usr/share/doc/hpcc/examples/_hpccinf.txt > hpccinf.txt
}
app_command=(hpcc)
app_campaign() { sed -i '6s/^[0-9]* /2500 /' hpccinf.txt; }  # HPL N=2500 (sizes the other tests too): ~5 s at 2 ranks
