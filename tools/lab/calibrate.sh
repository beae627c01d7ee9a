#!/usr/bin/env bash
# Calibrates a platform of the lab as a user calibrates a cluster (docs/lab.md): an Open MPI ping-pong between
# nodes 1 and 2 (tools/accuracy/pingpong.c, one rank per node, TCP) and one between two ranks of node 1 (shared
# memory, the two sharing the node's core as the lab's 2-rank nodes do, mpi_yield_when_idle), then `tireplay
# calibrate pingpong` on them: OUT/pingpong.txt, OUT/exchange.txt (the same sizes exchanged between the nodes, back to
# back), OUT/exchange_after_pause.txt (single exchanges after a pause), with --windows OUT/exchange_windows.txt (per
# size, the gap of computation from which exchanges in a sequence run both ways at once), OUT/node.txt, OUT/lab.xml (a cluster of the
# lab's nodes with SMPI's factors between nodes and the loopback's within one, hosts at --speed), OUT/lab.opt (the
# same factors as replay options, tireplay/both-ways-factor from the back-to-back exchanges above Open MPI's TCP
# eager limit, -after-pause from the single ones, tireplay/both-ways-window (100 us; with --windows, per size from
# the gaps: docs/accuracy.md says why it is not the default), smpi/test: one
# unsuccessful MPI_Test, tireplay/async-progress:no where a rendezvous waits for its receiver to enter MPI; and, from
# two ranks on each node's core (tools/lab/colocated.c, OUT/colocated.txt), tireplay/wakeup-delay,
# tireplay/wakeup-delay-polling, tireplay/poll-cpu and tireplay/poll-cpu-shared (a program's check for messages,
# alone on its core and beside a waiting rank), tireplay/polling where a waiting rank takes a quarter of the core or
# more, and from two pairs of ranks exchanging at once across unshaped links (tools/lab/transport_cpu.c,
# OUT/transport_cpu.txt: a host's property, measured where the CPU, not the link, is the bottleneck),
# tireplay/transport-cpu),
# OUT/calibrate.log
# (the fit, with its error at every size), OUT/fit_error (the largest, in percent). Lab options (--nodes, --rate,
# --bottleneck, --cpu) are lab.sh's.
# usage: tools/lab/calibrate.sh BUILD_DIR OUT_DIR [--speed FLOPS] [--largest BYTES] [--windows] [lab options...]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: tools/lab/calibrate.sh BUILD_DIR OUT_DIR [--speed FLOPS] [--largest BYTES] [--windows] [lab options...]" >&2; exit 2; }
build=$(realpath "$1") out=$2
shift 2
src=$(cd "$(dirname "$0")/../.." && pwd)
speed=1e9 largest=4194304 nodes=2 lab_options=() windows=
while [ $# -gt 0 ]; do
  case $1 in
    --speed) speed=$2; shift 2 ;;
    --largest) largest=$2; shift 2 ;;
    --windows) windows=windows; shift ;;
    --nodes) nodes=$2; lab_options+=("$1" "$2"); shift 2 ;;
    *) lab_options+=("$1"); shift ;;
  esac
done
mkdir -p "$out" && out=$(realpath "$out")
mpicc -O2 -o "$out/pingpong" "$src/tools/accuracy/pingpong.c" -lm
mpicc -O2 -o "$out/colocated" "$src/tools/lab/colocated.c"
mpicc -O2 -o "$out/transport_cpu" "$src/tools/lab/transport_cpu.c"
"$src/tools/lab/lab.sh" run --nodes "$nodes" ${lab_options[@]+"${lab_options[@]}"} -- bash -c \
  "mpirun --allow-run-as-root \$LAB_MPIRUN_OPTS -np 2 --map-by node '$out/pingpong' $largest $windows" > "$out/pingpong.txt"
"$src/tools/lab/lab.sh" run --nodes 1 --ranks-per-node 2 -- bash -c \
  "mpirun --allow-run-as-root \$LAB_MPIRUN_OPTS -np 2 --mca mpi_yield_when_idle 1 '$out/pingpong' $largest" \
  > "$out/node.txt"
"$src/tools/lab/lab.sh" run ${lab_options[@]+"${lab_options[@]}"} --nodes 2 --ranks-per-node 2 -- bash -c \
  "mpirun --allow-run-as-root \$LAB_MPIRUN_OPTS -np 4 --mca mpi_yield_when_idle 1 '$out/colocated'" > "$out/colocated.txt"
"$src/tools/lab/lab.sh" run --nodes 2 --ranks-per-node 2 -- bash -c \
  "mpirun --allow-run-as-root \$LAB_MPIRUN_OPTS -np 4 --mca mpi_yield_when_idle 1 '$out/transport_cpu'" \
  > "$out/transport_cpu.txt"
sed -n 's/^# exchange //p' "$out/pingpong.txt" > "$out/exchange.txt"
sed -n 's/^# exchange-after-pause //p' "$out/pingpong.txt" > "$out/exchange_after_pause.txt"
window_options=()
if [ -n "$windows" ]; then
  sed -n 's/^# exchange-window //p' "$out/pingpong.txt" > "$out/exchange_windows.txt"
  window_options=(--exchange-windows "$out/exchange_windows.txt")
fi
# Open MPI's TCP transport sends messages of its eager limit (header included) or more by rendezvous; the few dozen
# bytes of header are left out (messages just below the limit count as eager)
eager=$(ompi_info --param btl tcp --level 9 --parsable 2> /dev/null | sed -n 's/^mca:btl:tcp:param:btl_tcp_eager_limit:value://p')
"$build/tireplay" calibrate pingpong "$out/pingpong.txt" --loopback "$out/node.txt" --speed "$speed" --hosts "$nodes" \
  --exchange "$out/exchange.txt" --exchange-after-pause "$out/exchange_after_pause.txt" --eager-limit "${eager:-65536}" \
  ${window_options[@]+"${window_options[@]}"} \
  --platform-out "$out/lab.xml" --options-out "$out/lab.opt" > "$out/calibrate.log" 2>&1 ||
  { cat "$out/calibrate.log" >&2; exit 2; }
# smpi/test and tireplay/async-progress:no come from pingpong.txt's '# test' and '# async-progress' lines (calibrate)
for delay in wakeup-delay wakeup-delay-polling poll-cpu poll-cpu-shared; do
  value=$(sed -n "s/^# $delay //p" "$out/colocated.txt")
  [ -n "$value" ] || { echo "calibrate: no '# $delay' in $out/colocated.txt" >&2; exit 2; }
  echo "--cfg=tireplay/$delay:$value" >> "$out/lab.opt"
done
awk '/^# polling-share / { exit !($3 >= 0.25) }' "$out/colocated.txt" && echo "--cfg=tireplay/polling:yes" >> "$out/lab.opt"
transport_cpu=$(sed -n 's/^# transport-cpu //p' "$out/transport_cpu.txt")
[ -n "$transport_cpu" ] || { echo "calibrate: no '# transport-cpu' in $out/transport_cpu.txt" >&2; exit 2; }
echo "--cfg=tireplay/transport-cpu:$transport_cpu" >> "$out/lab.opt"
# The largest "max error" of the fit's tables (network and loopback), in percent.
awk '/max error/ { on = 1; next } on && NF == 0 { on = 0 } on { for (i = 1; i <= NF; i++)
       if ($i ~ /%$/) { v = $i + 0; if (v > w) w = v } } END { printf "%.3f\n", w }' "$out/calibrate.log" \
  > "$out/fit_error"
cat "$out/calibrate.log"
