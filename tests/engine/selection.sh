#!/usr/bin/env bash
# --select model runs the algorithm the models rank cheapest; --explain and `tireplay predict` show the same
# table. Usage: selection.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -euo pipefail
tireplay=$1
src=$2
scratch=$3
mkdir -p "$scratch"
platform="$src/platforms/cluster_16.xml"
hosts="$src/platforms/hosts_16.txt"
failures=0

time_of() { sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$1"; }

for bytes in 8 65536 4194304; do
  trace="$scratch/bcast_$bytes.txt"
  for r in $(seq 0 15); do echo "$r bcast $bytes"; done > "$trace"
  # The table without a trace, and its choice (the starred row).
  "$tireplay" predict --op bcast --bytes "$bytes" --np 16 --platform "$platform" --hostfile "$hosts" > "$scratch/predict_$bytes.txt"
  chosen=$(awk '$1 == "*" { print $2 }' "$scratch/predict_$bytes.txt")
  segment=$(awk '$1 == "*" && /segments of/ { print $(NF - 1) }' "$scratch/predict_$bytes.txt")
  # The replay by model, explained.
  "$tireplay" replay --platform "$platform" --hostfile "$hosts" --trace "$trace" --quiet --select model \
    --explain "$scratch/explain_$bytes.txt" --json "$scratch/model_$bytes.json"
  # The same call with the chosen algorithm fixed.
  "$tireplay" replay --platform "$platform" --hostfile "$hosts" --trace "$trace" --quiet --coll "bcast=$chosen" \
    ${segment:+--segment-bytes "$segment"} --json "$scratch/fixed_$bytes.json"
  if [ -z "$chosen" ]; then
    echo "FAIL $bytes bytes: predict chose nothing"; failures=$((failures + 1)); continue
  fi
  if ! diff -q <(tail -n +2 "$scratch/predict_$bytes.txt") <(tail -n +2 "$scratch/explain_$bytes.txt") >/dev/null; then
    echo "FAIL $bytes bytes: --explain and predict differ"; diff "$scratch/predict_$bytes.txt" "$scratch/explain_$bytes.txt" || true
    failures=$((failures + 1))
  elif [ "$(time_of "$scratch/model_$bytes.json")" != "$(time_of "$scratch/fixed_$bytes.json")" ]; then
    echo "FAIL $bytes bytes: --select model did not run '$chosen'"; failures=$((failures + 1))
  else
    echo "ok   $bytes bytes: the models choose $chosen${segment:+ with $segment-byte segments}, and it runs"
  fi
done

if [ "$failures" -gt 0 ]; then
  echo "$failures selection checks failed"
  exit 1
fi
echo "all selection checks passed"
