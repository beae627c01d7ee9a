#!/usr/bin/env bash
# Intercommunicators (tests/otf2/intercomm.c on 4 ranks): calls on them are not traced, and both the tracer (at
# MPI_Finalize) and otf2ti say so, naming the calls; the intracommunicator MPI_Intercomm_merge makes is traced (its
# allreduce is in the converted trace), so is its copy by MPI_Comm_idup (its sendrecv, which the tracer once dropped
# as made on an intercommunicator), and the trace replays.
# usage: intercomm.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
source "$src/tests/otf2/trace_program.sh"
trace_program intercomm 4
"$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt -q ||
  { echo "FAIL: the replay failed"; exit 1; }
failures=0
check() {  # check WHAT FILE TEXT
  if grep -qF -- "$3" "$2"; then echo "ok   $1"; else echo "FAIL $1: no '$3' in"; cat "$2"; failures=$((failures + 1)); fi
}
check "the tracer names the untraced send" run.log \
  "tireplay tracer (rank 0): calls on intercommunicators are not traced (tireplay does not replay them): MPI_Send x1"
check "the tracer names the untraced receive" run.log \
  "tireplay tracer (rank 1): calls on intercommunicators are not traced (tireplay does not replay them): MPI_Recv x1"
check "otf2ti names the calls without events" otf2ti.log "MPI_Recv x2 (2 ranks) MPI_Send x2 (2 ranks)"
for r in 1 2 3 4; do
  check "rank $((r - 1)) has the merged communicator's allreduce" ti/trace.txt_files/0.000000_rank-$r.txt "allreduce 1 0 1 comm="
  check "rank $((r - 1)) has the sendrecv on MPI_Comm_idup's copy" ti/trace.txt_files/0.000000_rank-$r.txt \
    " sendrecv 4 "
done
if grep -q "MPI_Sendrecv" run.log otf2ti.log; then
  echo "FAIL the sendrecv on MPI_Comm_idup's copy is said untraced:"; cat run.log otf2ti.log; failures=$((failures + 1))
fi
[ "$failures" -eq 0 ] || exit 1
echo "intercomm: every check passed"
