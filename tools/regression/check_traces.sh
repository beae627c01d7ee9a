#!/usr/bin/env bash
# Replays every run of a manifest with `tireplay check` against its baseline; exits 1 if any is out of tolerance.
# Usage: check_traces.sh [--write-baseline] [--tolerance T] [--tireplay BIN] MANIFEST BASELINE_DIR
#   MANIFEST: one run per line, `NAME OPTIONS...` where OPTIONS are `tireplay replay` options (--platform,
#   --trace, --hostfile, --cfg, ...), paths relative to the directory the script runs from; `#` starts a comment.
#   BASELINE_DIR/NAME.json is each run's baseline (--write-baseline records them all).
# Exit status: 0 all within tolerance, 1 some out of tolerance, 2 bad input (a run's error is printed).
set -uo pipefail
tireplay=${TIREPLAY:-build/tireplay}
extra=() positional=()
while [ $# -gt 0 ]; do  # options before or after the two paths
  case $1 in
    --write-baseline) extra+=(--write-baseline); shift ;;
    --tolerance) [ $# -ge 2 ] || { echo "check_traces.sh: --tolerance needs a value" >&2; exit 2; }
                 extra+=(--tolerance "$2"); shift 2 ;;
    --tireplay) [ $# -ge 2 ] || { echo "check_traces.sh: --tireplay needs a path" >&2; exit 2; }
                tireplay=$2; shift 2 ;;
    -*) echo "check_traces.sh: unknown option $1" >&2; exit 2 ;;
    *) positional+=("$1"); shift ;;
  esac
done
set -- "${positional[@]}"
if [ $# -ne 2 ] || [ ! -f "$1" ]; then
  echo "usage: check_traces.sh [--write-baseline] [--tolerance T] [--tireplay BIN] MANIFEST BASELINE_DIR" >&2
  [ $# -eq 2 ] && echo "check_traces.sh: $1: no such manifest" >&2
  exit 2
fi
if ! [ -x "$tireplay" ] && ! command -v "$tireplay" > /dev/null; then  # once, not once per run
  echo "check_traces.sh: $tireplay: no such program (build it with tools/setup.sh, or give --tireplay BIN)" >&2
  exit 2
fi
manifest=$1
baselines=$2
mkdir -p "$baselines"
worst=0 runs=0 failed=()
twice=$(awk '$1 !~ /^(#|$)/ { print $1 }' "$manifest" | sort | uniq -d | head -1)
if [ -n "$twice" ]; then
  echo "check_traces: $manifest: the name '$twice' is given twice (each run's baseline is NAME.json)" >&2
  exit 2
fi
while read -r name options || [ -n "$name" ]; do  # (a last line without its newline too)
  case $name in '' | '#'*) continue ;; esac
  runs=$((runs + 1))
  # shellcheck disable=SC2086  # the manifest's options are words
  out=$("$tireplay" check $options --baseline "$baselines/$name.json" "${extra[@]}" 2>&1)
  status=$?
  case $status in
    0) printf 'ok          %-40s %s\n' "$name" "$(echo "$out" | sed -n 's/^ *predicted time *//p;s/.*(predicted time \(.*\))/\1/p')" ;;
    1) printf 'REGRESSION  %-40s\n%s\n' "$name" "$out"; failed+=("$name") ;;
    *) printf 'ERROR       %-40s (exit %d)\n%s\n' "$name" "$status" "$out"; failed+=("$name") ;;
  esac
  [ "$status" -gt "$worst" ] && worst=$status
done < "$manifest"
echo "check_traces: $runs runs, ${#failed[@]} out of tolerance or failed${failed[*]:+: ${failed[*]}}"
[ "$worst" -gt 2 ] && worst=2
exit "$worst"
