#!/usr/bin/env bash
# SimGrid's lazy updates (network/optim:Lazy, its default) against its full ones (docs/fidelity.md):
#  1. selective_update.cpp, SimGrid alone: when several communications end their latency at one date, a link only
#     they use can be left out of the solve (two flows at 83.3 MB/s through a 125 MB/s link);
#  2. the trace where it was found: 6 ranks on cluster_figure5's 4 hosts, 8 messages of 70,000 bytes by
#     isend/irecv/waitall. tireplay's full level runs with full updates (0.0035805474 s, as smpirun -replay and the
#     fast level); forced back to lazy updates it gives 0.0035761299.
# usage: tools/repro/lazy_updates/run.sh BUILD_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../../.." && pwd)
platform=$src/platforms/cluster_figure5.xml
work=$(mktemp -d "${TMPDIR:-/tmp}/lazy-updates.XXXXXX")
trap 'rm -rf "$work"' EXIT
g++ -std=c++17 -o "$work/selective_update" "$here/selective_update.cpp" -lsimgrid
for optim in Lazy Full; do
  echo "SimGrid alone, network/optim:$optim:"
  "$work/selective_update" "$platform" --cfg=network/model:SMPI --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 \
    --cfg=network/crosstraffic:0 --cfg=network/optim:$optim --log=root.thres:critical | sed 's/^/  /'
done
for args in "--fidelity full" "--fidelity fast" "--fidelity full --cfg network/optim:Lazy"; do
  # shellcheck disable=SC2086
  time=$("$1/tireplay" replay --platform "$platform" --hostfile "$here/hosts6.txt" \
    --trace "$here/trace.txt" -q --json - $args | sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p')
  echo "tireplay $args: $time"
done
if command -v smpirun > /dev/null; then
  echo "smpirun -replay: $("$src/tests/e2e/smpirun_time.sh" "$here/trace.txt" 6 "$platform" "$here/hosts6.txt")"
fi
