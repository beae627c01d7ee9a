#!/usr/bin/env bash
# Figures 5 and 8 of the hwloc communicators paper (Mercier et al., section 7.2): the enhancement factor of the
# hierarchical broadcast and reduce (a flat algorithm per level: node leaders, then the 24 ranks of each node)
# over the flat one, on the 10-node x 24-core cluster (platforms/cluster_10x24.xml, 240 ranks, 24 per node),
# for messages of 1 KiB to 4 MiB. Broadcast: linear (flat), chain, pipeline (segmented_chain), binary
# (binary_tree), binomial; reduce: linear, chain, binomial, fibonacci_tree (tireplay has no pipelined or binary
# reduce). Factor = flat time / hierarchical time, per size; the paper's figures give the largest.
# Writes docs/figures/hierarchical_10x24.dat, docs/figures/hierarchical_10x24.png. About 1 minute.
# usage: tools/grid_reproductions/hierarchical.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/tools/grid_reproductions/lib.sh"
hosts="$work/hosts.txt"
for i in $(seq 0 9); do echo "node-$i:24"; done > "$hosts"
data="$root/docs/figures/hierarchical_10x24.dat"
bcasts="flat:hier_flat chain:hier_chain segmented_chain:hier_pipeline binary_tree:hier_binary_tree binomial:hier_binomial"
reduces="linear:hier_linear chain:hier_chain binomial:hier_binomial fibonacci_tree:hier_fibonacci_tree"
{
  printf 'op\talgorithm\tbytes\tflat_seconds\thierarchical_seconds\tfactor\n'
  for kib in 1 4 16 64 256 1024 4096; do
    bytes=$((kib * 1024))
    for pair in $bcasts; do
      one_call 240 "bcast $((bytes / 8)) 0 4"
      f=$(simulated cluster_10x24.xml "$hosts" "bcast=${pair%%:*}")
      h=$(simulated cluster_10x24.xml "$hosts" "bcast=${pair#*:}")
      printf 'bcast\t%s\t%d\t%s\t%s\t%.3f\n' "${pair%%:*}" "$bytes" "$f" "$h" "$(awk -v f="$f" -v h="$h" 'BEGIN { print f / h }')"
    done
    for pair in $reduces; do
      one_call 240 "reduce $((bytes / 8)) 0 0 4"
      f=$(simulated cluster_10x24.xml "$hosts" "reduce=${pair%%:*}")
      h=$(simulated cluster_10x24.xml "$hosts" "reduce=${pair#*:}")
      printf 'reduce\t%s\t%d\t%s\t%s\t%.3f\n' "${pair%%:*}" "$bytes" "$f" "$h" "$(awk -v f="$f" -v h="$h" 'BEGIN { print f / h }')"
    done
  done
} > "$data"
echo "largest enhancement factor per algorithm (size):"
awk -F '\t' 'NR > 1 { k = $1 " " $2; if ($6 > best[k]) { best[k] = $6; at[k] = $3 } }
  END { for (k in best) printf "  %-24s %7.2f  (%d bytes)\n", k, best[k], at[k] }' "$data" | sort
if have_gnuplot; then
  gnuplot <<GP
set terminal pngcairo size 1100,500 noenhanced
set output '$root/docs/figures/hierarchical_10x24.png'
set multiplot layout 1,2
set logscale x 2; set grid; set key below font ',9'
set xrange [700:6e6]; set yrange [0:*]
set xtics ('1 KiB' 1024, '4 KiB' 4096, '16 KiB' 16384, '64 KiB' 65536, '256 KiB' 262144, '1 MiB' 1048576, '4 MiB' 4194304)
unset xlabel; set ylabel 'enhancement factor (flat / hierarchical), by message size'
set title 'Broadcast, 10 x 24 cores (Figure 5)'
plot for [a in "flat chain segmented_chain binary_tree binomial"] '$data' using 3:(strcol(1) eq 'bcast' && strcol(2) eq a ? \$6 : 1/0) with linespoints title a
set title 'Reduce, 10 x 24 cores (Figure 8)'
plot for [a in "linear chain binomial fibonacci_tree"] '$data' using 3:(strcol(1) eq 'reduce' && strcol(2) eq a ? \$6 : 1/0) with linespoints title a
unset multiplot
GP
  echo "wrote docs/figures/hierarchical_10x24.png (data: docs/figures/hierarchical_10x24.dat)"
fi
