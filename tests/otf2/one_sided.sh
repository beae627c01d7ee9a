#!/usr/bin/env bash
# One-sided communication traced and converted (tests/otf2/one_sided.c on 3 ranks: fence, PSCW, lock/unlock, a
# lock with MPI_MODE_NOCHECK (its line says nocheck), lock_all with atomics, request forms; docs/trace-format.md
# section 12; and one_sided.f90 from Fortran): otf2ti
# reports no call it cannot convert, rank 0's actions are what the program did, and the trace replays at both levels
# to the same time.
# usage: one_sided.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
source "$src/tests/otf2/trace_program.sh"
trace_program one_sided 3
failures=0
if grep -q -i -e unreplayed -e "no MPI event" otf2ti.log; then
  echo "FAIL otf2ti reports calls it did not convert:"; cat otf2ti.log; failures=$((failures + 1))
else
  echo "ok   otf2ti converted every one-sided call"
fi
rank0=ti/trace.txt_files/0.000000_rank-1.txt
actions=$(grep -v -e '^#' -e ' compute ' -e ' poll ' -e ' init' -e ' finalize' "$rank0" | cut -d' ' -f2- | paste -sd';')
want="win_create 1 8000;win_fence 1;put 1 1 800;win_fence 1;win_start 1 1 1;accumulate 1 1 80;win_complete 1;\
win_lock 1 2 exclusive;put 1 2 800;win_flush 1 2;get 1 2 400;win_unlock 1 2;win_lock 1 1 shared nocheck;\
get 1 1 80;win_unlock 1 1;barrier;win_lock_all 1;\
get_accumulate 1 1 8 8;get_accumulate 1 1 8 4;get_accumulate 1 1 160 160;win_flush_all 1;rput 1 1 240;\
rget 1 1 240;wait_rma 1 1;wait_rma 1 1;win_flush_local 1 1;win_sync 1;win_unlock_all 1;win_free 1"
if [ "$actions" = "$want" ]; then echo "ok   rank 0's actions"; else
  echo "FAIL rank 0's actions: $actions"; echo "     want:            $want"; failures=$((failures + 1)); fi
grep -q "proc_null 0 MPI_Put 1" "$rank0" && echo "ok   the put to MPI_PROC_NULL counted" ||
  { echo "FAIL no '# proc_null 0 MPI_Put 1' line"; failures=$((failures + 1)); }
for level in full fast; do
  if "$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt -q \
    --fidelity "$level" --json "$level.json" > "replay_$level.log" 2>&1; then
    echo "ok   replays at the $level level: $(sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$level.json") s"
  else
    echo "FAIL the $level level:"; cat "replay_$level.log"; failures=$((failures + 1))
  fi
done
awk -v a="$(sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' full.json)" \
  -v b="$(sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' fast.json)" \
  'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 0 && d <= 1e-9 * a) }' && echo "ok   the two levels agree" ||
  { echo "FAIL the two levels differ"; failures=$((failures + 1)); }
# The same from Fortran (`use mpi`), where Debian's gfortran is
if command -v mpif90 > /dev/null && command -v gfortran > /dev/null; then
  mpif90 -O1 -o one_sided_f "$src/tests/otf2/one_sided.f90"
  rm -rf archive ti
  TIREPLAY_TRACE_DIR=archive mpirun --allow-run-as-root --oversubscribe -np 3 -x TIREPLAY_TRACE_DIR \
    -x LD_PRELOAD="$tracer" ./one_sided_f > run_f.log 2>&1 || { cat run_f.log; exit 1; }
  "$build/otf2ti" archive/traces.otf2 -o ti 2> otf2ti_f.log || { cat otf2ti_f.log; exit 1; }
  actions=$(grep -v -e '^#' -e ' compute ' -e ' poll ' -e ' init' -e ' finalize' "$rank0" | cut -d' ' -f2- |
    paste -sd';')
  want="win_create 1 8000;win_fence 1;put 1 1 800;win_fence 1;win_start 1 1 1;accumulate 1 1 80;win_complete 1;\
win_lock 1 2 shared;get 1 2 400;win_unlock 1 2;win_lock 1 1 exclusive nocheck;put 1 1 80;win_unlock 1 1;\
barrier;win_lock_all 1;get_accumulate 1 1 160 160;rput 1 1 240;\
wait_rma 1 1;win_flush 1 1;win_flush_all 1;win_unlock_all 1;win_free 1"
  if [ "$actions" = "$want" ] && ! grep -q -i unreplayed otf2ti_f.log; then echo "ok   Fortran: rank 0's actions"; else
    echo "FAIL Fortran: rank 0's actions: $actions"; echo "     want:                     $want"; cat otf2ti_f.log
    failures=$((failures + 1))
  fi
  "$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt -q > replay_f.log \
    2>&1 && echo "ok   Fortran: replays" || { echo "FAIL Fortran: the replay"; cat replay_f.log; failures=$((failures + 1)); }
fi
[ "$failures" -eq 0 ] || exit 1
echo "one_sided: every check passed"
