#!/usr/bin/env bash
# ompi_selector.sh — `--select ompi` against `smpirun -replay --cfg smpi/coll-selector:ompi` (SMPI 3.32's Open MPI
# selector: Open MPI 4.1's decision rules on SMPI's algorithms). For each communicator size given, one trace
# calls every collective operation at message sizes that cross the rules' thresholds (0 bytes to 2 MB, roots
# rotating, unequal counts for the v-variants); tireplay (full and fast levels) and smpirun must agree to 1e-6.
# usage: ompi_selector.sh TIREPLAY SOURCE_DIR SCRATCH_DIR NP...
set -eu
tireplay=$1 src=$2 scratch=$3
shift 3
here=$(cd "$(dirname -- "$0")" && pwd -P)
. "$here/lib.sh"
. "$src/tests/engine/coll_calls.sh"
if ! e2e_have_smpirun; then
  echo "SKIP: smpirun not found on PATH"
  exit $E2E_SKIP
fi
mkdir -p "$scratch"
scratch=$(e2e_abspath "$scratch")
ops="barrier bcast reduce allreduce alltoall alltoallv gather scatter allgather allgatherv reducescatter gatherv
     scatterv scan"
sizes="1 6 12 40 100 300 700 1500 3000 5000 9000 12000 20000 40000 70000 100003 140000 300000 600000 1100000 2100000"
platform=$src/platforms/cluster_16.xml
failures=0
for n in "$@"; do
  trace=$scratch/all_np$n.txt hosts=$scratch/hosts_$n
  sed -n "1,${n}p" "$src/platforms/hosts_16.txt" > "$hosts"
  {
    for ((r = 0; r < n; r++)); do echo "$r init"; done
    for ((r = 0; r < n; r++)); do
      i=0
      for op in $ops; do
        for s in $sizes; do
          [ "$op" = barrier ] && [ "$s" != 1 ] && continue
          echo "$r $op $(call_args "$op" "$n" "$r" "$s" $((i % n)))"
          i=$((i + 1))
        done
      done
      echo "$r finalize"
    done
  } > "$trace"
  ref=$("$here/smpirun_time.sh" "$trace" "$n" "$platform" "$hosts" --cfg=smpi/coll-selector:ompi \
        2> "$scratch/smpirun_$n.log") || { tail -5 "$scratch/smpirun_$n.log"; echo "FAIL np=$n: smpirun failed"; exit 1; }
  for level in full fast; do
    got=$(e2e_tireplay_time . "$scratch/tireplay_${n}_$level.log" "$scratch/tireplay_${n}_$level.json" \
          --platform "$platform" --trace "$trace" --hostfile "$hosts" --select ompi --fidelity "$level") ||
      { echo "$got"; failures=$((failures + 1)); continue; }
    if e2e_close "$got" "$ref" 1e-6 1e-15; then
      echo "ok   np=$n $level: $got (smpirun $ref)"
    else
      echo "FAIL np=$n $level: $got, smpirun $ref (relative difference $(e2e_reldiff "$got" "$ref"))"
      failures=$((failures + 1))
    fi
  done
done
[ "$failures" -eq 0 ] || exit 1
