# HPC Challenge (C, Debian hpcc): its sample input (HPL N=1000 on 2x2, PTRANS, RandomAccess with any-source receives
# that it cancels, FFT, STREAM, DGEMM). RandomAccess's message counts depend on timing: checked in the same run.
app_language="C"
app_prepare() { cp /usr/share/doc/hpcc/examples/_hpccinf.txt hpccinf.txt; }
app_command=(hpcc)
