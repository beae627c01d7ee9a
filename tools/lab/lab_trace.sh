#!/usr/bin/env bash
# Is a what-if row's error the model's or the acquisition's? An application of a campaign (tools/lab/whatif.sh) is
# traced in the lab itself, in the row's configuration, and the trace replayed on the campaign's calibrated platform
# of that network: a prediction off from its own traced run is the model's error (the computations are the lab's); one
# right there but off from the row's prediction is the acquisition's (the trace taken on this machine). Each traced
# run alternates with an untraced one (the tracer's cost shows as their difference). Prints per run:
#   traced T s, predicted P s (E%), untraced U s
# and leaves in WORK/APP/lab_trace/CONFIG/N the archive, the trace (ti/) and the replay's JSON.
# usage: tools/lab/lab_trace.sh BUILD_DIR WORK APP CONFIG [RUNS] [-- LAB_OPTION...]
#   WORK: a campaign's directory (whatif.sh's, with cal_* and APP/input*); CONFIG: 2x1:unshaped, 2x2:100mbit,
#   2x1:cpu50, ... as in its table; RUNS: 3 by default; LAB_OPTIONs are added to lab.sh's (e.g. --queue 5ms).
#   As root, on an idle machine.
set -euo pipefail
usage="usage: tools/lab/lab_trace.sh BUILD_DIR WORK APP CONFIG [RUNS] [-- LAB_OPTION...]"
[ $# -ge 4 ] || { echo "$usage" >&2; exit 2; }
build=$(realpath "$1") work=$(realpath "$2") app=$3 config=$4 runs=3
shift 4
[ $# -gt 0 ] && [ "$1" != -- ] && { runs=$1; shift; }
[ $# -eq 0 ] || [ "$1" = -- ] || { echo "$usage" >&2; exit 2; }
[ $# -eq 0 ] || shift
src=$(cd "$(dirname "$0")/../.." && pwd)
shape=${config%%:*} net=${config#*:}
case $shape in
  2x1) ranks=2 per_node=1 ;;
  2x2) ranks=4 per_node=2 ;;
  *) echo "lab_trace: '$config': the shape is 2x1 or 2x2" >&2; exit 2 ;;
esac
lab_opts=() replay_opts=()
if [ "$net" = cpu50 ]; then
  net=unshaped lab_opts=(--cpu 2=50) replay_opts=(--set host.quota@node-1=0.5)
fi
[ "$net" = unshaped ] || lab_opts+=(--rate "$net")
lab_opts+=("$@")
[ -d "$work/cal_$net" ] && [ -d "$work/$app/input$ranks" ] ||
  { echo "lab_trace: $work has no cal_$net or $app/input$ranks (a whatif.sh campaign's directory)" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "lab_trace: needs root (the lab makes network namespaces)" >&2; exit 2; }
app_stdin=/dev/null
if [ "$app" = stencil ]; then
  app_command=("$work/bin/stencil" 400 16384 100)
else
  source "$src/tests/corpus/apps/$app.sh"
  if declare -F app_campaign > /dev/null; then  # its campaign size may change the command too: set as whatif.sh does
    scratch=$(mktemp -d)
    (cd "$scratch" && app_prepare "$ranks" > /dev/null)
    pushd "$scratch" > /dev/null && app_campaign "$ranks" > /dev/null && popd > /dev/null
    rm -rf "$scratch"
  fi
fi
out=$work/$app/lab_trace/$config
# The archive is written to memory and moved after the run: written to disk, the VM's disk interrupts land on one
# node's core and lengthen its computations by 15% (docs/accuracy.md, the eleventh session).
memory=$(mktemp -d /dev/shm/tireplay-lab-trace.XXXXXX)
trap 'rm -rf "$memory"' EXIT
for i in $(seq "$runs"); do
  for kind in traced untraced; do
    dir=$out/$i.$kind
    rm -rf "$dir" && mkdir -p "$(dirname "$dir")" && cp -a "$work/$app/input$ranks" "$dir" && cd "$dir"
    preload="-x LD_PRELOAD=$work/run_timer.so"
    [ "$kind" = untraced ] || preload="-x TIREPLAY_TRACE_DIR=$memory/archive -x LD_PRELOAD=$build/libtireplay_tracer.so"
    "$src/tools/lab/lab.sh" run --nodes 2 --ranks-per-node "$per_node" ${lab_opts[@]+"${lab_opts[@]}"} -- bash -c \
      "OMP_NUM_THREADS=1 mpirun --allow-run-as-root \$LAB_MPIRUN_OPTS -np $ranks --mca mpi_yield_when_idle 1 \
       -x OMP_NUM_THREADS $preload $(printf '%q ' "${app_command[@]}") < $app_stdin" > run.log 2> timer.log ||
      { echo "lab_trace: the $kind run failed ($dir)" >&2; exit 2; }
    [ "$kind" = untraced ] || mv "$memory/archive" "$dir/archive"
    if [ "$kind" = traced ]; then
      "$build/otf2ti" archive/traces.otf2 -o ti --flop-rate 1e9 2> otf2ti.log ||
        { echo "lab_trace: otf2ti failed ($dir/otf2ti.log)" >&2; exit 2; }
      traced=$(sed -n 's/^otf2ti: the traced run took \([0-9.e+-]*\) s.*/\1/p' otf2ti.log)
      "$build/tireplay" replay --platform "$work/cal_$net/lab.xml" --hostfile "$work/hosts_$shape.txt" \
        --trace ti/trace.txt $(cat "$work/cal_$net/lab.opt") --select ompi ${replay_opts[@]+"${replay_opts[@]}"} -q \
        --json replay.json 2> replay.err || { echo "lab_trace: the replay failed ($dir/replay.err)" >&2; exit 2; }
    else
      python3 - "$traced" "$dir/../$i.traced/replay.json" "$(sed -n 's/^run_timer: \([0-9.e+-]*\) s.*/\1/p' timer.log)" <<'PY'
import json, sys
traced, predicted, untraced = float(sys.argv[1]), json.load(open(sys.argv[2]))["simulated_time"], float(sys.argv[3])
print(f"traced {traced:.3f} s, predicted {predicted:.3f} s ({100 * (predicted - traced) / traced:+.1f}%), untraced {untraced:.3f} s")
PY
    fi
  done
done
