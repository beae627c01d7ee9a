# Figure 2 of Canon and Antoniu (INRIA RR-7898, 2012): ratios between the binomial (resp. Fibonacci) strategy's
# schedule length and the optimal one when d = c (resp. min(d, c) = 0), 2 <= n <= 10000.
# Usage: gnuplot -e "data='figure2.dat'; output='reduction_figure2.png'" figure2.gp
if (!exists("data")) data = 'figure2.dat'
if (!exists("output")) output = 'reduction_figure2.png'

set terminal pngcairo size 900,540 font ",11"
set output output
set logscale x
set xrange [2:10000]
set yrange [0.98:1.55]
set xlabel "Number of elements n"
set ylabel "Ratio to the optimal length (Algorithm 1)"
set key bottom right box opaque
set grid
set title "Binomial strategy (d = c) and Fibonacci strategy (min(d, c) = 0) vs. optimal"
plot data using 1:2 with steps lw 1.5 lc rgb "#1f77b4" title "binomial strategy, d = c", \
     data using 1:3 with steps lw 1.5 lc rgb "#d62728" title "Fibonacci strategy, min(d,c) = 0"
