#!/usr/bin/env bash
# Persistent synchronous sends under the tracer (tests/otf2/ssend_init.c on 2 ranks: rank 0 starts an 800-byte
# MPI_Ssend_init request three times, with MPI_Start and MPI_Wait, MPI_Startall and an MPI_Test loop, MPI_Start and
# MPI_Wait, while rank 1 computes before each of its receives). The MpiIsend of each start carries the request's send
# mode (tireplay::send_mode), so otf2ti writes it as MPI_Issend's, an `issend`, and its completion as the usual
# `wait` (after a `test`). It was an `isend`, which the replay sends eagerly at that size: rank 0 ended at 46 us,
# where the run's MPI_Start and MPI_Wait lasted until the receiver, busy 0.2 s, had posted its receive (0.524 s in a
# user's trial). Replayed (cluster_figure5, both levels), each wait of rank 0 ends no earlier than the computation
# rank 1 makes before the matching receive. The same in Fortran (ssend_init.F90) with `use mpi` and `use mpi_f08`,
# where mpif90 is there.
# usage: ssend_init.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
source "$src/tests/otf2/trace_program.sh"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

check() {  # check NAME: the converted trace in ti/ (rank 0's actions, and the replay of both ranks)
  local rank0=ti/trace.txt_files/0.000000_rank-1.txt
  local actions want="issend 1 3 800;wait 0 1 3;issend 1 3 800;wait 0 1 3;issend 1 3 800;wait 0 1 3"
  # (`test` lines, which the polling loop writes or not as the message happens to be matched, are left out)
  actions=$(grep -v -e '^#' -e ' compute ' -e ' poll ' -e ' init' -e ' finalize' -e ' test ' "$rank0" |
    cut -d' ' -f2- | paste -sd';')
  [ "$actions" = "$want" ] && echo "ok   $1: rank 0's actions: $actions" ||
    fail "$1: rank 0's actions: $actions, want $want"
  for level in full fast; do
    "$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt -q \
      --fidelity "$level" --events-csv "$1_$level.csv" > "$1_$level.log" 2>&1 ||
      { fail "$1 $level: the replay failed: $(cat "$1_$level.log")"; continue; }
    # rank 1's computation before each receive ends at c[i]; rank 0's i-th wait ends at w[i]
    if awk -F, '$1 == 1 && $2 == "compute" { last = $5 } $1 == 1 && $2 == "recv" { c[n++] = last }
                $1 == 0 && $2 == "wait" { w[m++] = $5 }
                END { ok = n == 3 && m == 3
                      for (i = 0; i < m && i < n; i++) { printf "%s %s after %s", i ? ";" : "", w[i], c[i]
                                                         if (w[i] + 0 < c[i] + 0) ok = 0 }
                      print ""; exit !ok }' "$1_$level.csv" > "$1_$level.waits"; then
      echo "ok   $1 $level: rank 0's waits end once rank 1 has computed:$(cat "$1_$level.waits")"
    else fail "$1 $level: a wait of rank 0 ends before rank 1 has computed:$(cat "$1_$level.waits")"; fi
  done
}

trace_program ssend_init 2
check c
if command -v mpif90 > /dev/null && command -v gfortran > /dev/null; then
  for binding in usempi f08; do
    flags=(-O1)
    [ "$binding" = f08 ] && flags+=(-DUSE_MPI_F08)
    mpif90 "${flags[@]}" -o "ssend_init_$binding" "$src/tests/otf2/ssend_init.F90"
    rm -rf archive ti
    TIREPLAY_TRACE_DIR=archive mpirun --allow-run-as-root --oversubscribe -np 2 -x TIREPLAY_TRACE_DIR \
      -x LD_PRELOAD="$tracer" "./ssend_init_$binding" > "run_$binding.log" 2>&1 || { cat "run_$binding.log"; exit 1; }
    "$build/otf2ti" archive/traces.otf2 -o ti 2> "otf2ti_$binding.log" || { cat "otf2ti_$binding.log"; exit 1; }
    check "$binding"
  done
else echo "SKIP Fortran: no mpif90 or gfortran"; fi
[ "$failures" -eq 0 ] || { echo "ssend_init: $failures check(s) failed"; exit 1; }
echo "ssend_init: every check passed"
