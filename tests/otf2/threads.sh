#!/usr/bin/env bash
# MPI called by two threads of each rank (tests/otf2/threads.c on 2 ranks): the tracer records the thread that
# initialised MPI, says at MPI_Finalize how many calls of other threads it left out, and the trace of the main
# thread's calls converts and replays.
# usage: threads.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
source "$src/tests/otf2/trace_program.sh"
trace_program threads 2 -pthread
"$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt -q ||
  { echo "FAIL: the replay failed"; exit 1; }
failures=0
check() {  # check WHAT TEXT FILE
  if grep -qF -- "$2" "$3"; then echo "ok   $1"; else echo "FAIL $1: no '$2' in"; cat "$3"; failures=$((failures + 1)); fi
}
for r in 0 1; do
  check "rank $r: the tracer counts the other thread's calls" "tireplay tracer (rank $r): 3 MPI calls made by other threads than the one that initialised MPI were not recorded" run.log
  f=ti/trace.txt_files/0.000000_rank-$((r + 1)).txt
  n=$(grep -c " allreduce " "$f" || true)
  if [ "$n" = 1 ]; then echo "ok   rank $r: one allreduce traced (the main thread's)"; else
    echo "FAIL rank $r: $n allreduces in $f, want 1"; failures=$((failures + 1)); fi
done
[ "$failures" -eq 0 ] || exit 1
echo "threads: every check passed"
