#!/usr/bin/env bash
# The two fidelity levels on random one-sided lock traces (lock_traces.py), with and without
# tireplay/rma-target-progress, on tests/engine/private_links.xml with hand_check.sh's settings: prints each seed
# whose levels end more than 1e-9 apart (relative, any rank) or fail, then a count. On 2026-11-28, seeds 1 to 400:
# without the option seed 381 (1.8e-5 apart), with it seeds 117 (9%: docs/fidelity.md), 120 (5e-4) and 381 (9%), all
# open (a trial's generator found 2 and 9 before that day's fixes).
#
# usage: tools/fidelity/lock_fuzz.sh [BUILD_DIR [FIRST_SEED [LAST_SEED]]]      (defaults: build 1 400)
set -euo pipefail
cd "$(dirname "$0")/../.."
tireplay=$(cd "${1:-build}" && pwd)/tireplay
first=${2:-1}
last=${3:-400}
work=$(mktemp -d "${TMPDIR:-/tmp}/lock_fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
settings=(--platform tests/engine/private_links.xml --quiet --cfg smpi/bw-factor:0:1 --cfg smpi/lat-factor:0:1
  --cfg network/crosstraffic:0)
found=0
for seed in $(seq "$first" "$last"); do
  python3 tools/fidelity/lock_traces.py "$seed" > "$work/t.txt"
  for progress in no yes; do
    for level in fast full; do
      if ! timeout 60 "$tireplay" replay "${settings[@]}" --trace "$work/t.txt" --fidelity $level \
          --cfg tireplay/rma-target-progress:$progress --json "$work/$level.json" > "$work/$level.err" 2>&1; then
        echo "seed $seed progress $progress: $level failed: $(head -1 "$work/$level.err")"
        found=$((found + 1))
        continue 2
      fi
    done
    if ! python3 - "$work/fast.json" "$work/full.json" "$seed" "$progress" <<'PY'; then found=$((found + 1)); fi
import json, sys
fast, full = (json.load(open(p)) for p in sys.argv[1:3])
worst = max(abs(a["finish_time"] - b["finish_time"]) / max(b["finish_time"], 1e-12)
            for a, b in zip(fast["per_rank"], full["per_rank"]))
if worst > 1e-9:
    print(f"seed {sys.argv[3]} progress {sys.argv[4]}: fast {fast['simulated_time']} full {full['simulated_time']} "
          f"({worst:.3g} apart)")
    sys.exit(1)
PY
  done
done
echo "lock_fuzz: $found difference(s) in seeds $first to $last"
