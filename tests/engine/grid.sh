#!/usr/bin/env bash
# Grid and hierarchical algorithms in the replay (docs/grid.md):
#  1. grid_88, a 4 MiB broadcast: each grid heuristic's simulated time is within 5% of its schedule's makespan
#     (tireplay predict), and the ECEF family beats the binomial tree and the flat tree;
#  2. the grid broadcast and the LG all-to-all on a sub-communicator of unequal clusters (ranks of a comm_split)
#     and the LG all-to-all on the paper's 3 + 7 example complete, LG within 25% of its model;
#  3. nancy_rennes, 1 MiB all-to-all: LG beats Open MPI 1.1's pairwise (our ring) and is within 25% of its model;
#  4. cluster_10x24: the hierarchical flat broadcast and linear reduce are more than 10 times faster than flat;
#  5. the stencil traces: --select model is never slower than --select smpi, and its --explain shows grid or
#     hierarchical choices.
# Usage: grid.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -euo pipefail
tireplay=$1
src=$2
scratch=$3
mkdir -p "$scratch"
failures=0

time_of() { sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$1"; }
ok() { echo "ok   $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
# within A B TOLERANCE: |A - B| <= TOLERANCE x B
within() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t * b) }'; }
less() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
# replay NAME PLATFORM HOSTFILE TRACE ARGS...: simulated time of a replay
replay() {
  local name=$1 platform=$2 hosts=$3 trace=$4
  shift 4
  "$tireplay" replay --platform "$src/platforms/$platform" --hostfile "$hosts" --trace "$trace" --quiet \
    --json "$scratch/$name.json" "$@"
  time_of "$scratch/$name.json"
}
predicted() {  # predicted OP BYTES NP PLATFORM HOSTFILE ALGORITHM
  "$tireplay" predict --op "$1" --bytes "$2" --np "$3" --platform "$src/platforms/$4" --hostfile "$5" |
    awk -v alg="$6" '{ name = ($1 == "*") ? $2 : $1; t = ($1 == "*") ? $3 : $2 } name == alg { print t }'
}

# 1. grid_88, 4 MiB broadcast from rank 0.
hosts88="$src/platforms/hosts_grid_88.txt"
for r in $(seq 0 87); do echo "$r bcast 524288 0 4"; done > "$scratch/bcast88.txt"
declare -A t
for alg in binomial flat grid_flat_tree grid_fef grid_ecef grid_ecef_la grid_ecef_lat grid_ecef_lat_max grid_bottom_up; do
  t[$alg]=$(replay "bcast_$alg" grid_88.xml "$hosts88" "$scratch/bcast88.txt" --coll "bcast=$alg")
done
for alg in grid_flat_tree grid_fef grid_ecef grid_ecef_la grid_ecef_lat grid_ecef_lat_max grid_bottom_up; do
  p=$(predicted bcast 4MiB 88 grid_88.xml "$hosts88" "$alg")
  if within "${t[$alg]}" "$p" 0.05; then ok "grid_88 $alg: simulated ${t[$alg]} s, schedule $p s"
  else fail "grid_88 $alg: simulated ${t[$alg]} s, schedule $p s (more than 5% apart)"; fi
done
for alg in grid_ecef grid_ecef_la grid_ecef_lat grid_ecef_lat_max; do
  if less "${t[$alg]}" "${t[binomial]}" && less "${t[$alg]}" "${t[flat]}"; then
    ok "grid_88 $alg ${t[$alg]} s beats binomial ${t[binomial]} s and flat ${t[flat]} s"
  else fail "grid_88 $alg ${t[$alg]} s does not beat binomial ${t[binomial]} s and flat ${t[flat]} s"; fi
done

# 2. A sub-communicator of unequal clusters: 10 ranks of orsay_a, 3 of idpot_a, 7 of toulouse (world: 24 ranks).
hosts24="$scratch/hosts24.txt"
{ for i in $(seq 0 10); do echo "orsay_a-$i"; done; for i in 0 1 2 3; do echo "idpot_a-$i"; done
  for i in $(seq 0 8); do echo "toulouse-$i"; done; } > "$hosts24"
members="1 2 3 4 5 6 7 8 9 10 11 12 13 15 16 17 18 19 20 21"  # 10 orsay_a, 3 idpot_a, 7 toulouse
for r in $(seq 0 23); do
  echo "$r init"
  if [[ " $members " == *" $r "* ]]; then
    echo "$r comm_split 1 20 $members"
    echo "$r bcast 100000 3 4 comm=1"
    echo "$r alltoall 10000 10000 4 4 comm=1"
  fi
  echo "$r finalize"
done > "$scratch/sub.txt"
if out=$(replay sub_grid grid_88.xml "$hosts24" "$scratch/sub.txt" --coll bcast=grid_ecef_lat --coll alltoall=lg); then
  ok "a sub-communicator of 3 unequal clusters: grid_ecef_lat and lg complete in $out s"
else fail "grid_ecef_lat and lg on a sub-communicator"; fi

# The paper's example: 3 nodes of one cluster, 7 of the other (nancy_rennes), 64 KiB per pair.
hosts10="$scratch/hosts10.txt"
{ for i in 0 1 2; do echo "nancy-$i"; done; for i in $(seq 0 6); do echo "rennes-$i"; done; } > "$hosts10"
for r in $(seq 0 9); do echo "$r alltoall 8192 8192 4 4"; done > "$scratch/a2a10.txt"
lg10=$(replay lg10 nancy_rennes.xml "$hosts10" "$scratch/a2a10.txt" --coll alltoall=lg)
p=$(predicted alltoall 64KiB 10 nancy_rennes.xml "$hosts10" lg)
if within "$lg10" "$p" 0.25; then ok "LG, 3 + 7 nodes, 64 KiB: simulated $lg10 s, model $p s"
else fail "LG, 3 + 7 nodes, 64 KiB: simulated $lg10 s, model $p s (more than 25% apart)"; fi

# 3. nancy_rennes, 60 ranks, 1 MiB per pair.
hosts60="$src/platforms/hosts_nancy_rennes.txt"
for r in $(seq 0 59); do echo "$r alltoall 131072 131072 4 4"; done > "$scratch/a2a60.txt"
lg=$(replay lg60 nancy_rennes.xml "$hosts60" "$scratch/a2a60.txt" --coll alltoall=lg)
ring=$(replay ring60 nancy_rennes.xml "$hosts60" "$scratch/a2a60.txt" --coll alltoall=ring)
p=$(predicted alltoall 1MiB 60 nancy_rennes.xml "$hosts60" lg)
if less "$lg" "$ring"; then ok "nancy_rennes 1 MiB: LG $lg s beats pairwise (ring) $ring s"
else fail "nancy_rennes 1 MiB: LG $lg s does not beat pairwise (ring) $ring s"; fi
if within "$lg" "$p" 0.25; then ok "nancy_rennes 1 MiB: LG simulated $lg s, model $p s"
else fail "nancy_rennes 1 MiB: LG simulated $lg s, model $p s (more than 25% apart)"; fi

# 4. cluster_10x24: 240 ranks, 24 per node, 1 MiB.
hosts240="$scratch/hosts240.txt"
for i in $(seq 0 9); do echo "node-$i:24"; done > "$hosts240"
for r in $(seq 0 239); do echo "$r bcast 131072 0 4"; done > "$scratch/bcast240.txt"
for r in $(seq 0 239); do echo "$r reduce 131072 0 0 4"; done > "$scratch/reduce240.txt"
flat=$(replay b_flat cluster_10x24.xml "$hosts240" "$scratch/bcast240.txt" --coll bcast=flat)
hier=$(replay b_hier cluster_10x24.xml "$hosts240" "$scratch/bcast240.txt" --coll bcast=hier_flat)
if less "$(awk -v h="$hier" 'BEGIN { print 10 * h }')" "$flat"; then ok "10x24 bcast: hier_flat $hier s, flat $flat s"
else fail "10x24 bcast: hier_flat $hier s is not 10 times faster than flat $flat s"; fi
flat=$(replay r_flat cluster_10x24.xml "$hosts240" "$scratch/reduce240.txt" --coll reduce=linear)
hier=$(replay r_hier cluster_10x24.xml "$hosts240" "$scratch/reduce240.txt" --coll reduce=hier_linear)
if less "$(awk -v h="$hier" 'BEGIN { print 10 * h }')" "$flat"; then ok "10x24 reduce: hier_linear $hier s, linear $flat s"
else fail "10x24 reduce: hier_linear $hier s is not 10 times faster than linear $flat s"; fi

# 5. The stencil traces, by SMPI's choices and by the models'.
for case in stencil_np88_grid_88:grid_88 stencil_np60_nancy_rennes:nancy_rennes; do
  dir=${case%%:*} platform=${case#*:}
  trace="$src/traces/recorded/$dir/index.txt"
  smpi=$(replay "${dir}_smpi" "$platform.xml" "$src/platforms/hosts_$platform.txt" "$trace" --select smpi)
  model=$(replay "${dir}_model" "$platform.xml" "$src/platforms/hosts_$platform.txt" "$trace" --select model \
    --explain "$scratch/$dir.explain")
  if awk -v m="$model" -v s="$smpi" 'BEGIN { exit !(m <= s) }'; then ok "$dir: --select model $model s <= smpi $smpi s"
  else fail "$dir: --select model $model s is slower than smpi $smpi s"; fi
  if grep -Eq '^  \* (grid_|hier_|lg|hierarchical)' "$scratch/$dir.explain"; then
    ok "$dir: --explain shows $(grep -Eo '^  \* (grid_|hier_|lg|hierarchical)[a-z_]*' "$scratch/$dir.explain" | awk '{ print $2 }' | sort -u | tr '\n' ' ')"
  else fail "$dir: --explain shows no grid or hierarchical choice"; fi
done

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
