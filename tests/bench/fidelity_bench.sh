#!/usr/bin/env bash
# Speed and memory of both fidelity levels against `smpirun -replay` (SimGrid 3.32), in one run:
#  1. LU.W.16-class (wavefront, 16 ranks, 1.68 M actions), the 64-rank stencil (1 M actions) and an all-to-all
#     heavy trace: smpirun, `tireplay replay` (full) and `tireplay replay --fidelity fast`, RUNS alternated runs
#     each; median walls, peak RSS, predicted times, speed ratios, the fast level's error;
#  2. the full level at scale: 4,096 ranks (stencil + allreduce, 5 iterations, 16 ranks per host) against
#     smpirun: wall, peak RSS and RSS per rank, predicted times (and the fast level on the same trace);
#  3. the fast level alone at 65,536 ranks (the same stencil, one file per rank as smpirun -trace-ti writes them):
#     wall and peak RSS against the issue's budget (2 minutes, 4 GiB).
# Markdown on stdout, progress on stderr. Needs smpirun (libsimgrid-dev) and /usr/bin/time.
#
# usage: tests/bench/fidelity_bench.sh [--runs N] [--build DIR] [--skip-scale] [--skip-smpirun-scale]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build
runs=3
scale=1
smpirun_scale=1
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --skip-scale) scale=0; shift ;;
    --skip-smpirun-scale) smpirun_scale=0; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "fidelity_bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
tireplay=$build/tireplay
gen=$build/tests/bench/tireplay-gen-trace
platform=$here/platform_bench.xml
hosts=$here/hosts_256.txt
work=$(mktemp -d "${TMPDIR:-/tmp}/fidelity-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
log() { echo "$*" >&2; }

# timed OUT CMD...: runs CMD, appends "wall rss_kib" to OUT; the command's output to OUT.log
timed() {
  local out=$1; shift
  /usr/bin/time -o "$out.time" -f '%e %M' "$@" > "$out.log" 2>&1 || { log "   failed: $* (see $out.log)"; cat "$out.log" >&2; return 1; }
  tail -1 "$out.time" >> "$out"
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else print v[int((NR + 1) / 2)] }'; }
col() { awk -v c="$1" '{ print $c }' "$2" | median; }
smpirun_time() { sed -n 's/^[[:space:]]*\([-+0-9.eE]*\) Simulation time.*/\1/p' "$1" | tail -1; }
json_time() { sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$1"; }

smpirun_args=(-platform "$platform" -hostfile "$hosts" --cfg=smpi/host-speed:1f --log=replay.thresh:critical
              '--log=smpi_replay.fmt:%.15d%e%m%n')

echo "## Both levels against smpirun -replay (median of $runs runs, $(nproc) cores)"
echo
echo "| trace | actions | smpirun (s) | full (s) | fast (s) | fast vs smpirun | fast vs full | full vs smpirun | RSS smpirun / full / fast (MiB) | predicted: smpirun, full, fast (s) | fast error |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---|---|---:|"
case_row() {  # NAME RANKS ACTIONS GEN-ARGS...
  local name=$1 ranks=$2 actions=$3; shift 3
  local dir
  dir=$work/$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')
  "$gen" --ranks "$ranks" --actions "$actions" --out "$dir" "$@" 2> "$dir.gen" || { cat "$dir.gen" >&2; return; }
  local real
  real=$(sed -n 's/.* \([0-9][0-9]*\) actions,.*/\1/p' "$dir.gen")
  log "== $name: $ranks ranks, $real actions"
  : > "$dir.smpi"; : > "$dir.full"; : > "$dir.fast"
  for _ in $(seq "$runs"); do
    (cd "$work" && timed "$dir.smpi" smpirun -np "$ranks" "${smpirun_args[@]}" -replay "$dir/index.txt")
    timed "$dir.full" "$tireplay" replay --platform "$platform" --hostfile "$hosts" --trace "$dir/index.txt" -q \
      --json "$dir.full.json"
    timed "$dir.fast" "$tireplay" replay --fidelity fast --platform "$platform" --hostfile "$hosts" \
      --trace "$dir/index.txt" -q --json "$dir.fast.json"
    log "   smpirun $(tail -1 "$dir.smpi"), full $(tail -1 "$dir.full"), fast $(tail -1 "$dir.fast") (wall s, RSS KiB)"
  done
  local ws wf wq ts tf tq
  ws=$(col 1 "$dir.smpi") wf=$(col 1 "$dir.full") wq=$(col 1 "$dir.fast")
  ts=$(smpirun_time "$dir.smpi.log") tf=$(json_time "$dir.full.json") tq=$(json_time "$dir.fast.json")
  awk -v n="$name" -v a="$real" -v ws="$ws" -v wf="$wf" -v wq="$wq" -v rs="$(col 2 "$dir.smpi")" \
      -v rf="$(col 2 "$dir.full")" -v rq="$(col 2 "$dir.fast")" -v ts="$ts" -v tf="$tf" -v tq="$tq" 'BEGIN {
    printf "| %s | %d | %.2f | %.2f | %.2f | %.1fx | %.1fx | %.2fx | %.0f / %.0f / %.0f | %.6f, %.6f, %.6f | %+.3f%% |\n",
      n, a, ws, wf, wq, ws / wq, wf / wq, ws / wf, rs / 1024, rf / 1024, rq / 1024, ts, tf, tq, (tq - tf) / tf * 100 }'
  rm -rf "$dir"
}
case_row "LU.W.16-class wavefront (16 ranks)" 16 1680000 --pattern wavefront
case_row "stencil + allreduce (64 ranks)" 64 1000000
case_row "all-to-all heavy (64 ranks, 64 KiB)" 64 60000 --pattern alltoall --bytes 65536
echo

if [ "$scale" = 1 ]; then
  echo "## At scale (one run each)"
  echo
  echo "| run | ranks | actions | wall (s) | peak RSS (MiB) | RSS per rank (KiB) | predicted (s) |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  scale_row() {  # LABEL RANKS OUT-PREFIX JSON|- CMD...
    local label=$1 ranks=$2 out=$3 json=$4; shift 4
    : > "$out"
    timed "$out" "$@" || return
    local t
    if [ "$json" = - ]; then t=$(smpirun_time "$out.log"); else t=$(json_time "$json"); fi
    read -r wall rss < "$out"
    awk -v l="$label" -v n="$ranks" -v a="$actions" -v w="$wall" -v r="$rss" -v t="$t" 'BEGIN {
      printf "| %s | %d | %d | %.1f | %.0f | %.1f | %.6f |\n", l, n, a, w, r / 1024, r / n, t }'
  }
  dir=$work/s4096
  "$gen" --ranks 4096 --actions 233472 --out "$dir" 2> "$dir.gen"
  actions=$(sed -n 's/.* \([0-9][0-9]*\) actions,.*/\1/p' "$dir.gen")
  log "== 4,096 ranks, $actions actions"
  if [ "$smpirun_scale" = 1 ]; then
    (cd "$work" && scale_row "smpirun -replay" 4096 "$dir.smpi" - smpirun -np 4096 "${smpirun_args[@]}" \
      -replay "$dir/index.txt")
  fi
  scale_row "tireplay full" 4096 "$dir.full" "$dir.full.json" "$tireplay" replay --platform "$platform" \
    --hostfile "$hosts" --oversubscribe --trace "$dir/index.txt" -q --json "$dir.full.json"
  scale_row "tireplay fast" 4096 "$dir.fast" "$dir.fast.json" "$tireplay" replay --fidelity fast \
    --platform "$platform" --hostfile "$hosts" --oversubscribe --trace "$dir/index.txt" -q --json "$dir.fast.json"
  rm -rf "$dir"
  dir=$work/s65536
  "$gen" --ranks 65536 --actions 14548992 --out "$dir" 2> "$dir.gen"
  actions=$(sed -n 's/.* \([0-9][0-9]*\) actions,.*/\1/p' "$dir.gen")
  log "== 65,536 ranks, $actions actions"
  scale_row "tireplay fast" 65536 "$dir.fast" "$dir.fast.json" "$tireplay" replay --fidelity fast \
    --platform "$platform" --hostfile "$hosts" --oversubscribe --trace "$dir/index.txt" -q --json "$dir.fast.json"
  rm -rf "$dir"
  echo
  echo "Budget of the 65,536-rank fast run: 120 s and 4096 MiB."
fi
