#!/usr/bin/env bash
# The layers of docs/architecture.md, from the includes: format (the trace format, its files) <- models <- replay
# (engines, MPI rules, collectives) <- src (reports, sweeps, calibration, CLI). A file may include its own layer and
# those below, never one above: the top-level folders' includes form no cycle, no file under models/ includes
# replay/, and the engines include nothing of the CLI or reports.
# usage: layers.sh SOURCE_DIR
set -uo pipefail
cd "$1" || exit 1
layers=(format models replay src)
failures=0
for i in "${!layers[@]}"; do
  above=("${layers[@]:$((i + 1))}")
  [ ${#above[@]} -eq 0 ] && continue
  pattern="#include \"($(IFS='|'; echo "${above[*]}"))/"
  found=$(grep -rnE "$pattern" "${layers[$i]}" --include='*.cpp' --include='*.hpp' --include='*.h' --include='*.c')
  if [ -n "$found" ]; then
    echo "FAIL ${layers[$i]}/ includes a layer above it:"
    echo "$found" | head -20
    failures=$((failures + 1))
  else
    echo "ok   ${layers[$i]}/ includes nothing of ${above[*]}"
  fi
done
[ "$failures" -eq 0 ] || exit 1
echo "layers: every layer includes only itself and those below"
