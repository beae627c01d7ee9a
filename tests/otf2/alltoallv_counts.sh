#!/usr/bin/env bash
# The per-pair counts of alltoallv and alltoallw. An archive that records each rank's totals only
# (tests/otf2/alltoallv_archive.py: 2 ranks each sending 100 bytes to the other, once by MPI_Alltoallv, once by
# MPI_Alltoallw): otf2ti estimates them (50 bytes to each rank) and warns once, with the number of calls.
# usage: alltoallv_counts.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no python3-otf2)
set -uo pipefail
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

/usr/bin/python3 -c 'import otf2' 2> /dev/null || { echo "alltoallv_counts: SKIP (needs python3-otf2)"; exit 77; }
PYTHONPATH=$src/tests/otf2 /usr/bin/python3 "$src/tests/otf2/alltoallv_archive.py" totals || exit 1
"$build/otf2ti" totals/traces.otf2 -o totals.ti --one-file 2> totals.log || { cat totals.log; exit 1; }
got=$(grep alltoallv totals.ti/trace.txt | paste -sd '|')
want="0 alltoallv 100 50 50 100 50 50|0 alltoallv 100 50 50 100 50 50|1 alltoallv 100 50 50 100 50 50|1 alltoallv 100 50 50 100 50 50"
[ "$got" = "$want" ] || fail "totals only: got $got, want $want"
[ "$(grep -c 'per-peer counts of' totals.log)" = 1 ] && grep -q "warning: per-peer counts of 2 alltoallv calls" totals.log ||
  fail "totals only: not one warning for the 2 calls: $(cat totals.log)"
[ "$failures" -eq 0 ] && echo "ok   totals only: estimated, and otf2ti says so once for the 2 calls"

[ "$failures" -eq 0 ] || { echo "alltoallv_counts: $failures check(s) failed"; exit 1; }
echo "alltoallv_counts: every check passed"
