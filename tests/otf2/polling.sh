#!/usr/bin/env bash
# A polling loop's tests are the MPI library's time, not the program's (tests/otf2/polling.c): rank 1 tests its
# receive millions of times while rank 0 computes for 0.2 s, and its trace holds the loop as a failed test, a
# computation and the completing test, the computation well under rank 0's (most of each turn of the loop is the
# test; the tracer leaves the time of the tests it does not record out). The same with both ranks on one core,
# where each test yields the core (folding). Before the tracer left that time out, the loop's computation was
# as long as rank 0's at 2 cores.
# Checks (docs/trace-format.md, `poll`): rank 0's 1000 probes after pieces of work are `poll` lines adding up to
# 1000; rank 1's loop, which only waits, adds up to under a quarter of its tests, and 3 (a test that follows a
# preemption between two calls counts, as the machine decides: 2 and 10 of about 147 folded, seen in CI), where
# every test would count if the loop's repeats were taken for checks after work. The loop's computation is under 0.8 of rank 0's (0.63 seen
# in CI on a busy VM; the same as rank 0's before the tracer left the tests' time out).
# usage: polling.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
tracer=$build/libtireplay_tracer.so
if ! command -v mpicc >/dev/null || [ ! -f "$tracer" ]; then
  echo "polling: SKIP (needs mpicc and $tracer: tools/setup.sh installs them)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work" && cd "$work"
mpicc -O2 -o polling "$src/tests/otf2/polling.c"
failures=0
# acquire NAME MPIRUN_OPTIONS...
acquire() {
  local name=$1
  shift
  TIREPLAY_TRACE_DIR=$name.otf2 mpirun --allow-run-as-root -np 2 "$@" -x TIREPLAY_TRACE_DIR -x LD_PRELOAD="$tracer" \
    ./polling > "$name.log" 2>&1 || { cat "$name.log"; exit 1; }
  "$build/otf2ti" "$name.otf2/traces.otf2" -o "$name.ti" --flop-rate 1e9 --one-file 2> /dev/null
  local work0 loop tests
  work0=$(awk '$1 == 0 && $2 == "compute" && $3 > m { m = $3 } END { print m + 0 }' "$name.ti/trace.txt")
  # the computation between the loop's first test and its last (none: nothing left of it)
  loop=$(awk '$1 == 1 && seen { print ($2 == "compute" ? $3 : 0); exit } $1 == 1 && $2 == "test" { seen = 1 }' \
    "$name.ti/trace.txt")
  tests=$(sed -n 's/^tests //p' "$name.log")
  local checks0 checks1
  checks0=$(awk '$1 == 0 && $2 == "poll" { s += $3 } END { print s + 0 }' "$name.ti/trace.txt")
  checks1=$(awk '$1 == 1 && $2 == "poll" { s += $3 } END { print s + 0 }' "$name.ti/trace.txt")
  if [ "$checks0" -eq 1000 ] && [ "$checks1" -lt $((tests / 4 + 3)) ]; then
    echo "ok   $name: checks written as poll lines, rank 0 $checks0, rank 1 (waiting) $checks1"
  else
    echo "FAIL $name: poll lines add up to $checks0 on rank 0 (expected 1000) and $checks1 on rank 1 (expected" \
      "under a quarter of its $tests tests, and 3)"
    failures=$((failures + 1))
  fi
  if python3 -c 'import sys; w, l = map(float, sys.argv[1:]); sys.exit(not (0.15e9 < w < 0.3e9 and l < 0.8 * w))' \
    "$work0" "${loop:-1e30}"; then
    echo "ok   $name: $tests tests in the loop, its computation ${loop} flop against rank 0's $work0"
  else
    echo "FAIL $name: $tests tests, the loop's computation ${loop:-missing} flop against rank 0's $work0 (expected" \
      "0.15e9 to 0.3e9, the loop's under 0.8 of it)"
    failures=$((failures + 1))
  fi
}
acquire regular --bind-to core --oversubscribe
acquire folded --oversubscribe --cpu-set 0 --bind-to core --mca mpi_yield_when_idle 1
[ "$failures" -eq 0 ] || exit 1
echo "polling: every check passed"
