#!/usr/bin/env bash
# The per-pair counts of alltoallv and alltoallw.
# - An archive that records each rank's totals only (tests/otf2/alltoallv_archive.py: 2 ranks each sending 100 bytes
#   to the other, once by MPI_Alltoallv, once by MPI_Alltoallw): otf2ti estimates them (50 bytes to each rank) and
#   warns once, with the number of calls.
# - A run of tests/otf2/alltoallv_pairs.c on 4 ranks under the tracer (alltoallv with one partner, alltoallw with
#   other datatypes, ialltoallv on a sub-communicator, alltoallv in place): the tracer records each rank's bytes to
#   each rank, otf2ti writes them exactly (the counts below, computed by hand from the program) and warns of nothing.
# usage: alltoallv_counts.sh BUILD_DIR SOURCE_DIR WORK_DIR  (exit 77 = skipped: neither python3-otf2 nor mpicc, tracer)
set -uo pipefail
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
failures=0 ran=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

if ! /usr/bin/python3 -c 'import otf2' 2> /dev/null; then
  echo "alltoallv_counts: python3-otf2 missing (tools/setup.sh installs it): the archive of totals skipped"
else
  ran=1
  PYTHONPATH=$src/tests/otf2 /usr/bin/python3 "$src/tests/otf2/alltoallv_archive.py" totals || exit 1
  "$build/otf2ti" totals/traces.otf2 -o totals.ti --one-file 2> totals.log || { cat totals.log; exit 1; }
  got=$(grep alltoallv totals.ti/trace.txt | paste -sd '|')
  want="0 alltoallv 100 50 50 100 50 50|0 alltoallv 100 50 50 100 50 50"
  want+="|1 alltoallv 100 50 50 100 50 50|1 alltoallv 100 50 50 100 50 50"
  [ "$got" = "$want" ] || fail "totals only: got $got, want $want"
  [ "$(grep -c 'per-peer counts of' totals.log)" = 1 ] &&
    grep -q "warning: per-peer counts of 2 alltoallv calls" totals.log ||
    fail "totals only: not one warning for the 2 calls: $(cat totals.log)"
  [ "$failures" -eq 0 ] && echo "ok   totals only: estimated, and otf2ti says so once for the 2 calls"
fi

tracer=$build/libtireplay_tracer.so
if ! command -v mpicc > /dev/null || [ ! -f "$tracer" ]; then
  echo "alltoallv_counts: mpicc or $tracer missing: the traced run skipped"
else
  ran=1
  mpicc -o pairs "$src/tests/otf2/alltoallv_pairs.c" || exit 1
  TIREPLAY_TRACE_DIR=pairs.otf2 mpirun --allow-run-as-root --oversubscribe -np 4 -x TIREPLAY_TRACE_DIR \
    -x LD_PRELOAD="$tracer" ./pairs > pairs.log 2>&1 || { cat pairs.log; exit 1; }
  "$build/otf2ti" pairs.otf2/traces.otf2 -o pairs.ti --one-file 2> pairs.otf2ti.log || { cat pairs.otf2ti.log; exit 1; }
  for r in 0 1 2 3; do
    p=$((r ^ 1)) m=$((r / 2)) world=() from=() to=() back=()
    for j in 0 1 2 3; do
      world+=($([ $j = $p ] && echo $((1000 * (r + 1))) || echo 0))
      from+=($([ $j = $p ] && echo $((1000 * (p + 1))) || echo 0))
    done
    for j in 0 1; do to+=($([ $j = $m ] && echo 0 || echo 40)); done
    want="$r alltoallv $((1000 * (r + 1))) ${world[*]} $((1000 * (p + 1))) ${from[*]}"
    each=$((8 * (r + 1)))
    want+="|$r alltoallv 80 8 16 24 32 $((4 * each)) $each $each $each $each"
    want+="|$r alltoallv 40 ${to[*]} 40 ${to[*]} comm=$((r % 2 + 1))"
    want+="|$r alltoallv 32 8 8 8 8 32 8 8 8 8"
    got=$(grep "^$r alltoallv" pairs.ti/trace.txt | paste -sd '|')
    [ "$got" = "$want" ] || fail "rank $r: got $got, want $want"
  done
  ! grep -q "per-peer counts" pairs.otf2ti.log || fail "otf2ti estimated counts it has: $(cat pairs.otf2ti.log)"
  [ "$failures" -eq 0 ] && echo "ok   traced: each rank's bytes to each rank, exactly, and no warning"
fi
[ "$ran" = 1 ] || exit 77
[ "$failures" -eq 0 ] || { echo "alltoallv_counts: $failures check(s) failed"; exit 1; }
echo "alltoallv_counts: every check passed"
