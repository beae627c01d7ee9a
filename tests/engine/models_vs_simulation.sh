#!/usr/bin/env bash
# Every algorithm that has a model, as `tireplay algorithms` and `tireplay predict` list them (so a new one is
# included without editing this file): one call replayed with SMPI's bandwidth and latency factors set to 1, for
# several P and m, against the model's prediction, on two platforms of 16 nodes with split-duplex private links:
# tests/engine/crossbar_16.xml (a backbone that no two pairs share) and tests/engine/backbone_16.xml (a shared
# backbone that four messages fill: the models' crowding of it). Reduce runs twice: reductions after the call
# (SimGrid's way, flops = 0) and in the steps of its tree with c of the order of d (--reductions steps, flops = 4e6:
# c = 4 ms, d = 8.4 ms for 1 MiB), the reduction paper's execution model.
#
# The expected agreement is in model_agreement.txt: `PLATFORM OP ALG gap LOW HIGH` pins the range of simulated /
# predicted measured over the cases, where the model leaves out a sharing of links that the simulation has (the
# reasons are in docs/models.md); every other algorithm must agree within 2% in every case.
# Usage: models_vs_simulation.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -euo pipefail
tireplay=$1
here=$2/tests/engine
scratch=$3
mkdir -p "$scratch"
hosts="$here/crossbar_16_hosts.txt"
unit_factors=(--cfg smpi/bw-factor:0:1 --cfg smpi/lat-factor:0:1)
: > "$scratch/ratios.txt"

repeat() { for _ in $(seq "$1"); do printf ' %s' "$2"; done; }

line_of() {  # RANK OP M P FLOPS: the trace line of one rank for one call of OP with M bytes per block
  local r=$1 op=$2 m=$3 p=$4 flops=$5
  case "$op" in
    barrier) echo "$r barrier" ;;
    bcast) echo "$r bcast $m" ;;
    reduce) echo "$r reduce $m $flops 0" ;;
    allreduce | scan | exscan) echo "$r $op $m 0" ;;
    reducescatter) echo "$r reducescatter$(repeat "$p" "$m") 0" ;;
    alltoall | allgather) echo "$r $op $m $m" ;;
    alltoallv) echo "$r alltoallv $((m * p))$(repeat "$p" "$m") $((m * p))$(repeat "$p" "$m")" ;;
    gather | scatter) echo "$r $op $m $m 0" ;;
    gatherv) echo "$r gatherv $m$(repeat "$p" "$m") 0" ;;
    scatterv) echo "$r scatterv$(repeat "$p" "$m") $m 0" ;;
    allgatherv) echo "$r allgatherv $m$(repeat "$p" "$m")" ;;
  esac
}

run_case() {  # PLATFORM LABEL OP P M FLOPS REDUCTIONS
  local name=$1 label=$2 op=$3 np=$4 bytes=$5 flops=$6 reductions=$7
  local platform="$here/$name.xml"
  for r in $(seq 0 $((np - 1))); do line_of "$r" "$op" "$bytes" "$np" "$flops"; done > "$scratch/trace.txt"
  "$tireplay" predict --op "$op" --bytes "$bytes" --np "$np" --platform "$platform" --hostfile "$hosts" \
    "${unit_factors[@]}" --flops "$flops" --reductions "$reductions" \
    | awk 'NR > 1 { star = ($1 == "*"); seg = ""; k = ""; if ($(2 + star) !~ /^[0-9]/) next
             for (i = 1; i <= NF; i++) { if ($i == "(segments") seg = $(i + 2); if ($i == "(K") k = $(i + 2) }
             sub(/\)/, "", k); print $(1 + star), $(2 + star), (seg == "" ? "-" : seg), (k == "" ? "-" : k) }' \
    > "$scratch/predictions.txt"
  while read -r alg predicted segment limit; do
    options=()
    [ "$segment" != - ] && options+=(--segment-bytes "$segment")
    [ "$limit" != - ] && options+=(--limit "$limit")
    "$tireplay" replay --platform "$platform" --hostfile "$hosts" --trace "$scratch/trace.txt" --quiet \
      "${unit_factors[@]}" --reductions "$reductions" --select fixed --coll "$op=$alg" ${options[@]+"${options[@]}"} \
      --json "$scratch/out.json"
    simulated=$(sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$scratch/out.json")
    awk -v k="$name $op $alg" -v l="$label P=$np m=$bytes" -v s="$simulated" -v p="$predicted" \
      'BEGIN { printf "%s\t%s\t%.6f\t%s\t%s\n", k, l, (p > 0 ? s / p : (s == 0 ? 1 : 1e9)), p, s }' \
      >> "$scratch/ratios.txt"
  done < "$scratch/predictions.txt"
}

for name in crossbar_16 backbone_16; do
  for op in $("$tireplay" algorithms | awk '/^[a-z]/ { print $1 }'); do
    for np in 4 7 16; do
      for bytes in 8 65536 1048576; do
        run_case "$name" "$op" "$op" "$np" "$bytes" 0 after
        [ "$op" = reduce ] && run_case "$name" "reduce, reductions in steps" reduce "$np" "$bytes" 4e6 steps
      done
    done
  done
done

# Per algorithm: every case within 2%, or the range of ratios within 2% of the pinned one.
awk -F'\t' -v pins="$here/model_agreement.txt" '
  BEGIN { while ((getline line < pins) > 0) { if (line ~ /^#/ || line == "") continue
            split(line, f, " "); key = f[1] " " f[2] " " f[3]; low[key] = f[5]; high[key] = f[6] } }
  { key = $1; r = $3 + 0
    if (!(key in min) || r < min[key]) min[key] = r
    if (!(key in max) || r > max[key]) max[key] = r
    if (!(key in low) && (r < 0.98 || r > 1.02)) { print "FAIL " $0; failed++ } }
  END {
    for (key in min) {
      if (key in low) {
        ok = min[key] >= low[key] - 0.02 && max[key] <= high[key] + 0.02 && min[key] <= low[key] + 0.02 && max[key] >= high[key] - 0.02
        printf "%s %-46s simulated / predicted in [%.3f, %.3f], pinned [%s, %s]\n", (ok ? "ok  " : "FAIL"), key, min[key], max[key], low[key], high[key]
        if (!ok) failed++
      } else {
        printf "ok   %-46s within 2%% ([%.3f, %.3f])\n", key, min[key], max[key]; exact++
      }
    }
    for (key in low) if (!(key in min)) { print "FAIL " key ": pinned in model_agreement.txt but not run"; failed++ }
    if (exact == 0) { print "FAIL: no algorithm agrees within 2%"; failed++ }
    if (failed) { print failed " model checks failed (cases in '"$scratch"'/ratios.txt)"; exit 1 }
    print "all model checks passed"
  }' "$scratch/ratios.txt" | sort
