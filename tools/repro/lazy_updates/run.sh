#!/usr/bin/env bash
# SimGrid's lazy updates (network/optim:Lazy, its default) against its full ones, with ranks sharing a host
# (docs/fidelity.md): 6 ranks on cluster_figure5's 4 hosts (ranks 0 and 4 share one, 1 and 5 another), 8 messages of
# 70,000 bytes by isend/irecv/waitall. smpirun -replay and the fast level agree (0.0035805474 s); the full level,
# through SimGrid's lazy updates in its own order of calls, gives 0.0035761299; with --cfg network/optim:Full it
# gives smpirun's.
# usage: tools/repro/lazy_updates/run.sh BUILD_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../../.." && pwd)
for args in "--fidelity full" "--fidelity fast" "--fidelity full --cfg network/optim:Full"; do
  # shellcheck disable=SC2086
  time=$("$1/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --hostfile "$here/hosts6.txt" \
    --trace "$here/trace.txt" -q --json - $args | sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p')
  echo "tireplay $args: $time"
done
if command -v smpirun > /dev/null; then
  echo "smpirun -replay: $("$src/tests/e2e/smpirun_time.sh" "$here/trace.txt" 6 "$src/platforms/cluster_figure5.xml" "$here/hosts6.txt")"
fi
