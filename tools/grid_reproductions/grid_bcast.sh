#!/usr/bin/env bash
# Figures 9 and 10 of Steffenel (INRIA inria-00116897, 2006), section 7: a broadcast on the 88-machine grid of
# Table 4 (platforms/grid_88.xml, one rank per host, cluster by cluster) from 256 KiB to 4 MiB, by each of the
# seven inter-cluster heuristics (predicted: their schedule's makespan, Figure 9; simulated: Figure 10), the
# grid-unaware binomial tree (LAM-MPI's MPI_Bcast in the paper) and the flat tree over all 88 ranks.
# Writes docs/figures/grid_bcast_88.dat, docs/figures/grid_bcast_88.png. About 20 s.
# usage: tools/grid_reproductions/grid_bcast.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/tools/grid_reproductions/lib.sh"
hosts="$root/platforms/hosts_grid_88.txt"
heuristics="grid_flat_tree grid_fef grid_ecef grid_ecef_la grid_ecef_lat grid_ecef_lat_max grid_bottom_up"
data="$root/docs/figures/grid_bcast_88.dat"
{
  printf 'bytes'
  for h in $heuristics; do printf '\t%s_predicted\t%s_simulated' "$h" "$h"; done
  printf '\tbinomial_simulated\tflat_simulated\n'
  for kib in 256 512 1024 2048 4096; do
    bytes=$((kib * 1024))
    one_call 88 "bcast $((bytes / 8)) 0 4"
    printf '%d' "$bytes"
    for h in $heuristics; do
      printf '\t%s\t%s' "$(predicted bcast "$bytes" 88 grid_88.xml "$hosts" "$h")" \
        "$(simulated grid_88.xml "$hosts" "bcast=$h")"
    done
    printf '\t%s\t%s\n' "$(simulated grid_88.xml "$hosts" bcast=binomial)" "$(simulated grid_88.xml "$hosts" bcast=flat)"
  done
} > "$data"
column -t "$data" | awk 'NR == 1 || /^4194304/' | tr -s ' ' '\t' |
  awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[i] = $i; next } { for (i = 2; i <= NF; i++) printf "%-28s %8.3f s\n", h[i], $i }'
if have_gnuplot; then
  gnuplot <<GP
set terminal pngcairo size 1100,450 noenhanced
set output '$root/docs/figures/grid_bcast_88.png'
set multiplot layout 1,2
set key top left font ',8'
set xlabel 'message (MiB)'; set ylabel 'seconds'; set grid
set title 'Predicted (Figure 9): the schedules'
plot for [i=0:6] '$data' using (\$1/1048576):(column(2+2*i)) with linespoints title columnhead(2+2*i)
set title 'Simulated (Figure 10), with grid-unaware trees'
plot for [i=0:6] '$data' using (\$1/1048576):(column(3+2*i)) with linespoints title columnhead(3+2*i), \
     '$data' using (\$1/1048576):16 with linespoints dt 2 lw 2 title 'binomial', \
     '$data' using (\$1/1048576):17 with linespoints dt 3 lw 2 title 'flat'
unset multiplot
GP
  echo "wrote docs/figures/grid_bcast_88.png (data: docs/figures/grid_bcast_88.dat)"
fi
