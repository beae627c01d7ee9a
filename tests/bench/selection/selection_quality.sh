#!/usr/bin/env bash
# Selection quality of `--select model`: for one collective call, how close the models' pick comes to the
# best algorithm found by replaying every algorithm (the oracle), and how it compares with SMPI's default.
#
# Grid: platforms switched_128, thin_backbone_128, two_clusters_128 (this directory) x operations bcast, reduce,
# allreduce, alltoall x P in 8 32 128 x sizes 8 B, 1 KiB, 64 KiB, 1 MiB, 16 MiB (alltoall: per-destination sizes up
# to 1 MiB). Each case is a one-call trace (`r bcast M`, `r reduce M 0`, `r allreduce M 0`, `r alltoall M M` at
# every rank) replayed
#   * with every algorithm of the operation (`--select fixed --coll op=alg`); algorithms that refuse the case
#     (non-zero exit) are skipped and listed. segmented_chain is replayed with every power-of-two segment size
#     from 1 KiB to M, with M itself and with the segment size the models tuned, so that the oracle is at least as
#     good as any segment the models could pick;
#   * with `--select model` (the models' pick, as `tireplay predict` shows it) and `--select smpi` (SMPI's default).
# Regret of the pick = model time / best time - 1. Target of the project: >= 90% of cases within 10%, none > 25%.
#
# Placement: ranks fill the hostfile in order (rank r on the r-th line). switched and thin_backbone: rank r on
# node-r. two_clusters: the lower half of the ranks in cluster 1, the upper half in cluster 2
# (hosts_two_clusters_P.txt; at P = 128, ranks 0..63 on c1-0..c1-63 and 64..127 on c2-0..c2-63), so that the slow
# inter-cluster link is crossed at every P.
#
# Usage: selection_quality.sh [--tireplay BIN] [--out DIR] [--jobs N] [--np "8 32 128"] [--ops "bcast reduce ..."]
#                             [--platforms "switched_128 ..."] [--worst K] [--keep-work]
# Writes DIR/selection_quality.md (the tables, also printed), DIR/selection_quality.tsv (one line per case),
# DIR/runs.tsv (every replay: variant, predicted and simulated seconds) and DIR/worst_cases.md (the K worst
# cases: the predict table next to each algorithm's simulated time). DIR defaults to results/ next to this script.
# The binary is copied once at start, so a rebuild during the run does not mix two versions.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)

time_of() { sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$1"; }

hostfile_of() {  # PLATFORM P
  if [ "$1" = two_clusters_128 ]; then echo "$here/hosts_two_clusters_$2.txt"; else echo "$here/hosts_$1.txt"; fi
}

trace_line() {  # OP RANK BYTES
  case "$1" in
    bcast) echo "$2 bcast $3" ;;
    reduce | allreduce) echo "$2 $1 $3 0" ;;
    alltoall) echo "$2 alltoall $3 $3" ;;
    *) echo "unsupported operation $1" >&2; exit 2 ;;
  esac
}

# ---------------------------------------------------------------------------------------------------------------
# One case (run by the workers): PLATFORM OP P BYTES. Environment: SQ_WORK (scratch), SQ_BIN (binary).
# Appends its replays to SQ_WORK/cases/ID/runs.tsv and writes SQ_WORK/cases/ID/case.tsv.
if [ "${1:-}" = __case ]; then
  platform=$2 op=$3 np=$4 bytes=$5
  bin=$SQ_BIN
  id="${platform}_${op}_${np}_${bytes}"
  dir="$SQ_WORK/cases/$id"
  rm -rf "$dir"; mkdir -p "$dir"
  start=$(date +%s.%N)
  xml="$here/$platform.xml"
  hosts=$(hostfile_of "$platform" "$np")
  for r in $(seq 0 $((np - 1))); do trace_line "$op" "$r" "$bytes"; done > "$dir/trace.txt"

  "$bin" predict --op "$op" --bytes "$bytes" --np "$np" --platform "$xml" --hostfile "$hosts" > "$dir/predict.txt"
  # name predicted_seconds segment ('' when untuned), star
  awk 'NR > 1 { star = ($1 == "*"); print $(1 + star), $(2 + star), (/segments of/ ? $(NF - 1) : "-"), star }' \
    "$dir/predict.txt" > "$dir/predictions.txt"
  pick=$(awk '$4 == 1 { print $1 }' "$dir/predictions.txt")
  pick_segment=$(awk '$4 == 1 { print $3 }' "$dir/predictions.txt")
  [ -n "$pick" ] || { echo "$id: predict starred nothing" >&2; exit 1; }
  pick_label=$pick; [ "$pick_segment" != - ] && pick_label="$pick:$pick_segment"

  # Variants to replay: every algorithm; segmented_chain at several segment sizes (label alg:segment).
  variants=()
  for alg in $(awk -v op="$op" '/^[a-z]/ { cur = $1; next } cur == op { print ($1 == "*" ? $2 : $1) }' "$SQ_WORK/algorithms.txt"); do
    if [ "$alg" = segmented_chain ]; then
      segs=$( {
        s=1024; while [ "$s" -le "$bytes" ]; do echo "$s"; s=$((s * 2)); done
        echo "$bytes"
        tuned=$(awk '$1 == "segmented_chain" { print $3 }' "$dir/predictions.txt")
        [ -n "$tuned" ] && [ "$tuned" != - ] && echo "$tuned"
      } | sort -n -u)
      for s in $segs; do variants+=("segmented_chain:$s"); done
    else
      variants+=("$alg")
    fi
  done

  predicted_of() {  # VARIANT: the predicted seconds of its algorithm (segmented_chain: only at the tuned segment)
    awk -v v="$1" '{ lab = $1; if ($3 != "-") lab = $1 ":" $3 } lab == v || ($1 == v && $3 == "-") { print $2; f = 1 } END { if (!f) print "-" }' \
      "$dir/predictions.txt"
  }

  : > "$dir/runs.tsv"
  for v in "${variants[@]}"; do
    alg=${v%%:*}; seg=""; [ "$v" != "$alg" ] && seg=${v#*:}
    if "$bin" replay --platform "$xml" --hostfile "$hosts" --trace "$dir/trace.txt" --quiet --select fixed \
        --coll "$op=$alg" ${seg:+--segment-bytes "$seg"} --json "$dir/run.json" 2> "$dir/run.err"; then
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\tok\n' "$platform" "$op" "$np" "$bytes" "$v" "$(predicted_of "$v")" \
        "$(time_of "$dir/run.json")" >> "$dir/runs.tsv"
    else
      reason=$(head -c 200 "$dir/run.err" | tr '\t\n' '  ')
      printf '%s\t%s\t%s\t%s\t%s\t%s\t-\trefused: %s\n' "$platform" "$op" "$np" "$bytes" "$v" "$(predicted_of "$v")" \
        "$reason" >> "$dir/runs.tsv"
    fi
    rm -f "$dir/run.json"
  done
  "$bin" replay --platform "$xml" --hostfile "$hosts" --trace "$dir/trace.txt" --quiet --select model \
    --explain "$dir/explain.txt" --json "$dir/model.json"
  "$bin" replay --platform "$xml" --hostfile "$hosts" --trace "$dir/trace.txt" --quiet --select smpi \
    --json "$dir/smpi.json"
  model_time=$(time_of "$dir/model.json")
  smpi_time=$(time_of "$dir/smpi.json")
  smpi_alg=$(awk -v op="$op" '/^[a-z]/ { cur = $1; next } cur == op && $1 == "*" { print $2 }' "$SQ_WORK/algorithms.txt")
  wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
  # The oracle over the replayed variants; the models' run must equal the fixed run of its pick.
  awk -F '\t' -v op="$op" -v platform="$platform" -v np="$np" -v bytes="$bytes" -v pick="$pick_label" \
      -v mt="$model_time" -v st="$smpi_time" -v salg="$smpi_alg" -v wall="$wall" -v nv="${#variants[@]}" '
    $8 == "ok" { n++; t = $7 + 0; if (best == "" || t < bt) { best = $5; bt = t; bts = $7 }
                 if ($5 == pick) pt = $7 }
    END {
      if (pt == "") check = "pick-not-replayed"
      else { d = (pt - mt) / mt; if (d < 0) d = -d; check = (d <= 1e-9 ? "ok" : "model-run-differs:" pt) }
      if (mt + 0 < bt) { best = "(model run)"; bts = mt }   # never a negative regret
      printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d/%d\t%s\t%s\n", op, platform, np, bytes, best, bts, pick, mt, st, salg, n, nv, check, wall
    }' "$dir/runs.tsv" > "$dir/case.tsv"
  echo "$(cut -f 1-4,5,7 "$dir/case.tsv" | tr '\t' ' ')  (${wall}s)" >&2
  exit 0
fi

# ---------------------------------------------------------------------------------------------------------------
bin="$root/build/tireplay"
out="$here/results"
jobs=2
nps="8 32 128"
ops="bcast reduce allreduce alltoall"
platforms="switched_128 thin_backbone_128 two_clusters_128"
worst=8
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --tireplay) bin=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --np) nps=$2; shift 2 ;;
    --ops) ops=$2; shift 2 ;;
    --platforms) platforms=$2; shift 2 ;;
    --worst) worst=$2; shift 2 ;;
    --keep-work) keep=1; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
work="$out/work"
rm -rf "$work"; mkdir -p "$work/cases"
cp "$bin" "$work/tireplay"
export SQ_WORK="$work" SQ_BIN="$work/tireplay"
"$SQ_BIN" algorithms > "$work/algorithms.txt"
t0=$(date +%s.%N)

# Each platform loads and routes: one 1 MB message from the first rank to the last.
echo "platform check (one 1 MB send, rank 0 -> rank 127):" >&2
for platform in $platforms; do
  hosts=$(hostfile_of "$platform" 128)
  printf '0 send 127 0 1000000\n127 recv 0 0 1000000\n' > "$work/check.txt"
  "$SQ_BIN" replay --platform "$here/$platform.xml" --hostfile "$hosts" --np 128 --trace "$work/check.txt" --quiet \
    --json "$work/check.json"
  t=$(time_of "$work/check.json")
  awk -v t="$t" 'BEGIN { exit !(t > 0) }' || { echo "platform $platform: no simulated time" >&2; exit 1; }
  echo "  $platform: $t s ($(head -1 "$hosts") -> $(sed -n 128p "$hosts"))" >&2
done

# The grid, biggest cases first so that the two workers finish together.
for platform in $platforms; do
  for op in $ops; do
    for np in $nps; do
      sizes="8 1024 65536 1048576 16777216"
      [ "$op" = alltoall ] && sizes="8 1024 65536 1048576"
      for bytes in $sizes; do echo "$((np * bytes)) $platform $op $np $bytes"; done
    done
  done
done | sort -k1,1nr | cut -d ' ' -f 2- > "$work/grid.txt"
echo "$(wc -l < "$work/grid.txt") cases, $jobs workers" >&2
xargs -P "$jobs" -L 1 "$0" __case < "$work/grid.txt" || echo "WARNING: some cases failed (see above); they are missing from the tables" >&2
total=$(awk -v s="$t0" -v e="$(date +%s.%N)" 'BEGIN { printf "%.0f", e - s }')

# ---------------------------------------------------------------------------------------------------------------
# Raw results, in grid order.
tsv="$out/selection_quality.tsv"
{
  printf 'op\tplatform\tP\tbytes\tbest_algorithm\tbest_time\tmodel_pick\tmodel_time\tsmpi_time\tsmpi_algorithm\treplayed\tcheck\twall_s\n'
  for platform in $platforms; do for op in $ops; do
    cat "$work"/cases/"${platform}_${op}"_*/case.tsv 2>/dev/null | sort -t "$(printf '\t')" -k3,3n -k4,4n
  done; done
} > "$tsv"
{
  printf 'platform\top\tP\tbytes\tvariant\tpredicted_s\tsimulated_s\tstatus\n'
  for platform in $platforms; do for op in $ops; do
    cat "$work"/cases/"${platform}_${op}"_*/runs.tsv 2>/dev/null | sort -t "$(printf '\t')" -k3,3n -k4,4n -s
  done; done
} > "$out/runs.tsv"

report="$out/selection_quality.md"
awk -F '\t' -v total="$total" -v jobs="$jobs" -v rev="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')" \
    -v dirty="$(git -C "$root" status --porcelain -- src replay models 2>/dev/null | wc -l)" '
  function sortv(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x } }
  function median(a, n) { sortv(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  function pct(x) { return sprintf("%.1f%%", 100 * x) }
  NR == 1 { next }
  {
    key = $2 " | " $1
    if (!(key in n)) { order[++nk] = key }
    n[key]++
    r = $8 / $6 - 1; rs = $9 / $6 - 1
    reg[key, n[key]] = r; sreg[key, n[key]] = rs
    if (r > maxr[key] || n[key] == 1) maxr[key] = r
    if (r <= 0.10 + 1e-12) w10[key]++
    if (rs <= 0.10 + 1e-12) sw10[key]++
    d = ($8 - $9) / $9
    if (d < -1e-9) beat[key]++; else if (d > 1e-9) lose[key]++; else tie[key]++
    all++; if (r <= 0.10 + 1e-12) allw10++; if (rs <= 0.10 + 1e-12) allsw10++
    if (all == 1 || r > allmax) { allmax = r; worstcase = $1 " on " $2 ", P=" $3 ", " $4 " B: picked " $7 ", best " $5 }
    if (all == 1 || rs > sallmax) sallmax = rs
    if (r > 0.25 + 1e-12) over25++
    allbeat += (d < -1e-9); alllose += (d > 1e-9)
    if ($12 != "ok") bad = bad "\n- " $1 " " $2 " P=" $3 " " $4 " B: " $12
  }
  END {
    printf "# Selection quality of `--select model` (tireplay %s%s)\n\n", rev, (dirty > 0 ? ", uncommitted changes in src/replay/models" : "")
    printf "Regret = model time / best time - 1 (best over every algorithm, segmented_chain at every power-of-two segment from 1 KiB to M, M and the tuned one). "
    printf "Beats/ties/loses: the model pick against SMPI'"'"'s default (ties within 1e-9 relative). SMPI columns: the same regret statistics for SMPI'"'"'s default, for comparison.\n\n"
    last = ""
    for (k = 1; k <= nk; k++) {
      key = order[k]; split(key, pk, " \\| ")
      if (pk[1] != last) {
        printf "\n## %s\n\n", pk[1]
        printf "| operation | cases | median regret | max regret | within 10%% | model beats / ties / loses SMPI | SMPI median regret | SMPI max regret | SMPI within 10%% |\n"
        printf "|---|---:|---:|---:|---:|---|---:|---:|---:|\n"
        last = pk[1]
      }
      m = n[key]; for (i = 1; i <= m; i++) { a[i] = reg[key, i]; b[i] = sreg[key, i] }
      med = median(a, m); smed = median(b, m); sortv(b, m); smax = b[m]
      printf "| %s | %d | %s | %s | %s | %d / %d / %d | %s | %s | %s |\n", pk[2], m, pct(med), pct(maxr[key]), pct(w10[key] / m),
        beat[key] + 0, tie[key] + 0, lose[key] + 0, pct(smed), pct(smax), pct(sw10[key] / m)
    }
    printf "\n## Overall\n\n"
    printf "**%d cases: %s within 10%% of the best (target >= 90%%), worst regret %s (target <= 25%%), %d cases above 25%%. ", all, pct(allw10 / all), pct(allmax), over25
    printf "Model beats SMPI'"'"'s default in %d cases (%s), loses in %d. Target %s.**\n\n", allbeat, pct(allbeat / all), alllose,
      ((allw10 / all >= 0.90 && allmax <= 0.25 + 1e-12) ? "MET" : "NOT MET")
    printf "Worst case: %s.\n\n", worstcase
    printf "SMPI'"'"'s default for comparison: %s within 10%%, worst regret %s.\n\n", pct(allsw10 / all), pct(sallmax)
    if (bad != "") printf "Consistency problems (the --select model run did not time like the fixed run of its pick):%s\n\n", bad
    printf "Run: %d s wall with %d workers.\n", total, jobs
  }' "$tsv" > "$report"

# The worst cases: the predict table next to each algorithm's simulated time.
{
  echo "# Worst cases of the model's pick: the $worst worst overall, then the worst of each platform x operation above 10%"
  echo
  echo "predicted: \`tireplay predict\`; simulated: the replay with that algorithm fixed (segmented_chain at the tuned segment"
  echo "size; its best segment in the sweep is listed separately). ratio = simulated / predicted. Best = the oracle."
  awk -F '\t' 'NR > 1 { printf "%.9f\t%s\n", $8 / $6 - 1, $0 }' "$tsv" | sort -t "$(printf '\t')" -k1,1gr |
    awk -F "\t" -v k="$worst" 'NR <= k || ($1 > 0.10 && !(($3, $2) in seen)) { print } { seen[$3, $2] = 1 }' |
  while IFS=$'\t' read -r regret op platform np bytes best bt pick mt st salg rest; do
    id="${platform}_${op}_${np}_${bytes}"
    echo
    awk -v r="$regret" -v op="$op" -v pl="$platform" -v np="$np" -v b="$bytes" -v best="$best" -v bt="$bt" -v pick="$pick" -v mt="$mt" -v st="$st" -v salg="$salg" \
      'BEGIN { printf "## %s, %s, P=%s, %s B: regret %.1f%%\n\npicked %s (%.6g s simulated), best %s (%.6g s), SMPI default %s (%.6g s)\n\n", op, pl, np, b, 100 * r, pick, mt, best, bt, salg, st }'
    echo "| algorithm | predicted (s) | simulated (s) | simulated / predicted | simulated / best |"
    echo "|---|---:|---:|---:|---:|"
    awk -F '\t' -v bt="$bt" -v pick="$pick" -v best="$best" '
      FNR == NR { if ($8 == "ok") sim[$5] = $7; else sim[$5] = "refused"; if (!($5 in seen)) { seen[$5] = 1; vs[++nv] = $5 }; next }
      { nf = split($0, f, " "); star = (f[1] == "*"); name = f[1 + star]; p = f[2 + star]; seg = (/segments of/ ? f[nf - 1] : "")
        v = (seg != "" ? name ":" seg : name); mark = (v == pick ? " (pick)" : "") (v == best ? " (best)" : "")
        s = sim[v]
        if (s == "refused" || s == "") printf "| %s%s | %.6g | %s | | |\n", v, mark, p, (s == "" ? "not replayed" : s)
        else printf "| %s%s | %.6g | %.6g | %.3f | %.3f |\n", v, mark, p, s, s / p, s / bt
        done[v] = 1; if (name == "segmented_chain") segdone = 1 }
      END {
        # best segmented_chain of the sweep, if not shown already
        for (i = 1; i <= nv; i++) if (vs[i] ~ /^segmented_chain:/ && sim[vs[i]] != "refused" && (bs == "" || sim[vs[i]] + 0 < sim[bs] + 0)) bs = vs[i]
        if (bs != "" && !(bs in done)) printf "| %s (best segment of the sweep)%s | | %.6g | | %.3f |\n", bs, (bs == best ? " (best)" : ""), sim[bs], sim[bs] / bt
      }' "$work/cases/$id/runs.tsv" <(tail -n +2 "$work/cases/$id/predict.txt")
  done
} > "$out/worst_cases.md"

cat "$report"
echo
echo "raw results: $tsv, $out/runs.tsv; worst cases: $out/worst_cases.md" >&2
[ "$keep" = 1 ] || rm -rf "$work"
