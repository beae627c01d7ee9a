#!/usr/bin/env bash
# Archives real writers produce that otf2ti once misread (tests/otf2/odd_archives.py; the eleventh trial): Score-P's
# group of every thread beside the MPI ranks' (2 ranks found, the thread's events named in a warning), a flop counter
# that goes back or reads NaN (a warning, no negative computation).
# usage: odd_archives.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no python3-otf2)
set -uo pipefail
build=$1 src=$2 work=$3
/usr/bin/python3 -c 'import otf2' 2> /dev/null || { echo "odd_archives: SKIP (needs python3-otf2)"; exit 77; }
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
for case in hybrid counter_back counter_nan; do
  /usr/bin/python3 "$src/tests/otf2/odd_archives.py" "$case" "$case" || { fail "$case: the archive"; continue; }
  if ! "$build/otf2ti" "$case/traces.otf2" -o "$case.ti" --one-file 2> "$case.log"; then
    fail "$case: otf2ti failed: $(cat "$case.log")"; continue
  fi
  computes=$(grep ' compute ' "$case.ti/trace.txt" | paste -sd';')
  case $case in
    hybrid) warning="1 location(s) that are no MPI rank's (threads, accelerator streams) hold 2 events"
            want="0 compute 2000000;1 compute 2000000" ;;
    *) warning="rank 0: .* computation(s) whose flop counter or CPU time went back or was not a number"
       want="0 compute 1000000;1 compute 1000000" ;;
  esac
  grep -q "otf2ti: 2 ranks" "$case.log" || fail "$case: not 2 ranks: $(cat "$case.log")"
  grep -q -e "$warning" "$case.log" || fail "$case: no warning '$warning': $(cat "$case.log")"
  [ "$computes" = "$want" ] || fail "$case: computations '$computes', want '$want'"
  [ "$failures" -eq 0 ] && echo "ok   $case"
done
[ "$failures" -eq 0 ] || exit 1
echo "odd_archives: every archive converted as it should"
