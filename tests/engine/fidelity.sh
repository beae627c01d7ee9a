#!/usr/bin/env bash
# The fast fidelity level against the full one (docs/fidelity.md):
#  - the recorded traces of traces/recorded: within 1e-6 of the full level (no contention beyond what both solve
#    exactly) on the 4-rank ones, 2% on the multi-cluster stencils; SimGrid's replay cases (when ../shared has
#    them) within 2%; the 4-rank ones folded 2 and 3 a host with a lab calibration's options within 1e-6;
#  - synthetic traces with contention (folded stencil, wavefront, all-to-all): within 2%; a 64-rank stencil on
#    bordereau, 4 ranks a host: within 3%, exact with tireplay/fast-drift:0;
#  - the same JSON twice (determinism); the same error message and exit status for a truncated receive (2) and
#    a deadlock (3); timed outputs whose last event ends at the predicted time; check and sweep at the fast level.
# Usage: fidelity.sh TIREPLAY GEN_TRACE SOURCE_DIR SCRATCH_DIR
set -uo pipefail
mkdir -p "$4"
abs() { (cd "$(dirname "$1")" && echo "$(pwd)/$(basename "$1")"); }
tireplay=$(abs "$1") gen=$(abs "$2") src=$(cd "$3" && pwd) scratch=$(cd "$4" && pwd)
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

simulated() { sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$1"; }

# compare NAME BOUND DIR REPLAY-ARGS...: both levels, |fast - full| <= BOUND * full.
compare() {
  local name=$1 bound=$2 dir=$3; shift 3
  local level
  for level in full fast; do
    if ! (cd "$dir" && "$tireplay" replay --fidelity "$level" -q --json "$scratch/$name.$level.json" "$@") \
        2> "$scratch/$name.$level.err"; then
      fail "$name: the $level level failed: $(head -c 300 "$scratch/$name.$level.err")"
      return
    fi
  done
  local full fast
  full=$(simulated "$scratch/$name.full.json") fast=$(simulated "$scratch/$name.fast.json")
  if awk -v a="$full" -v b="$fast" -v e="$bound" 'BEGIN { d = b - a; if (d < 0) d = -d; exit !(d <= e * a) }'; then
    echo "ok   $name: full $full, fast $fast (bound $bound)"
  else
    fail "$name: full $full, fast $fast: more than $bound apart"
  fi
}

while IFS=$'\t' read -r name index np platform hostfile _; do
  [ "$name" = program ] && continue
  bound=1e-6
  [ "$np" -gt 4 ] && bound=0.02
  compare "recorded_$name" "$bound" "$src" --platform "$platform" --hostfile "$hostfile" --trace "$index"
done < "$src/traces/recorded/reference_times.tsv"

# The same traces folded 2 and 3 ranks a host with a lab calibration's options (lab_calibration.opt, written by
# tools/lab/calibrate.sh: wake-up delays, async-progress:no, the transport's CPU, polls' CPU): the MPI layer's
# decisions must not depend on the engines' orders of ranks at one date (docs/fidelity.md).
mapfile -t lab_options < "$src/tests/engine/lab_calibration.opt"
while IFS=$'\t' read -r name index np _; do
  [ "$name" = program ] || [ "$np" -gt 4 ] && continue
  for per_node in 2 3; do
    compare "lab_options_${name}_$per_node" 1e-6 "$src" --platform platforms/cluster_16.xml --trace "$index" \
      --ranks-per-node "$per_node" --select ompi "${lab_options[@]}"
  done
done < "$src/traces/recorded/reference_times.tsv"

# Ranks of two clusters (two zones) with both-ways-factor: one rank sends to the three others (hosts numbered per
# zone by SimGrid made the full level take cluster1-0 and cluster2-0 for one host, in the order of the sends).
printf '%s\n' cluster1-0.site1.fr cluster2-0.site2.fr cluster1-1.site1.fr cluster2-1.site2.fr > "$scratch/zones.txt"
printf '%s\n' "1 isend 3 0 1000000" "3 recv 1 0 1000000" "1 isend 0 0 1000000" "0 recv 1 0 1000000" \
  "1 isend 2 0 1000000" "2 recv 1 0 1000000" "1 waitall" > "$scratch/zones_trace.txt"
compare two_zones_both_ways 1e-6 "$src" --platform platforms/two_level.xml --hostfile "$scratch/zones.txt" \
  --trace "$scratch/zones_trace.txt" --cfg tireplay/both-ways-factor:0:1

# A FATPIPE link crossed by two flows of different penalties: SimGrid gives the one with the higher penalty less
# (6.8% apart when the fast level bounded each flow at the link's bandwidth, the new-user trial of 2026-11-27).
printf '%s\n' a b c > "$scratch/abc.txt"
printf '%s\n' "0 send 1 0 1000000" "1 irecv 0 0 1000000" "1 irecv 2 0 1000000" "1 waitall" "2 send 1 0 1000000" \
  > "$scratch/fatpipe_trace.txt"
compare fatpipe_mixed 1e-9 "$src" --platform tests/engine/fatpipe_mixed.xml --hostfile "$scratch/abc.txt" \
  --trace "$scratch/fatpipe_trace.txt"

# against_smpirun NAME NP VALUE [CFG...]: both levels of tests/engine/NAME/index.txt on cluster_16 within 1e-6 of
# smpirun -replay --cfg=network/optim:Full (VALUE without smpirun here; smpirun prints its time to the microsecond).
against_smpirun() {
  local name=$1 np=$2 expected=$3 level got; shift 3
  local dir=$src/tests/engine/$name cfg=() smpi_cfg=() c
  for c in "$@"; do cfg+=(--cfg "$c"); smpi_cfg+=("--cfg=$c"); done
  if command -v smpirun > /dev/null; then
    expected=$(cd "$dir" && timeout 120 smpirun -np "$np" -platform "$src/platforms/cluster_16.xml" \
      -hostfile "$src/platforms/hosts_16.txt" -replay index.txt --cfg=network/optim:Full "${smpi_cfg[@]}" \
      --log=root.thres:critical --log=smpi_replay.thres:info 2>&1 | sed -n 's/.*Simulation time \([0-9.e+-]*\).*/\1/p')
  fi
  for level in full fast; do
    (cd "$dir" && "$tireplay" replay --platform "$src/platforms/cluster_16.xml" \
      --hostfile "$src/platforms/hosts_16.txt" --trace index.txt "${cfg[@]}" --fidelity $level -q \
      --json "$scratch/$name.$level.json") 2> "$scratch/$name.err"
    got=$(simulated "$scratch/$name.$level.json")
    awk -v g="$got" -v e="$expected" 'BEGIN { d = g - e; if (d < 0) d = -d; exit !(e > 0 && d <= 1e-6) }' &&
      echo "ok   ${name}_$level: $got (smpirun $expected)" || fail "${name}_$level: $got, smpirun -replay $expected"
  done
}
# Tests that end together grow or reset smpi/test's factor (one for all ranks, SMPI's) in SMPI's order: a test of a
# request with a communication asks SimGrid's kernel (a simcall) before it reads the request, one of a detached send
# does not. 16 ranks of irecv/isend/test/waitall/barrier with smpi/test:3e-3 were 9% off smpirun -replay (the
# eleventh trial). Both levels against smpirun's time, measured live when smpirun is here (else its value, measured
# with SimGrid 3.32: smpirun -np 16 -platform platforms/cluster_16.xml -hostfile platforms/hosts_16.txt -replay
# tests/engine/test_ties/index.txt --cfg=network/optim:Full --cfg=smpi/test:3e-3).
against_smpirun test_ties 16 0.0576482480 smpi/test:3e-3
# Two ranks' waits on one message end together (its sender and its receiver), then both test with the default
# smpi/test: SMPI answers the two waits in the order they began, in one step, the ranks start their sleeps in that
# order and SimGrid ends sleeps of one date in the reverse order. The full level's second waiter, resumed by the
# first, ran before it: the tests updated the shared factor the other way round, and rank 4's next test slept 1e-4 s
# less than at the fast level and smpirun (0.0473919 s against 0.0474919 s; reduced from a fuzzer's seed, the
# fifteenth trial).
against_smpirun test_tie_wait 8 0.047491892769155

data=$src/../shared/data/simgrid-replay
if [ -d "$data" ]; then
  for c in actions_bcast.txt:3 split_traces:2 actions_with_isend.txt:3 actions_allgatherv.txt:4 \
           actions_reducescatter.txt:4; do
    compare "simgrid_${c%%:*}" 0.02 "$data" --platform platforms/small_platform.xml --hostfile hostfile \
      --np "${c##*:}" --trace "replay/${c%%:*}" --oversubscribe
  done
else
  echo "skip SimGrid's replay cases: $data not found"
fi

bench=$src/tests/bench
synthetic() {  # NAME RANKS ACTIONS GEN-ARGS...
  local name=$1 ranks=$2 actions=$3; shift 3
  "$gen" --ranks "$ranks" --actions "$actions" --out "$scratch/$name" "$@" 2> /dev/null || fail "$name: gen_trace"
}
synthetic stencil_folded 256 60000
synthetic wavefront 16 40000 --pattern wavefront
synthetic alltoall 32 2000 --pattern alltoall --bytes 65536
head -16 "$bench/hosts_256.txt" > "$scratch/hosts_16.txt"  # 16 ranks per host for the folded stencil
on_bench=(--platform "$bench/platform_bench.xml" --oversubscribe)
compare stencil_folded 0.02 . "${on_bench[@]}" --hostfile "$scratch/hosts_16.txt" \
  --trace "$scratch/stencil_folded/index.txt"
compare wavefront 0.02 . "${on_bench[@]}" --hostfile "$bench/hosts_256.txt" --trace "$scratch/wavefront/index.txt"
compare alltoall 0.02 . "${on_bench[@]}" --hostfile "$scratch/hosts_16.txt" --trace "$scratch/alltoall/index.txt"

# A 64-rank stencil of 20 kB halos, 4 ranks a host on bordereau (its backbone shared): the fast level's drift (a
# busy link keeps its level while its shares move by less than 2%) made it +2.9% (a new user's trial); within 3%,
# and exact with tireplay/fast-drift:0 (every change solved, as SimGrid does).
synthetic stencil_bordereau 64 10000 --pattern stencil --bytes 20000
compare stencil_bordereau 0.03 . --platform "$src/platforms/bordereau.xml" --ranks-per-node 4 \
  --trace "$scratch/stencil_bordereau/index.txt"
compare stencil_bordereau_drift0 1e-9 . --platform "$src/platforms/bordereau.xml" --ranks-per-node 4 \
  --trace "$scratch/stencil_bordereau/index.txt" --cfg tireplay/fast-drift:0

# Determinism.
"$tireplay" replay --fidelity fast -q --json "$scratch/again.json" "${on_bench[@]}" \
  --hostfile "$scratch/hosts_16.txt" --trace "$scratch/stencil_folded/index.txt"
if [ -s "$scratch/again.json" ] && [ -s "$scratch/stencil_folded.fast.json" ] &&
   cmp -s <(grep -v wall_seconds "$scratch/stencil_folded.fast.json") <(grep -v wall_seconds "$scratch/again.json"); then
  echo "ok   determinism"
else
  fail "determinism: two fast replays of the same trace differ"
fi

# Errors are the same at both levels: message and exit status.
one_link=$src/tests/engine/one_link.xml
printf '%s\n' "0 send 1 0 1000" "1 recv 0 0 10" > "$scratch/truncated.txt"
printf '%s\n' "0 recv 1 0 1000" "1 recv 0 0 1000" > "$scratch/deadlock.txt"
for trace in truncated deadlock; do
  for level in full fast; do
    "$tireplay" replay --fidelity "$level" --platform "$one_link" --trace "$scratch/$trace.txt" > "$scratch/$trace.$level.out" 2>&1
    echo "status $?" >> "$scratch/$trace.$level.out"
  done
  if diff <(grep -v -i 'wall\|seconds of' "$scratch/$trace.full.out") <(grep -v -i 'wall\|seconds of' "$scratch/$trace.fast.out") > /dev/null; then
    echo "ok   $trace: $(tail -1 "$scratch/$trace.fast.out"), the same report at both levels"
  else
    fail "$trace: the levels report differently:"; diff "$scratch/$trace.full.out" "$scratch/$trace.fast.out"
  fi
done
grep -q "status 2" "$scratch/truncated.fast.out" || fail "truncated: exit status 2 expected"
grep -q "status 3" "$scratch/deadlock.fast.out" || fail "deadlock: exit status 3 expected"

# What the fast level does not model, it says (exit 2).
out=$("$tireplay" replay --fidelity fast --platform "$src/platforms/cluster_16.xml" --cfg network/model:CM02 \
  --trace "$src/traces/recorded/stencil/index.txt" -q 2>&1)
status=$?
want="--fidelity fast prices messages as SimGrid's SMPI network model does, not CM02"
[ "$status" = 2 ] && [[ "$out" == *"$want"* ]] && echo "ok   network/model:CM02 refused" ||
  fail "network/model:CM02 at the fast level: exit $status, $out"

# Timed outputs: the last event ends at the predicted time.
"$tireplay" replay --fidelity fast -q --platform "$src/platforms/cluster_figure5.xml" \
  --hostfile "$src/platforms/hosts_figure5.txt" --trace "$src/traces/recorded/stencil/index.txt" \
  --events-csv "$scratch/events.csv" --json "$scratch/events.json" --paje "$scratch/events.paje"
last=$(awk -F, 'NR > 1 && $5 + 0 > m { m = $5 + 0 } END { printf "%.9f", m }' "$scratch/events.csv")
want=$(awk -v t="$(simulated "$scratch/events.json")" 'BEGIN { printf "%.9f", t }')
[ "$last" = "$want" ] && [ -s "$scratch/events.paje" ] && echo "ok   timed outputs end at $last" ||
  fail "timed outputs: last event at $last, predicted $want"

# check and sweep take --fidelity.
stencil=(--platform "$src/platforms/cluster_figure5.xml" --hostfile "$src/platforms/hosts_figure5.txt"
         --trace "$src/traces/recorded/stencil/index.txt")
warning="tireplay check: warning: the baseline was made at --fidelity full; this check replays at --fidelity fast"
"$tireplay" check -q --write-baseline --baseline "$scratch/baseline.json" "${stencil[@]}" &&
  "$tireplay" check -q --baseline "$scratch/baseline.json" --fidelity fast "${stencil[@]}" 2> "$scratch/check.err" &&
  grep -qF "$warning" "$scratch/check.err" && grep -q '"fidelity": "full"' "$scratch/baseline.json" &&
  echo "ok   check --fidelity fast against a full-level baseline, with a warning" ||
  fail "check --fidelity fast: $(cat "$scratch/check.err")"
rm -rf "$scratch/study"
if "$tireplay" sweep "${stencil[@]}" --vary fidelity=full,fast --plot none -o "$scratch/study" > /dev/null 2>&1 &&
   [ "$(grep -c ',ok' "$scratch/study/results.csv")" = 2 ]; then
  echo "ok   sweep --vary fidelity=full,fast"
else
  fail "sweep --vary fidelity: $(cat "$scratch/study/results.csv" 2>/dev/null)"
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures fidelity checks failed"
  exit 1
fi
echo "all fidelity checks passed"
