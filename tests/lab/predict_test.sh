#!/usr/bin/env bash
# What-if prediction against real runs in the lab (docs/lab.md, docs/accuracy.md): a stencil of ours
# (tests/lab/stencil.c) is traced once on this machine (2 ranks, shared memory), then predicted on two lab nodes
# calibrated by tools/lab/calibrate.sh (an Open MPI ping-pong across them, `tireplay calibrate pingpong`), unshaped
# and at 100mbit, and measured there untraced (median of 3): each prediction within 15% of its measurement, the
# calibration's fit within 5% at every size, and nothing of the lab left behind. Skipped (77), with the reason,
# without root, network namespaces or mpicc.
# usage: predict_test.sh SOURCE_DIR BUILD_DIR WORK_DIR
set -uo pipefail
src=$(realpath "$1") build=$(realpath "$2") work=$3
lab=$src/tools/lab/lab.sh
source "$src/tests/lab/preflight.sh"
trap '"$lab" down' EXIT
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
args=(400 32768 40)  # iterations, bytes per exchange, work per iteration
mpicc -O2 -o stencil "$src/tests/lab/stencil.c" || exit 1

# Acquired the usual way: 2 ranks on this machine, one per core; three times, the median traced run's trace kept
# (this VM's computations vary by up to 25% from run to run, as tools/lab/whatif.sh does).
for i in 1 2 3; do
  TIREPLAY_TRACE_DIR=archive$i mpirun --allow-run-as-root -np 2 --bind-to core -x TIREPLAY_TRACE_DIR \
    -x LD_PRELOAD="$build/libtireplay_tracer.so" ./stencil "${args[@]}" > traced$i.out 2>&1 ||
    { fail "the traced run failed:"; cat traced$i.out; exit 1; }
done
median=$(for i in 1 2 3; do echo "$(awk '$1 == "stencil" { print $2 }' traced$i.out) $i"; done | sort -g | sed -n 2p)
echo "traced runs: $(awk '$1 == "stencil" { printf "%s ", $2 }' traced1.out traced2.out traced3.out)(kept ${median% *} s)"
"$build/otf2ti" "archive${median#* }/traces.otf2" -o ti --flop-rate 1e9 2> otf2ti.log ||
  { fail "otf2ti failed:"; cat otf2ti.log; exit 1; }
printf 'node-0\nnode-1\n' > hosts.txt

# case NAME [lab options]: calibrate, predict, measure 3 times, compare
case_of() {
  local name=$1
  shift
  if ! timeout 600 "$src/tools/lab/calibrate.sh" "$build" "cal_$name" --largest 1048576 "$@" > "cal_$name.log" 2>&1; then
    fail "$name: the calibration failed:"; cat "cal_$name.log"; return
  fi
  local worst
  worst=$(cat "cal_$name/fit_error")
  python3 -c 'import sys; sys.exit(not float(sys.argv[1]) < 5)' "$worst" &&
    echo "ok   $name: the calibration fits every size within $worst%" || fail "$name: the fit is off by $worst%"
  "$build/tireplay" replay --platform "cal_$name/lab.xml" --hostfile hosts.txt --trace ti/trace.txt \
    $(cat "cal_$name/lab.opt") --select ompi -q --json "predicted_$name.json" || { fail "$name: the replay failed"; return; }
  local runs=()
  for i in 1 2 3; do
    timeout 600 "$lab" run --nodes 2 "$@" -- bash -c \
      "mpirun --allow-run-as-root \$LAB_MPIRUN_OPTS -np 2 ./stencil ${args[*]}" > "measured_$name.$i" 2>&1 ||
      { fail "$name: run $i failed:"; cat "measured_$name.$i"; return; }
    runs+=("$(awk '$1 == "stencil" { print $2 }' "measured_$name.$i")")
  done
  python3 - "$name" "predicted_$name.json" "${runs[@]}" <<'PY' || failures=$((failures + 1))
import json, statistics, sys
name, predicted = sys.argv[1], json.load(open(sys.argv[2]))["simulated_time"]
runs = [float(x) for x in sys.argv[3:]]
measured = statistics.median(runs)
error = (predicted - measured) / measured
print(f"{'ok  ' if abs(error) <= 0.15 else 'FAIL'} {name}: measured {measured:.4f} s (runs {', '.join(f'{r:.4f}' for r in runs)}), predicted {predicted:.4f} s, error {100 * error:+.1f}% (want within 15%)")
sys.exit(abs(error) > 0.15)
PY
  local left
  left=$("$lab" status)
  [ -z "$left" ] && echo "ok   $name: nothing of the lab left" || fail "$name: the lab left: $left"
}
case_of unshaped
case_of 100mbit --rate 100mbit
[ "$failures" -eq 0 ] && echo "lab predictions: all checks passed" || echo "lab predictions: $failures failure(s)"
[ "$failures" -eq 0 ]
