#!/usr/bin/env bash
# For every algorithm that has a model (as `tireplay predict` lists them, so new ones are included), replays one
# call on a platform without link sharing between pairs (tests/engine/crossbar_16.xml) and compares the simulated
# time with the prediction. Algorithms listed in model_exact.txt must agree within 2%; the others' ratios are
# printed (their models count overlapping flows as serialized, or are the paper's bounds: see docs/models.md).
# Usage: models_vs_simulation.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -euo pipefail
tireplay=$1
here=$2/tests/engine
scratch=$3
mkdir -p "$scratch"
platform="$here/crossbar_16.xml"
hosts="$here/crossbar_16_hosts.txt"
failures=0
checked=0

line_of() {  # the trace line of one rank for one call of OP with M bytes
  case "$1" in
    reduce) echo "$2 reduce $3 0" ;;
    allreduce | scan | exscan) echo "$2 $1 $3 0" ;;
    bcast) echo "$2 bcast $3" ;;
    *) echo "" ;;
  esac
}

for op in bcast reduce allreduce; do
  for np in 4 8 16; do
    for bytes in 8 65536 1048576; do
      for r in $(seq 0 $((np - 1))); do line_of "$op" "$r" "$bytes"; done > "$scratch/trace.txt"
      "$tireplay" predict --op "$op" --bytes "$bytes" --np "$np" --platform "$platform" --hostfile "$hosts" \
        | awk 'NR > 1 { star = ($1 == "*"); print $(1 + star), $(2 + star), (/segments of/ ? $(NF - 1) : "") }' \
        > "$scratch/predictions.txt"
      while read -r alg predicted segment; do
        "$tireplay" replay --platform "$platform" --hostfile "$hosts" --trace "$scratch/trace.txt" --quiet \
          --select fixed --coll "$op=$alg" ${segment:+--segment-bytes "$segment"} --json "$scratch/out.json"
        simulated=$(sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$scratch/out.json")
        ratio=$(awk -v s="$simulated" -v p="$predicted" 'BEGIN { printf "%.3f", s / p }')
        if grep -qx "$op $alg" "$here/model_exact.txt"; then
          checked=$((checked + 1))
          if awk -v r="$ratio" 'BEGIN { exit !(r >= 0.98 && r <= 1.02) }'; then
            echo "ok   $op $alg P=$np m=$bytes: predicted $predicted, simulated $simulated"
          else
            echo "FAIL $op $alg P=$np m=$bytes: predicted $predicted, simulated $simulated (ratio $ratio)"
            failures=$((failures + 1))
          fi
        else
          echo "     $op $alg P=$np m=$bytes: simulated / predicted = $ratio"
        fi
      done < "$scratch/predictions.txt"
    done
  done
done

if [ "$checked" -eq 0 ]; then
  echo "FAIL: no algorithm of model_exact.txt was checked"
  exit 1
fi
if [ "$failures" -gt 0 ]; then
  echo "$failures model checks failed"
  exit 1
fi
echo "all $checked model checks passed"
