#!/usr/bin/env bash
# Benchmark of `tireplay sweep --parallel`: the 3x3x2 sweep of the bundled stencil trace on grid_88 (88 ranks, link
# bandwidth and latency at 0.5x, 1x, 2x, bcast binomial or chain: 18 replays of about 0.35 s each), timed whole
# with --jobs 1 and --jobs 2, alternately (1, 2, 1, 2, ...) so that both see the same machine. Prints the
# median wall time of each and the median of the per-pair ratios jobs2/jobs1 (on 2 free cores, about 0.5), and
# checks that both wrote the same results.csv.
#
# Usage: tests/bench/sweep_jobs.sh [--runs N] [--tireplay PATH] [--jobs J]   (J: the parallel run, default 2)
# Dependencies: bash, coreutils (date, sort, cmp), awk.
set -uo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "${SCRIPT_DIR}/../.." && pwd)
TIREPLAY="${REPO_ROOT}/build/tireplay"
RUNS=5
JOBS=2
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS=$2; shift 2 ;;
    --tireplay) TIREPLAY=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--tireplay PATH] [--jobs J]" >&2; exit 2 ;;
  esac
done
[ -x "$TIREPLAY" ] || { echo "$0: no tireplay at $TIREPLAY (build it, or pass --tireplay)" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/sweep_jobs.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

sweep() {  # sweep JOBS STUDY: prints the wall seconds
  local start end
  start=$(date +%s.%N)
  "$TIREPLAY" sweep --trace "$REPO_ROOT/traces/recorded/stencil_np88_grid_88/index.txt" \
    --platform "$REPO_ROOT/platforms/grid_88.xml" --vary bw=0.5x,1x,2x --vary lat=0.5x,1x,2x \
    --vary bcast=binomial,chain --parallel "$1" -o "$2" -q --plot none \
    -- --hostfile "$REPO_ROOT/platforms/hosts_grid_88.txt" || { echo "$0: the sweep failed" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", e - s }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

sweep 1 "$WORK/warmup" > /dev/null  # page cache, binary
: > "$WORK/one" ; : > "$WORK/many" ; : > "$WORK/ratio"
for i in $(seq "$RUNS"); do
  a=$(sweep 1 "$WORK/jobs1") || exit 1
  b=$(sweep "$JOBS" "$WORK/jobs$JOBS") || exit 1
  cmp -s "$WORK/jobs1/results.csv" "$WORK/jobs$JOBS/results.csv" ||
    { echo "$0: --jobs 1 and --jobs $JOBS wrote different CSVs" >&2; exit 1; }
  echo "$a" >> "$WORK/one"; echo "$b" >> "$WORK/many"
  awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f\n", b / a }' >> "$WORK/ratio"
  echo "run $i: --jobs 1 $a s, --jobs $JOBS $b s" >&2
done

echo "| sweep of 18 replays (stencil_np88_grid_88) | median wall time (s), $RUNS runs | min | max |"
echo "|---|---|---|---|"
for f in one many; do
  label=$([ "$f" = one ] && echo "--jobs 1" || echo "--jobs $JOBS")
  echo "| $label | $(median < "$WORK/$f") | $(sort -g "$WORK/$f" | head -1) | $(sort -g "$WORK/$f" | tail -1) |"
done
echo
echo "median of the per-pair ratios (--jobs $JOBS / --jobs 1): $(median < "$WORK/ratio")   (cores: $(nproc), load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
