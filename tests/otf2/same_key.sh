#!/usr/bin/env bash
# Two sends of one (destination, tag) in flight, the older freed by MPI_Test (tests/otf2/same_key.c on 2 ranks):
# otf2ti writes no test of a key with another send in flight (the replay's rule, SMPI's, would put the tested
# request behind the other and the next wait would take the other one), and the trace replays at both levels.
# usage: same_key.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
source "$src/tests/otf2/trace_program.sh"
trace_program same_key 2
failures=0
rank0=ti/trace.txt_files/0.000000_rank-1.txt
actions=$(grep -v -e '^#' -e ' compute ' -e ' poll ' -e ' init' -e ' finalize' "$rank0" | cut -d' ' -f2- | paste -sd';')
want="isend 1 1 200000;isend 1 1 200000;wait 0 1 1;send 1 2 4;wait 0 1 1"
if [ "$actions" = "$want" ]; then echo "ok   rank 0's actions: $actions"; else
  echo "FAIL rank 0's actions: $actions, want $want"; failures=$((failures + 1)); fi
for level in full fast; do
  if "$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt -q \
    --fidelity "$level" > "replay_$level.log" 2>&1; then
    echo "ok   replays at the $level level"
  else
    echo "FAIL the $level level:"; cat "replay_$level.log"; failures=$((failures + 1))
  fi
done
[ "$failures" -eq 0 ] || exit 1
echo "same_key: every check passed"
