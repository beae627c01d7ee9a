#!/usr/bin/env bash
# Accuracy of tireplay against measured runs on this machine (docs/accuracy.md): for each application of the corpus
# (tests/corpus/apps), at 1 and 2 ranks, the time from MPI_Init to MPI_Finalize of 3 runs without the tracer
# (tools/accuracy/run_timer.c) and of 3 traced runs (otf2ti reads it from the trace), against the time tireplay
# predicts from the traces, on a platform of this machine made by `tireplay calibrate pingpong` from a shared-memory
# ping-pong and the measured cost of an unsuccessful MPI_Test (medians of 3); then the folding claim: the same 2-rank run acquired with both ranks on one core
# predicts within 5% of the regular acquisition.
# Prints the table rows of docs/accuracy.md. Run it on an otherwise idle machine.
# --campaign: the 2-rank rows only, on the what-if campaign's inputs (each app's app_campaign: runs of 2 to 30 s)
# rather than the corpus test's (under a second).
# usage: tools/accuracy/measure.sh [--campaign] BUILD_DIR WORK_DIR [APP...]
set -euo pipefail
rank_counts=(1 2) campaign=no
if [ "${1:-}" = --campaign ]; then
  rank_counts=(2) campaign=yes
  shift
fi
[ $# -ge 2 ] || { echo "usage: tools/accuracy/measure.sh [--campaign] BUILD_DIR WORK_DIR [APP...]" >&2; exit 2; }
build=$(realpath "$1") work=$2
shift 2
src=$(cd "$(dirname "$0")/../.." && pwd)
apps=("$@")
[ ${#apps[@]} -gt 0 ] || apps=($(cd "$src/tests/corpus/apps" && ls *.sh | sed 's/\.sh$//'))
rm -rf "$work" && mkdir -p "$work" && work=$(realpath "$work") && cd "$work"
tracer=$build/libtireplay_tracer.so
rate=1e9  # no flop counter on this VM: computations are CPU time x rate, and the platform's hosts compute at rate

# This machine as a platform: two hosts (its two cores) joined as the ping-pong says.
mpicc -O2 -o pingpong "$src/tools/accuracy/pingpong.c" -lm
mpicc -O2 -shared -fPIC -o run_timer.so "$src/tools/accuracy/run_timer.c" -ldl
mpirun --allow-run-as-root -np 2 --bind-to core ./pingpong > pingpong.txt
# --one-host: the two ranks share this machine, whose memory the platform's links stand for
"$build/tireplay" calibrate pingpong pingpong.txt --one-host --speed "$rate" --hosts 2 \
  --platform-out this_machine.xml --options-out options.txt > calibrate.log
printf 'node-0\nnode-1\n' > hosts.txt
test_cost=$(sed -n 's/^# test //p' pingpong.txt)  # one unsuccessful MPI_Test here: smpi/test (SMPI's default, 1e-4 s,
                                                  # is a hundred times more)
# One-sided calls' CPU time here (docs/calibration.md), which calibrate read from the ping-pong's output (the
# factors are in the platform's <config>)
mapfile -t one_sided < <(grep -e tireplay/win- -e tireplay/rma- options.txt)

# run DIR RANKS [mpirun options...]: one traced run; prints "MEASURED PREDICTED"
run() {
  local dir=$1 ranks=$2
  shift 2
  mkdir -p "$dir" && cd "$dir"
  app_stdin=/dev/null
  unset -f app_campaign
  source "$src/tests/corpus/apps/$app.sh"
  app_prepare "$ranks"
  if [ "$campaign" = yes ] && declare -F app_campaign > /dev/null; then app_campaign "$ranks"; fi
  TIREPLAY_TRACE_DIR=archive OMP_NUM_THREADS=1 mpirun --allow-run-as-root -np "$ranks" "$@" -x TIREPLAY_TRACE_DIR \
    -x OMP_NUM_THREADS -x LD_PRELOAD="$tracer" "${app_command[@]}" < "$app_stdin" > run.log 2>&1
  "$build/otf2ti" archive/traces.otf2 -o ti --flop-rate "$rate" 2> otf2ti.log
  "$build/tireplay" replay --platform "$work/this_machine.xml" --hostfile "$work/hosts.txt" --trace ti/trace.txt \
    --cfg "smpi/test:$test_cost" "${one_sided[@]}" --json replay.json -q
  local measured
  measured=$(sed -n 's/^otf2ti: the traced run took \([0-9.e+-]*\) s.*/\1/p' otf2ti.log)
  python3 -c 'import json,sys; print(sys.argv[2], json.load(open(sys.argv[1]))["simulated_time"])' replay.json "$measured"
  cd "$work"
}

# untraced DIR RANKS: one run without the tracer; prints its MPI_Init to MPI_Finalize time
untraced() {
  local dir=$1 ranks=$2
  mkdir -p "$dir" && cd "$dir"
  app_stdin=/dev/null
  unset -f app_campaign
  source "$src/tests/corpus/apps/$app.sh"
  app_prepare "$ranks"
  if [ "$campaign" = yes ] && declare -F app_campaign > /dev/null; then app_campaign "$ranks"; fi
  OMP_NUM_THREADS=1 mpirun --allow-run-as-root -np "$ranks" --bind-to core -x OMP_NUM_THREADS \
    -x LD_PRELOAD="$work/run_timer.so" "${app_command[@]}" < "$app_stdin" > run.log 2> timer.log
  sed -n 's/^run_timer: \([0-9.e+-]*\) s.*/\1/p' timer.log
  cd "$work"
}

median() { python3 -c 'import statistics,sys; print(statistics.median(map(float, sys.argv[1:])))' "$@"; }

for app in "${apps[@]}"; do
  for ranks in "${rank_counts[@]}"; do
    plain=() measured=() predicted=()
    for i in 1 2 3; do
      plain+=("$(untraced "$app/plain$ranks/$i" "$ranks")")
      read -r m p < <(run "$app/np$ranks/$i" "$ranks" --bind-to core)
      measured+=("$m") predicted+=("$p")
    done
    u=$(median "${plain[@]}") m=$(median "${measured[@]}") p=$(median "${predicted[@]}")
    python3 -c 'import sys; a, r, u, m, p = sys.argv[1], sys.argv[2], *map(float, sys.argv[3:]);
print(f"| {a} | {r} | {u:.3f} | {m:.3f} | {p:.3f} | {100 * (p - u) / u:+.1f}% | {100 * (p - m) / m:+.1f}% |")' \
      "$app" "$ranks" "$u" "$m" "$p"
  done
  regular=$p  # the 2-rank prediction
  # Folding: the same 2-rank run with both ranks on core 0.
  folded=()
  for i in 1 2 3; do
    read -r m f < <(run "$app/folded/$i" 2 --oversubscribe --cpu-set 0 --bind-to core --mca mpi_yield_when_idle 1)
    folded+=("$f")
  done
  f=$(median "${folded[@]}")
  python3 -c 'import sys; a, f, p = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]);
print(f"| {a} | 2 folded on 1 core | | | {f:.3f} | {100 * (f - p) / p:+.1f}% against the regular acquisition | |")' \
    "$app" "$f" "$regular"
done
