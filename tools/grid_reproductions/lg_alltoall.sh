#!/usr/bin/env bash
# Figures 8 and 9 of the all-to-all paper (Steffenel, Jeannot et al., section VI): the LG all-to-all against the
# direct ones on two 30-node clusters 1000 km apart (platforms/nancy_rennes.xml, one rank per node), 1 KiB to
# 4 MiB per pair: LG simulated and by its model (ours: local phases + packets slowed by the flows sharing the
# backbone) and by equation 7 (the paper's, local phases by equation 5 with its gamma = 2.6887, delta = 5.039 ms
# from M = 1 KiB, on the local packets of 2 blocks; alpha, beta from `tireplay topology`); Open MPI 1.1's
# all-to-all (the paper's "traditional" one: linear below 3000 bytes, pairwise above, our `ring`: pairwise
# needs a power of two in SMPI) and the linear one that SMPI 3.32's Open MPI selector runs for 60 ranks.
# Writes docs/figures/lg_alltoall.dat, docs/figures/lg_alltoall.png. About 1 minute.
# usage: tools/grid_reproductions/lg_alltoall.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/tools/grid_reproductions/lib.sh"
hosts="$root/platforms/hosts_nancy_rennes.txt"
# Hockney parameters of the platform, as tireplay topology reads them: latency (us) and bandwidth (MB/s).
read -r lat_local lat_wan < <("$tireplay" topology --platform "$root/platforms/nancy_rennes.xml" |
  awk '/^Latency/ { f = 1; next } f && $1 == "C0" && NF == 3 { print $2, $3; exit }')
read -r bw_local bw_wan < <("$tireplay" topology --platform "$root/platforms/nancy_rennes.xml" |
  awk '/^Bandwidth/ { f = 1; next } f && $1 == "C0" && NF == 3 { print $2, $3; exit }')
data="$root/docs/figures/lg_alltoall.dat"
{
  printf 'bytes\tlg_simulated\tlg_model\tequation7\topenmpi_1_1_simulated\tlinear_simulated\n'
  for kib in 1 4 16 64 256 1024 4096; do
    bytes=$((kib * 1024))
    one_call 60 "alltoall $((bytes / 8)) $((bytes / 8)) 4 4"
    lg=$(simulated nancy_rennes.xml "$hosts" alltoall=lg)
    model=$(predicted alltoall "$bytes" 60 nancy_rennes.xml "$hosts" lg)
    eq7=$(awk -v m="$bytes" -v a="$lat_local" -v b="$bw_local" -v aw="$lat_wan" -v bw="$bw_wan" 'BEGIN {
      gamma = 2.6887; delta = (m >= 1024) ? 0.005039 : 0; n = 30
      tc = (n - 1) * (a * 1e-6 + 2 * m / (b * 1e6) * gamma + delta)
      printf "%.9g", tc + 1 * (aw * 1e-6 + m * n / (bw * 1e6)) }')
    if [ "$bytes" -lt 3000 ]; then old=linear; else old=ring; fi
    printf '%d\t%s\t%s\t%s\t%s\t%s\n' "$bytes" "$lg" "$model" "$eq7" "$(simulated nancy_rennes.xml "$hosts" "alltoall=$old")" \
      "$(simulated nancy_rennes.xml "$hosts" alltoall=linear)"
  done
} > "$data"
column -t "$data"
if have_gnuplot; then
  gnuplot <<GP
set terminal pngcairo size 1100,450 noenhanced
set output '$root/docs/figures/lg_alltoall.png'
set multiplot layout 1,2
set logscale xy; set grid; set key top left font ',9'
set xlabel 'bytes per pair'; set ylabel 'seconds'
set title 'LG against direct all-to-alls, simulated (Figure 8)'
plot '$data' using 1:2 with linespoints lw 2 title 'LG', '$data' using 1:5 with linespoints title 'Open MPI 1.1 (pairwise)', \
     '$data' using 1:6 with linespoints title 'linear (SMPI 3.32 default)'
set title 'LG: simulated and predicted (Figure 9)'
plot '$data' using 1:2 with linespoints lw 2 title 'LG simulated', '$data' using 1:3 with linespoints title 'tireplay model', \
     '$data' using 1:4 with linespoints title 'equation 7 (paper gamma, delta)'
unset multiplot
GP
  echo "wrote docs/figures/lg_alltoall.png (data: docs/figures/lg_alltoall.dat)"
fi
