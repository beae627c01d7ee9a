# Figures 7 and 8 of Steffenel (INRIA inria-00116897, 2006), section 6: average makespan of the inter-cluster
# broadcast heuristics over random instances drawn from Table 3.
# Usage: gnuplot -e "data='study.dat'; output='grid_figure8.png'; last=50" figures.gp
if (!exists("data")) data = 'study.dat'
if (!exists("output")) output = 'grid_figure8.png'
if (!exists("last")) last = 50

set terminal pngcairo size 900,540 font ",11" noenhanced
set output output
set xrange [2:last]
set xlabel "Number of clusters"
set ylabel "Average makespan (s)"
set key top left box opaque
set grid
set title sprintf("Broadcast heuristics, 2 to %d clusters (Table 3's L, g, T; 10,000 instances each)", last)
plot for [col=2:8] data using 1:col with linespoints pt col ps 0.8 lw 1.5 title columnhead(col)
