#!/usr/bin/env bash
# Round trip of every bundled MPI program (traces/programs): run natively on 4 ranks with Debian's Open MPI under
# the tracer (build/libtireplay_tracer.so), convert with otf2ti, and check against the program's smpirun -trace-ti
# trace (traces/recorded): the same communication actions per rank (compare_actions.py), and replays on the same
# platform within 10%; smpirun -replay replays otf2ti's files as they are, in tireplay's time (1e-6), where they
# hold SimGrid's actions only. Computations come from the native run's CPU time x the rate of the programs' flop loop
# (build/native/flop_rate), the SimGrid traces' from smpi_execute_flops' arguments. Both replays leave out each rank's
# computations before its first communication and after its last (tests/otf2/trim_edges.py): the program's set-up
# and tear-down (first touch of its buffers, free) are in the native trace only, SimGrid's being recorded with
# smpi/simulate-computation:no; on a VM where a first touch costs 15-20 us a page (2026-11-25: 1.1-1.6 ms for a
# 320 KB buffer, 11-21 us the second time), they made four programs 11-19% longer.
# Each program is acquired 3 times and the median of the 3 replays is compared (a measurement, so repeated: on a
# 2-core VM the CPU time of a single burst reads up to 10% high now and then; docs/acquisition.md). The tolerance
# is ROUND_TRIP_TOLERANCE (default 0.10, the issue's).
# usage: round_trip.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpirun or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
tolerance=${ROUND_TRIP_TOLERANCE:-0.10}
tracer=$build/libtireplay_tracer.so
if ! command -v mpirun >/dev/null || [ ! -f "$tracer" ]; then
  echo "round_trip: SKIP (needs mpirun and $tracer: tools/setup.sh installs Open MPI)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
rate=$("$build/native/flop_rate")
echo "flop loop rate: $rate (flop/s)"
platform=$src/platforms/cluster_figure5.xml hosts=$src/platforms/hosts_figure5.txt
failures=0
time_of() {  # INDEX JSON: the replay's time, without the computations at the edges
  python3 "$src/tests/otf2/trim_edges.py" "$1" "$2.trimmed" &&
    "$build/tireplay" replay --platform "$platform" --hostfile "$hosts" --trace "$2.trimmed/index.txt" --json "$2" \
      > /dev/null && python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["simulated_time"])' "$2"
}
for program in "$src"/traces/programs/*.c; do
  p=$(basename "$program" .c)
  "$build/tireplay" actions "$src/traces/recorded/$p/index.txt" > "$work/$p.smpi.actions"
  smpi=$(time_of "$src/traces/recorded/$p/index.txt" "$work/$p.smpi.json")
  times=() verdict=ok
  for run in 1 2 3; do
    out=$work/$p/$run
    mkdir -p "$out"
    TIREPLAY_TRACE_DIR=$out/archive TIREPLAY_TRACE_EVERY_TEST=1 mpirun --allow-run-as-root --oversubscribe -np 4 \
      -x TIREPLAY_TRACE_DIR -x TIREPLAY_TRACE_EVERY_TEST \
      -x LD_PRELOAD="$tracer" "$build/native/$p" > "$out/run.log" 2>&1 || { cat "$out/run.log"; exit 1; }
    "$build/otf2ti" "$out/archive/traces.otf2" -o "$out/ti" --flop-rate "$rate" --keep-tests 2> "$out/otf2ti.log" ||
      { cat "$out/otf2ti.log"; exit 1; }
    if grep -q warning "$out/otf2ti.log"; then echo "FAIL $p: $(grep warning "$out/otf2ti.log")"; verdict=FAIL; break; fi
    "$build/tireplay" actions "$out/ti/trace.txt" > "$out/otf2ti.actions"
    if ! python3 "$src/tests/otf2/compare_actions.py" "$work/$p.smpi.actions" "$out/otf2ti.actions" > "$out/compare.txt"
    then
      echo "FAIL $p (run $run): communication differs:"; sed 's/^/  /' "$out/compare.txt"
      verdict=FAIL
      break
    fi
    times+=("$(time_of "$out/ti/trace.txt" "$out/otf2ti.json")")
    # smpirun -replay takes otf2ti's files as they are, with tireplay's time, when they hold SimGrid's actions only
    # (not tireplay's sendrecv with tags, poll, ssend...: docs/trace-format.md, section 9)
    simgrid_actions='^(init|finalize|compute|send|isend|recv|irecv|test|wait|waitall|barrier|bcast|reduce|allreduce|'
    simgrid_actions+='alltoallv?|gatherv?|scatterv?|allgatherv?|reducescatter|comm_size)$'
    if [ "$run" = 1 ] && awk -v ok="$simgrid_actions" '!/^#/ && $2 !~ ok { bad = 1 } END { exit bad }' \
        "$out"/ti/trace.txt_files/*; then
      ours=$("$build/tireplay" replay --platform "$platform" --hostfile "$hosts" --trace "$out/ti/trace.txt" -q \
        --json - | sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p')
      theirs=$("$src/tests/e2e/smpirun_time.sh" "$out/ti/trace.txt" 4 "$platform" "$hosts" 2>&1) || theirs=failed
      if ! awk -v a="$ours" -v b="$theirs" 'BEGIN { exit !(b + 0 > 0 && (a - b) ^ 2 <= (1e-6 * b) ^ 2) }'; then
        echo "FAIL $p: smpirun -replay of otf2ti's files: $theirs, tireplay $ours"; verdict=FAIL; break
      fi
      echo "ok   $p: smpirun -replay of otf2ti's files $theirs s, tireplay $ours s"
    fi
  done
  if [ "$verdict" = FAIL ]; then failures=$((failures + 1)); continue; fi
  summary=$(python3 -c '
import statistics, sys
tolerance, smpi, *runs = map(float, sys.argv[1:])
ours = statistics.median(runs)
error = (ours - smpi) / smpi
print("%.6f s, runs %s: median %.6f s (%+.1f%%): %s" % (smpi, " ".join("%+.1f%%" % (100 * (t - smpi) / smpi) for t in runs),
      ours, 100 * error, "ok" if abs(error) <= tolerance else "FAIL"))' "$tolerance" "$smpi" "${times[@]}")
  [[ $summary == *ok ]] || failures=$((failures + 1))
  printf '%-26s same communication; replay of smpirun trace %s\n' "$p" "$summary"
done
[ "$failures" -eq 0 ] || { echo "round_trip: $failures program(s) failed"; exit 1; }
echo "round_trip: every program OK"
