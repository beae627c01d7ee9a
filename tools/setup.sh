#!/usr/bin/env bash
# Installs the Debian packages tireplay needs (only those missing), then configures and builds it in build/.
# Usage: tools/setup.sh [extra cmake arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(gcc g++ cmake make pkg-config libsimgrid-dev libboost-program-options-dev libboost-context-dev libboost-iostreams-dev libzstd-dev libxxhash-dev libjemalloc-dev dpkg-dev file catch2 nlohmann-json3-dev time libxml2-dev
          libotf2-trace-dev otf2-tools python3-otf2 openmpi-bin libopenmpi-dev gfortran libpapi-dev gnuplot-nox pajeng
          slurm-wlm munge  # sweep --submit slurm, and its test (tests/slurm)
          ltrace lammps lammps-examples hpcc elk-lapw mpgrafic mumps-test gerris ptscotch scotch mpb-mpi nwchem-openmpi)
          # from ltrace on: tests/corpus (real applications)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "tireplay setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j"$(nproc)"
