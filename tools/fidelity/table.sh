#!/usr/bin/env bash
# The accuracy table of docs/fidelity.md: every recorded trace of traces/recorded, SimGrid's replay cases (from
# ../shared/data/simgrid-replay when it is there) and synthetic traces (stencil, wavefront, all-to-all heavy),
# each replayed at both fidelity levels: predicted times, the fast level's error against the full level, and
# the wall times (median of RUNS) with their ratio.
#
# usage: tools/fidelity/table.sh [BUILD_DIR [RUNS]]      (markdown on stdout, progress on stderr)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(cd "${1:-build}" && pwd)
runs=${2:-3}
tireplay=$build/tireplay
gen=$build/tests/bench/tireplay-gen-trace
data=$(cd .. && pwd)/shared/data/simgrid-replay
work=$(mktemp -d "${TMPDIR:-/tmp}/fidelity.XXXXXX")
trap 'rm -rf "$work"' EXIT

# median wall and the JSON of the last run: replay_level LEVEL DIR ARGS... -> "wall simulated actions"
replay_level() {
  local level=$1 dir=$2; shift 2
  local walls=() out
  for _ in $(seq "$runs"); do
    out=$( (cd "$dir" && /usr/bin/time -f '%e' "$tireplay" replay --fidelity "$level" -q --json "$work/r.json" "$@") 2>&1 >/dev/null | tail -1)
    walls+=("$out")
  done
  local wall
  wall=$(printf '%s\n' "${walls[@]}" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sys.argv[2], repr(d['simulated_time']), d['actions'])" \
    "$work/r.json" "$wall"
}

row() {  # NAME DIR ARGS...
  local name=$1 dir=$2; shift 2
  echo "  $name" >&2
  read -r full_wall full_time actions < <(replay_level full "$dir" "$@")
  read -r fast_wall fast_time _ < <(replay_level fast "$dir" "$@")
  awk -v n="$name" -v a="$actions" -v t1="$full_time" -v t2="$fast_time" -v w1="$full_wall" -v w2="$fast_wall" 'BEGIN {
    e = (t2 - t1) / t1 * 100
    printf "| %s | %d | %.9g | %.9g | %+.4f%% | %.2f | %.2f | %s |\n", n, a, t1, t2, e, w1, w2,
      (w2 > 0 ? sprintf("%.1f", w1 / w2) : "-")
  }'
}

echo "| trace | actions | full (s) | fast (s) | fast error | full wall (s) | fast wall (s) | speed ratio |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
echo "traces/recorded:" >&2
tail -n +2 traces/recorded/reference_times.tsv | while IFS=$'\t' read -r name index np platform hostfile _; do
  row "recorded/$name ($np ranks)" . --platform "$platform" --hostfile "$hostfile" --trace "$index"
done
if [ -d "$data" ]; then
  echo "SimGrid replay cases:" >&2
  for c in actions_bcast.txt:3 split_traces:2 actions_barrier.txt:3 actions_with_isend.txt:3 actions_allreduce.txt:3 \
           actions_alltoall.txt:3 actions_alltoallv.txt:3 actions_allgatherv.txt:4 actions_waitall.txt:3 \
           actions_gather.txt:4 actions_reducescatter.txt:4; do
    row "simgrid/${c%%:*}" "$data" --platform "$data/platforms/small_platform.xml" --hostfile "$data/hostfile" \
      --np "${c##*:}" --trace "replay/${c%%:*}" --oversubscribe
  done
  row "simgrid/replay_multiple smpi_replay.txt (32 ranks)" "$data/replay_multiple" \
    --platform "$data/platforms/small_platform_with_routers.xml" --hostfile "$data/hostfile" --np 32 \
    --trace smpi_replay.txt --oversubscribe
fi
echo "synthetic:" >&2
bench=tests/bench
synthetic() {  # NAME RANKS ACTIONS GEN_ARGS...
  local name=$1 ranks=$2 actions=$3; shift 3
  "$gen" --ranks "$ranks" --actions "$actions" --out "$work/$name" "$@" 2>/dev/null
  row "synthetic/$name ($ranks ranks)" . --platform "$bench/platform_bench.xml" --hostfile "$bench/hosts_256.txt" \
    --oversubscribe --trace "$work/$name/index.txt"
  rm -rf "${work:?}/$name"
}
synthetic stencil 64 1000000
synthetic wavefront 16 1680000 --pattern wavefront
synthetic alltoall 64 100000 --pattern alltoall --bytes 65536
synthetic stencil-folded 1024 500000
