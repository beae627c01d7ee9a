#!/usr/bin/env bash
# Reproduces Figure 2 of Canon and Antoniu (INRIA RR-7898, 2012) as docs/figures/reduction_figure2.png.
# Needs cmake, a C++17 compiler and gnuplot (Debian: gnuplot-nox). Usage: tools/reduction_figure2/make_figure2.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$root/build/reduction_figure2"

if ! command -v gnuplot >/dev/null; then
  echo "make_figure2.sh: gnuplot not found (apt-get install gnuplot-nox)" >&2
  exit 1
fi
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" >/dev/null
"$build/figure2_data" 10000 > "$build/figure2.dat"
mkdir -p "$root/docs/figures"
gnuplot -e "data='$build/figure2.dat'; output='$root/docs/figures/reduction_figure2.png'" "$here/figure2.gp"
echo "wrote $root/docs/figures/reduction_figure2.png (data: $build/figure2.dat)"
