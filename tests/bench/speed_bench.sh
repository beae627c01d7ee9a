#!/usr/bin/env bash
# Speed and memory of both fidelity levels against `smpirun -replay` (SimGrid 3.32), in one run (issue 29):
#  1. LU.W.16-class (wavefront, 16 ranks, 1.68 M actions), the 64-rank stencil (1 M actions), an all-to-all heavy
#     trace and a 10 M-action wavefront: smpirun, `tireplay replay` (full) on the text and on the packed trace
#     (`tireplay pack`), `--fidelity fast` on both, RUNS alternated runs each; median walls, actions per second,
#     peak RSS, predicted times, speed ratios to smpirun, the fast level's error;
#  2. the traces' sizes (text, text compressed with zstd -3, packed) and their reading alone, text and packed
#     (`tireplay actions --count`: every action read and checked as a replay reads it, nothing simulated);
#  3. the full level at scale: 4,096 ranks (stencil + allreduce, 5 iterations, 16 ranks per host) against
#     smpirun: wall, peak RSS and RSS per rank, predicted times (and the fast level on the same trace);
#  4. the fast level alone at 65,536 ranks (the same stencil, one file per rank as smpirun -trace-ti writes them):
#     wall and peak RSS against the issue's budget (2 minutes, 4 GiB).
# Markdown on stdout, progress on stderr. Needs smpirun (libsimgrid-dev), zstd and /usr/bin/time.
#
# usage: tests/bench/speed_bench.sh [--runs N] [--build DIR] [--skip-scale] [--skip-smpirun-scale] [--skip-10m]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build
runs=3
scale=1
smpirun_scale=1
big=1
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --skip-scale) scale=0; shift ;;
    --skip-smpirun-scale) smpirun_scale=0; shift ;;
    --skip-10m) big=0; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "speed_bench.sh: unknown option $1" >&2; exit 2 ;;
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
echo "| trace | actions | smpirun (s) | full text (s) | full packed (s) | fast text (s) | fast packed (s) | full vs smpirun (text, packed) | fast vs smpirun (text, packed) | fast packed (M actions/s) | RSS smpirun / full / fast text / fast packed (MiB) | predicted: smpirun, full, fast (s) | fast error |"
echo "|---|---:|---:|---:|---:|---:|---:|---|---|---:|---|---|---:|"
reading=$work/reading.md
: > "$reading"
case_row() {  # NAME RANKS ACTIONS GEN-ARGS...
  local name=$1 ranks=$2 actions=$3; shift 3
  local dir
  dir=$work/$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')
  "$gen" --ranks "$ranks" --actions "$actions" --out "$dir" "$@" 2> "$dir.gen" || { cat "$dir.gen" >&2; return; }
  "$tireplay" pack -q "$dir/index.txt" "$dir.tipack" || return
  local real
  real=$(sed -n 's/.* \([0-9][0-9]*\) actions,.*/\1/p' "$dir.gen")
  log "== $name: $ranks ranks, $real actions"
  : > "$dir.smpi"; : > "$dir.full"; : > "$dir.fullp"; : > "$dir.fast"; : > "$dir.fastp"
  local replay=("$tireplay" replay --platform "$platform" --hostfile "$hosts" -q)
  for _ in $(seq "$runs"); do
    (cd "$work" && timed "$dir.smpi" smpirun -np "$ranks" "${smpirun_args[@]}" -replay "$dir/index.txt")
    timed "$dir.full" "${replay[@]}" --trace "$dir/index.txt" --json "$dir.full.json"
    timed "$dir.fullp" "${replay[@]}" --trace "$dir.tipack" --json "$dir.fullp.json"
    timed "$dir.fast" "${replay[@]}" --fidelity fast --trace "$dir/index.txt" --json "$dir.fast.json"
    timed "$dir.fastp" "${replay[@]}" --fidelity fast --trace "$dir.tipack" --json "$dir.fastp.json"
    log "   smpirun $(tail -1 "$dir.smpi"), full $(tail -1 "$dir.full") / $(tail -1 "$dir.fullp"), fast" \
      "$(tail -1 "$dir.fast") / $(tail -1 "$dir.fastp") (text / packed; wall s, RSS KiB)"
  done
  local ws wf wfp wq wqp ts tf tq
  ws=$(col 1 "$dir.smpi") wf=$(col 1 "$dir.full") wfp=$(col 1 "$dir.fullp") wq=$(col 1 "$dir.fast")
  wqp=$(col 1 "$dir.fastp")
  ts=$(smpirun_time "$dir.smpi.log") tf=$(json_time "$dir.full.json") tq=$(json_time "$dir.fast.json")
  [ "$(json_time "$dir.fullp.json")" = "$tf" ] && [ "$(json_time "$dir.fastp.json")" = "$tq" ] ||
    log "   WARNING: the packed trace's predictions differ from the text's"
  awk -v n="$name" -v a="$real" -v ws="$ws" -v wf="$wf" -v wfp="$wfp" -v wq="$wq" -v wqp="$wqp" \
      -v rs="$(col 2 "$dir.smpi")" -v rf="$(col 2 "$dir.full")" -v rq="$(col 2 "$dir.fast")" \
      -v rqp="$(col 2 "$dir.fastp")" -v ts="$ts" -v tf="$tf" -v tq="$tq" 'BEGIN {
    printf "| %s | %d | %.2f | %.2f | %.2f | %.3f | %.3f | %.2fx, %.2fx | %.1fx, %.1fx | %.2f | %.0f / %.0f / %.0f / %.0f | %.6f, %.6f, %.6f | %+.3f%% |\n",
      n, a, ws, wf, wfp, wq, wqp, ws / wf, ws / wfp, ws / wq, ws / wqp, a / wqp / 1e6, rs / 1024, rf / 1024,
      rq / 1024, rqp / 1024, ts, tf, tq, (tq - tf) / tf * 100 }'
  # its size and reading alone
  local text zst packed rt rp
  text=$(cat "$dir"/rank*.txt | wc -c) zst=$(cat "$dir"/rank*.txt | zstd -3 -q -c | wc -c)
  packed=$(stat -c %s "$dir.tipack")
  : > "$dir.rt"; : > "$dir.rp"
  for _ in $(seq "$runs"); do
    timed "$dir.rt" "$tireplay" actions --count "$dir/index.txt"
    timed "$dir.rp" "$tireplay" actions --count "$dir.tipack"
  done
  rt=$(col 1 "$dir.rt") rp=$(col 1 "$dir.rp")
  awk -v n="$name" -v a="$real" -v t="$text" -v z="$zst" -v p="$packed" -v rt="$rt" -v rp="$rp" 'BEGIN {
    printf "| %s | %d | %.1f | %.2f | %.1f (%.2fx text) | %.2f (%.1f M/s) | %.3f (%.1f M/s) |\n",
      n, a, t / 1e6, z / 1e6, p / 1e6, p / t, rt, a / rt / 1e6, rp, a / rp / 1e6 }' >> "$reading"
  rm -rf "$dir" "$dir.tipack"
}
case_row "LU.W.16-class wavefront (16 ranks)" 16 1680000 --pattern wavefront
case_row "stencil + allreduce (64 ranks)" 64 1000000
case_row "all-to-all heavy (64 ranks, 64 KiB)" 64 60000 --pattern alltoall --bytes 65536
[ "$big" = 1 ] && case_row "10 M-action wavefront (16 ranks)" 16 10000000 --pattern wavefront
echo
echo "## Trace sizes and reading alone (tireplay actions --count, median of $runs runs)"
echo
echo "| trace | actions | text (MB) | text, zstd -3 (MB) | packed (MB) | read text (s) | read packed (s) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
cat "$reading"
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
