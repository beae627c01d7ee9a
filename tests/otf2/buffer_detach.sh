#!/usr/bin/env bash
# MPI_Buffer_detach blocks until the buffered messages have left (tests/otf2/buffer_detach.c on 2 ranks: rank 0
# bsends 1 MiB to rank 1, which computes about 0.1 s before receiving it, and detaches its buffer at once). The
# tracer records MPI_Buffer_attach and MPI_Buffer_detach as regions, so that the time rank 0 is blocked in the
# detach is not taken for computation (it was: a `compute` of 86 ms in a user's trial). The trace format has no
# action that waits for a rank's bsends, nor does SMPI's MPI_Buffer_detach wait (its bsends are detached): the
# detach leaves no line. Rank 0's trace is its bsend; replayed on cluster_figure5 (1.17 Gf), none of its computations
# reaches 4 ms (the blocked time, about 0.1 s, would) and it ends within 5 ms (its bsend waits for no receiver; the
# rest is the tracer's and MPI_Init's own work around its calls), before rank 1's receive ends. The same in Fortran
# (buffer_detach.F90) with `use mpi` (ompi_buffer_detach_f) and `use mpi_f08` (ompi_buffer_detach_f08), where
# mpif90 is there.
# usage: buffer_detach.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
source "$src/tests/otf2/trace_program.sh"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

check() {  # check NAME: the converted trace in ti/ (rank 0's, and the replay of both)
  local rank0=ti/trace.txt_files/0.000000_rank-1.txt
  local actions
  actions=$(grep -v -e '^#' -e ' compute ' -e ' poll ' -e ' init' -e ' finalize' "$rank0" | cut -d' ' -f2- |
    paste -sd';')
  [ "$actions" = "bsend 1 0 1048576" ] && echo "ok   $1: rank 0's actions: $actions" ||
    fail "$1: rank 0's actions: $actions, want bsend 1 0 1048576"
  "$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt -q \
    --events-csv "$1.csv" > "$1.replay.log" 2>&1 || { fail "$1: the replay failed: $(cat "$1.replay.log")"; return; }
  if awk -F, '$1 == 0 && $5 + 0 > end0 { end0 = $5 } $1 == 1 && $2 == "recv" { recv1 = $5 }
              $1 == 0 && $2 == "compute" && $5 - $4 > c0 { c0 = $5 - $4 }
              END { printf "rank 0 computes %s s at most, ends at %s s; rank 1 receives at %s s\n", c0, end0, recv1
                    exit !(c0 + 0 < 0.004 && end0 + 0 < 0.005 && end0 + 0 < recv1 + 0) }' "$1.csv"; then
    echo "ok   $1: no computation of rank 0 reaches 4 ms, it ends within 5 ms, before rank 1 has received"
  else fail "$1: rank 0 computes 4 ms or more, or does not end within 5 ms, before rank 1's receive"; fi
}

trace_program buffer_detach 2
check c
if command -v mpif90 > /dev/null && command -v gfortran > /dev/null; then
  for binding in usempi f08; do
    flags=(-O1)
    [ "$binding" = f08 ] && flags+=(-DUSE_MPI_F08)
    mpif90 "${flags[@]}" -o "buffer_detach_$binding" "$src/tests/otf2/buffer_detach.F90"
    rm -rf archive ti
    TIREPLAY_TRACE_DIR=archive mpirun --allow-run-as-root --oversubscribe -np 2 -x TIREPLAY_TRACE_DIR \
      -x LD_PRELOAD="$tracer" "./buffer_detach_$binding" > "run_$binding.log" 2>&1 ||
      { cat "run_$binding.log"; exit 1; }
    "$build/otf2ti" archive/traces.otf2 -o ti 2> "otf2ti_$binding.log" || { cat "otf2ti_$binding.log"; exit 1; }
    check "$binding"
  done
else echo "SKIP Fortran: no mpif90 or gfortran"; fi
[ "$failures" -eq 0 ] || { echo "buffer_detach: $failures check(s) failed"; exit 1; }
echo "buffer_detach: every check passed"
