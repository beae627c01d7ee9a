#!/usr/bin/env bash
# The what-if campaign (docs/accuracy.md, "What-if"): each application is acquired on this machine the usual way (2
# ranks, one per core; 4 ranks folded on one core), predicted by tireplay on lab platforms calibrated as a user
# calibrates a cluster (tools/lab/calibrate.sh) and measured untraced in the lab (tools/lab/lab.sh), median of 3 runs,
# or of 5 where the first three runs or predictions spread by more than 15% (tools/accuracy/run_timer.c: MPI_Init to
# MPI_Finalize, slowest rank), on these configurations:
#   1x2:local (this machine, 2 ranks one per core over shared memory, as acquired: the control; calibrated as
#       tools/accuracy/measure.sh does, measured without the lab)
#   2x1 (2 nodes, 1 rank each; from the 2-rank trace): links unshaped, 1gbit, 100mbit, 10mbit; unshaped with node 2
#       at 50% CPU (--cpu 2=50, predicted with --set host.quota@node-1=0.5: a CPU quota, docs/calibration.md)
#   2x2 (2 nodes, 2 ranks each sharing the node's core; from the 4-rank folded trace): unshaped, 100mbit
# Acquisitions and measurements are interleaved in waves: wave K traces the application afresh, then predicts every
# row from that trace and measures it once, so that this VM's slow periods (minutes long) touch a prediction and the
# run it is compared with alike. A row's prediction is the median of its waves' predictions.
# Prints a table row per configuration (measured runs, predictions, error of the medians, the load average before each
# run), then Kendall's tau per application between predicted and measured times. A measurement taken while something
# else used more than 10% of the CPU is marked busy and left out of tau.
# A configuration whose first prediction exceeds --max-run seconds (default 40) is not measured (3 runs of it would
# take the campaign past its budget): its row says so, and it is left out of tau.
# Predictions take the calibration's options (tools/lab/calibrate.sh: the network's factors, Open MPI's progress only
# inside MPI calls, the scheduler's delays for ranks sharing a core, the cost of a check for messages) and Open MPI's
# collective algorithms (--select ompi: Open MPI 4.1's decision rules).
# usage: tools/lab/whatif.sh [--max-run SECONDS] BUILD_DIR WORK_DIR [APP...]
#        (apps: stencil and tests/corpus/apps/*.sh; default: all of them but those with app_whatif_skip)
set -euo pipefail
usage="usage: tools/lab/whatif.sh [--max-run SECONDS] BUILD_DIR WORK_DIR [APP...]"
max_run=40
if [ "${1:-}" = --max-run ]; then
  [[ ${2:-} =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "whatif: --max-run: '${2:-}' is not a number of seconds" >&2; exit 2; }
  max_run=$2
  shift 2
fi
[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
build=$(realpath "$1") work=$2
shift 2
src=$(cd "$(dirname "$0")/../.." && pwd)
apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then  # every app but those whose file says why the campaign leaves them out
  apps=(stencil)
  for file in "$src"/tests/corpus/apps/*.sh; do
    why=$(sed -n 's/^app_whatif_skip="\(.*\)"$/\1/p' "$file")
    if [ -n "$why" ]; then
      echo "whatif: $(basename "$file" .sh) left out: $why"
    else
      apps+=("$(basename "$file" .sh)")
    fi
  done
fi
for app in "${apps[@]}"; do
  [ "$app" = stencil ] || [ -f "$src/tests/corpus/apps/$app.sh" ] ||
    { echo "whatif: no application '$app' (stencil or one of tests/corpus/apps/*.sh)" >&2; exit 2; }
done
lab=$src/tools/lab/lab.sh
[ "$(id -u)" -eq 0 ] || { echo "whatif: needs root (the lab makes network namespaces)" >&2; exit 2; }
rm -rf "$work" && mkdir -p "$work" && work=$(realpath "$work") && cd "$work"
trap '"$lab" down > /dev/null 2>&1 || true' EXIT

# busy: the share of the CPU used in the last half second, in percent (nothing of ours runs then)
busy() {
  local a b
  a=($(head -1 /proc/stat)); sleep 0.5; b=($(head -1 /proc/stat))
  local total=0 idle=$(( (b[4] + b[5]) - (a[4] + a[5]) )) i
  for i in 1 2 3 4 5 6 7 8; do total=$((total + b[i] - a[i])); done
  echo $(( total > 0 ? 100 * (total - idle) / total : 0 ))
}
load() { cut -d' ' -f1 /proc/loadavg; }
used=$(busy)
if [ "$used" -gt 10 ]; then
  echo "whatif: the machine is busy ($used% of the CPU used by others, load $(load)): the campaign measures run times" >&2
  exit 2
fi

mkdir -p bin && mpicc -O2 -o bin/stencil "$src/tests/lab/stencil.c"
mpicc -O2 -shared -fPIC -o run_timer.so "$src/tools/accuracy/run_timer.c" -ldl

# The networks, calibrated once each (the 50% CPU node is the unshaped network's).
declare -A rate_of=([local]="" [unshaped]="" [1gbit]=1gbit [100mbit]=100mbit [10mbit]=10mbit)
for net in unshaped 1gbit 100mbit 10mbit; do
  largest=4194304
  [ "$net" = 10mbit ] && largest=1048576
  "$src/tools/lab/calibrate.sh" "$build" "cal_$net" --largest $largest ${rate_of[$net]:+--rate ${rate_of[$net]}} \
    > "cal_$net.log" 2>&1 || { cat "cal_$net.log" >&2; exit 2; }
  worst=$(cat "cal_$net/fit_error")
  echo "calibrated $net: $(grep -c . "cal_$net/pingpong.txt") sizes, fit within $worst% at every size"
done
# This machine (rows 1x2:local: 2 ranks one per core, shared memory, as the traces were taken), calibrated as
# tools/accuracy/measure.sh does it: a shared-memory ping-pong and the cost of an unsuccessful MPI_Test.
mpicc -O2 -o bin/pingpong "$src/tools/accuracy/pingpong.c" -lm
mpirun --allow-run-as-root -np 2 --bind-to core bin/pingpong > cal_local.txt
"$build/tireplay" calibrate pingpong cal_local.txt --speed 1e9 --hosts 2 --platform-out cal_local.xml \
  --options-out cal_local.opt > cal_local.log
mkdir -p cal_local && mv cal_local.xml cal_local/lab.xml &&
  echo "--cfg=smpi/test:$(sed -n 's/^# test //p' cal_local.txt)" > cal_local/lab.opt &&
  { grep -e tireplay/win- -e tireplay/rma- cal_local.opt >> cal_local/lab.opt || true; }  # one-sided calls' costs
[ "$(sed -n 's/^# async-progress //p' cal_local.txt)" != no ] || echo "--cfg=tireplay/async-progress:no" >> cal_local/lab.opt
echo "calibrated this machine: $(grep -c '^[0-9]' cal_local.txt) sizes"
printf 'node-0\nnode-1\n' > hosts_2x1.txt
cp hosts_2x1.txt hosts_1x2.txt
printf 'node-0\nnode-0\nnode-1\nnode-1\n' > hosts_2x2.txt

# app_setup APP: sets app_command, app_stdin and app_prepare (a corpus app at its campaign size, or the stencil)
app_setup() {
  app_stdin=/dev/null
  unset -f app_campaign
  if [ "$1" = stencil ]; then
    app_prepare() { :; }
    app_command=("$work/bin/stencil" 400 16384 100)
  else
    source "$src/tests/corpus/apps/$1.sh"
  fi
}
prepare() {  # DIR RANKS: a fresh directory with the app's input, at the campaign's size
  rm -rf "$1" && mkdir -p "$1" && cd "$1"
  app_prepare "$2"
  if declare -F app_campaign > /dev/null; then app_campaign "$2"; fi
}

median() { python3 -c 'import statistics,sys; print(statistics.median(map(float, sys.argv[1:])))' "$@"; }
# spread_over RUN...: whether the runs spread by more than 15% of their median
spread_over() {
  python3 -c 'import statistics,sys; r = [float(x) for x in sys.argv[1:]]; sys.exit(not (max(r) - min(r) > 0.15 * statistics.median(r)))' "$@"
}
# acquire ACQ K: the application traced the usual way on this machine (ACQ=2: one rank per core; ACQ=4: folded on
# core 0), converted in $work/$app/traceACQ.K/ti; prints the traced run's time.
acquire() {
  local dir=$work/$app/trace$1.$2 opts=(--bind-to core)
  [ "$1" = 4 ] && opts=(--oversubscribe --cpu-set 0 --bind-to core --mca mpi_yield_when_idle 1)
  rm -rf "$dir" && cp -a "$work/$app/input$1" "$dir" && cd "$dir"
  TIREPLAY_TRACE_DIR=archive OMP_NUM_THREADS=1 mpirun --allow-run-as-root -np "$1" "${opts[@]}" \
    -x TIREPLAY_TRACE_DIR -x OMP_NUM_THREADS -x LD_PRELOAD="$build/libtireplay_tracer.so" "${app_command[@]}" \
    < "$app_stdin" > run.log 2>&1 || { echo "whatif: $app's traced run failed ($PWD/run.log)" >&2; exit 2; }
  "$build/otf2ti" archive/traces.otf2 -o ti --flop-rate 1e9 2> otf2ti.log ||
    { echo "whatif: otf2ti failed on $app ($PWD/otf2ti.log)" >&2; exit 2; }
  sed -n 's/^otf2ti: the traced run took \([0-9.e+-]*\) s.*/\1/p' otf2ti.log
  cd "$work"
}
# configure LABEL: sets shape, net, ranks, per_node (ranks = the trace's ranks), lab_opts and replay_opts for a row
configure() {
  shape=${1%%:*} net=${1#*:}
  lab_opts=() replay_opts=() ranks=2 per_node=1
  [ "$shape" = 2x2 ] && ranks=4 per_node=2
  if [ "$net" = cpu50 ]; then
    net=unshaped lab_opts=(--cpu 2=50) replay_opts=(--set host.quota@node-1=0.5)
  fi
  [ -z "${rate_of[$net]}" ] || lab_opts+=(--rate "${rate_of[$net]}")
}
# predict LABEL K: the row's prediction from wave K's trace (JSON in $work/$app/LABEL.K.json, the replay's errors
# in $work/$app/LABEL.err); prints the predicted time
predict() {
  "$build/tireplay" replay --platform "cal_$net/lab.xml" --hostfile "hosts_$shape.txt" \
    --trace "$app/trace$ranks.$2/ti/trace.txt" $(cat "cal_$net/lab.opt") --select ompi \
    ${replay_opts[@]+"${replay_opts[@]}"} -q --json "$app/$1.$2.json" 2> "$app/$1.err" || return 1
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["simulated_time"])' "$app/$1.$2.json"
}
# measure LABEL K: run K of the row, untraced (tools/accuracy/run_timer.c: MPI_Init to MPI_Finalize, slowest rank)
measure() {
  rm -rf "$work/$app/$1/$2" && mkdir -p "$work/$app/$1" && cp -a "$work/$app/input$ranks" "$work/$app/$1/$2" &&
    cd "$work/$app/$1/$2"
  if [ "$net" = local ]; then
    OMP_NUM_THREADS=1 mpirun --allow-run-as-root -np 2 --bind-to core -x OMP_NUM_THREADS \
      -x LD_PRELOAD="$work/run_timer.so" "${app_command[@]}" < "$app_stdin" > run.log 2> timer.log ||
      { echo "whatif: $app $1 run $2 failed ($PWD)" >&2; exit 2; }
  else
    "$lab" run --nodes 2 --ranks-per-node "$per_node" ${lab_opts[@]+"${lab_opts[@]}"} -- bash -c \
      "OMP_NUM_THREADS=1 mpirun --allow-run-as-root \$LAB_MPIRUN_OPTS -np $ranks --mca mpi_yield_when_idle 1 \
       -x OMP_NUM_THREADS -x LD_PRELOAD=$work/run_timer.so $(printf '%q ' "${app_command[@]}") < $app_stdin" \
      > run.log 2> timer.log || { echo "whatif: $app $1 run $2 failed ($PWD)" >&2; exit 2; }
  fi
  sed -n 's/^run_timer: \([0-9.e+-]*\) s.*/\1/p' timer.log
  cd "$work"
}

labels=(1x2:local 2x1:unshaped 2x1:1gbit 2x1:100mbit 2x1:10mbit 2x1:cpu50 2x2:unshaped 2x2:100mbit)
rows=$work/rows.txt
: > "$rows"
for app in "${apps[@]}"; do
  app_setup "$app"
  prepare "$work/$app/input2" 2 && prepare "$work/$app/input4" 4 && cd "$work"  # copied for each run
  # Waves: in wave K the application is traced afresh (2 ranks, and 4 folded, as the open rows need), then every
  # open row is predicted from that wave's trace and measured once. A prediction and its measured run are a minute
  # or two apart, so this VM's slow periods (minutes long, docs/accuracy.md) touch both sides alike. Three waves;
  # two more for the rows whose runs or predictions spread by more than 15% of their median (median of five then).
  declare -A runs=() preds=() loads=() worst=()
  traced2="" traced4=""
  open=("${labels[@]}")
  for k in 1 2 3 4 5; do
    if [ "$k" -eq 4 ]; then
      still=()
      for label in "${open[@]}"; do
        if spread_over ${runs[$label]} || spread_over ${preds[$label]}; then still+=("$label"); fi
      done
      open=(${still[@]+"${still[@]}"})
    fi
    [ ${#open[@]} -gt 0 ] || break
    need2=no need4=no
    for label in "${open[@]}"; do
      case $label in 2x2:*) need4=yes ;; *) need2=yes ;; esac
    done
    [ $need2 = no ] || traced2+="$(acquire 2 "$k") "
    [ $need4 = no ] || traced4+="$(acquire 4 "$k") "
    still=()
    for label in "${open[@]}"; do
      configure "$label"
      if ! p=$(predict "$label" "$k"); then
        # A trace that does not replay is a bug to fix, not a row: said, and the campaign goes on.
        printf '| %s | %s | not measured | replay failed | %s | | |\n' "$app" "$label" \
          "$(head -2 "$app/$label.err" | paste -sd' ')" | tee -a "$rows"
        continue
      fi
      if [ "$k" -eq 1 ] && python3 -c 'import sys; sys.exit(float(sys.argv[1]) <= float(sys.argv[2]))' "$p" "$max_run"
      then
        printf '| %s | %s | not measured | %.3f | predicted over --max-run %s s | | |\n' "$app" "$label" "$p" \
          "$max_run" | tee -a "$rows"
        continue
      fi
      b=$(busy)
      [ "$b" -le "${worst[$label]:-0}" ] || worst[$label]=$b
      loads[$label]+="$(load) "
      preds[$label]+="$p "
      runs[$label]+="$(measure "$label" "$k") "
      still+=("$label")
    done
    open=(${still[@]+"${still[@]}"})
  done
  echo "acquired $app: traced runs at 2 ranks ${traced2:-none }s, at 4 ranks folded ${traced4:-none }s"
  for label in "${labels[@]}"; do
    [ -n "${runs[$label]:-}" ] || continue
    python3 - "$app" "$label" "${loads[$label]}" "${worst[$label]:-0}" "${runs[$label]}" "${preds[$label]}" \
      <<'PY' | tee -a "$rows"
import statistics, sys
app, config, loads, busy = sys.argv[1], sys.argv[2], sys.argv[3].strip(), int(sys.argv[4])
runs, preds = [[float(x) for x in a.split()] for a in sys.argv[5:7]]
measured, predicted = statistics.median(runs), statistics.median(preds)
error = 100 * (predicted - measured) / measured
mark = "**" if abs(error) > 10 else ""
note = f"busy {busy}%" if busy > 10 else ""
listed = lambda values: ", ".join(f"{v:.3f}" for v in values)
print(f"| {app} | {config} | {measured:.3f} ({listed(runs)}) | {predicted:.3f} ({listed(preds)}) | "
      f"{mark}{error:+.1f}%{mark} | {loads} | {note} |")
PY
  done
  unset runs preds loads worst
done

echo
echo "Kendall's tau between predicted and measured times, per application (rows not marked busy):"
python3 - "$rows" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    f = [x.strip() for x in line.strip().strip("|").split("|")]
    if f[6] or f[2] == "not measured":  # busy, over --max-run, replay failed
        continue
    rows.setdefault(f[0], []).append((float(f[2].split()[0]), float(f[3].split()[0])))
for app, pairs in rows.items():
    concordant = discordant = 0
    for i in range(len(pairs)):
        for j in range(i + 1, len(pairs)):
            s = (pairs[i][0] - pairs[j][0]) * (pairs[i][1] - pairs[j][1])
            concordant += s > 0
            discordant += s < 0
    n = concordant + discordant
    print(f"  {app}: tau = {(concordant - discordant) / n if n else float('nan'):.3f} over {len(pairs)} configurations")
within = [abs(p - m) <= 0.1 * m for pairs in rows.values() for m, p in pairs]
print(f"{sum(within)} of {len(within)} rows (not busy) within 10%")
PY
echo "whatif: the campaign took $((SECONDS / 60)) minutes $((SECONDS % 60)) s"
