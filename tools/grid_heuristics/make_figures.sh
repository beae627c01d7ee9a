#!/usr/bin/env bash
# Reproduces Figures 7 (2 to 10 clusters) and 8 (2 to 50) of Steffenel (INRIA inria-00116897, 2006), section 6:
# docs/figures/grid_figure7.png, docs/figures/grid_figure8.png and the data, docs/figures/grid_heuristics.dat.
# Needs cmake, a C++17 compiler and gnuplot (Debian: gnuplot-nox). About 1.5 minutes on one core.
# usage: tools/grid_heuristics/make_figures.sh [INSTANCES]      (default 10000, the paper's)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$root/build/grid_heuristics"
instances=${1:-10000}
if ! command -v gnuplot > /dev/null; then
  echo "make_figures.sh: gnuplot not found (apt-get install gnuplot-nox)" >&2
  exit 1
fi
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build "$build" -j"$(nproc)" > /dev/null
mkdir -p "$root/docs/figures"
data="$root/docs/figures/grid_heuristics.dat"
"$build/heuristics_study" "$instances" 2 50 | sed '1s/^# clusters/clusters/' > "$data"
gnuplot -e "data='$data'; output='$root/docs/figures/grid_figure7.png'; last=10" "$here/figures.gp"
gnuplot -e "data='$data'; output='$root/docs/figures/grid_figure8.png'; last=50" "$here/figures.gp"
echo "wrote docs/figures/grid_figure7.png, grid_figure8.png (data: $data)"
