#!/usr/bin/env bash
# otf2ti on damaged archives: a 2-rank tracer archive of p2p_blocking with one event file cut in half, or missing.
# Each must exit 2 with a message naming the location, and write no output.
# usage: bad_archives.sh BUILD_DIR WORK_DIR     (exit 77 = skipped: no mpirun or no tracer)
set -euo pipefail
build=$1 work=$2
if ! command -v mpirun >/dev/null || [ ! -f "$build/libtireplay_tracer.so" ]; then
  echo "bad_archives: SKIP (needs mpirun and the tracer)"; exit 77
fi
rm -rf "$work" && mkdir -p "$work"
TIREPLAY_TRACE_DIR=$work/good mpirun --allow-run-as-root --oversubscribe -np 2 -x TIREPLAY_TRACE_DIR \
  -x LD_PRELOAD="$build/libtireplay_tracer.so" "$build/native/p2p_blocking" > "$work/run.log" 2>&1
"$build/otf2ti" "$work/good/traces.otf2" -o "$work/good.ti" 2> /dev/null

expect_refusal() {  # name, archive, text the message must hold
  local status=0
  "$build/otf2ti" "$2/traces.otf2" -o "$work/$1.ti" 2> "$work/$1.err" || status=$?
  if [ "$status" -ne 2 ] || ! grep -q -- "$3" "$work/$1.err" || [ -e "$work/$1.ti" ]; then
    echo "FAIL $1: exit $status, output $( [ -e "$work/$1.ti" ] && echo written || echo none ), message:"
    cat "$work/$1.err"; exit 1
  fi
  echo "ok $1: $(tail -n 1 "$work/$1.err")"
}

cp -r "$work/good" "$work/truncated"
size=$(stat -c %s "$work/truncated/traces/1.evt")
truncate -s $((size / 2)) "$work/truncated/traces/1.evt"
expect_refusal truncated "$work/truncated" "location 1 (rank 1)"

cp -r "$work/good" "$work/missing"
rm "$work/missing/traces/0.evt"
expect_refusal missing "$work/missing" "location 0 (rank 0)"
