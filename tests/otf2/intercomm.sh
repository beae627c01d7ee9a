#!/usr/bin/env bash
# Intercommunicators (tests/otf2/intercomm.c on 4 ranks): calls on them are not traced, and both the tracer (at
# MPI_Finalize) and otf2ti say so, naming the calls; the intracommunicator MPI_Intercomm_merge makes is traced (its
# allreduce is in the converted trace), and the trace replays.
# usage: intercomm.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
tracer=$build/libtireplay_tracer.so
if ! command -v mpicc >/dev/null || [ ! -f "$tracer" ]; then
  echo "intercomm: SKIP (needs mpicc and $tracer: tools/setup.sh installs them)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work" && cd "$work"
mpicc -o intercomm "$src/tests/otf2/intercomm.c"
TIREPLAY_TRACE_DIR=archive mpirun --allow-run-as-root --oversubscribe -np 4 -x TIREPLAY_TRACE_DIR \
  -x LD_PRELOAD="$tracer" ./intercomm > run.log 2>&1 || { cat run.log; exit 1; }
"$build/otf2ti" archive/traces.otf2 -o ti 2> otf2ti.log || { cat otf2ti.log; exit 1; }
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
  check "rank $((r - 1)) has the merged communicator's allreduce" ti/trace.txt_files/0.000000_rank-$r.txt "allreduce 4 0 comm="
done
[ "$failures" -eq 0 ] || exit 1
echo "intercomm: every check passed"
