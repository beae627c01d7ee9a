#!/usr/bin/env bash
# smpirun_time.sh — reference simulated time of a TI trace with SimGrid's own replayer.
#
# usage: smpirun_time.sh <index-or-trace-list-file> <np> <platform> <hostfile> [extra smpirun args...]
#
# Runs
#   smpirun -np N -platform P -hostfile H -replay INDEX --log=replay.thresh:critical \
#           '--log=smpi_replay.fmt:%.15d%e%m%n' --cfg=smpi/host-speed:1f [extra args...]
# and prints ONLY the simulated time (the number before "Simulation time" on the last such line)
# on stdout. On failure, exits non-zero and copies smpirun's output to stderr.
#
# The index file lists one trace file per rank (or a single line naming a shared trace holding
# all ranks). Relative entries are resolved against the index file's own directory if they
# exist there, otherwise against the current directory (SimGrid's own convention). As a
# convenience, if the given file is itself a trace (its first line looks like "<rank> <action>"
# and is not a file name), it is used as a shared trace. smpirun runs in a private temporary
# directory since it writes temp files in its working directory.
set -eu

if [ $# -lt 4 ]; then
  echo "usage: $0 <index-or-trace-list-file> <np> <platform> <hostfile> [extra --cfg args...]" >&2
  exit 2
fi

index=$1 np=$2 platform=$3 hostfile=$4
shift 4

abspath() { # absolute path of an existing file
  (cd "$(dirname -- "$1")" && printf '%s/%s\n' "$(pwd -P)" "$(basename -- "$1")")
}

for f in "$index" "$platform" "$hostfile"; do
  [ -f "$f" ] || { echo "$0: no such file: $f" >&2; exit 2; }
done
index_abs=$(abspath "$index")
index_dir=$(dirname -- "$index_abs")
platform_abs=$(abspath "$platform")
hostfile_abs=$(abspath "$hostfile")

tmp=$(mktemp -d "${TMPDIR:-/tmp}/smpirun_time.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT

# Build a private index with absolute paths.
first=$(grep -v '^[[:space:]]*$' "$index_abs" | head -n 1 || true)
if [ -z "$first" ]; then
  echo "$0: empty index file: $index" >&2
  exit 2
fi
if [ ! -e "$first" ] && [ ! -e "$index_dir/$first" ] && printf '%s\n' "$first" | grep -Eq '^[0-9]+[[:space:]]+[A-Za-z]'; then
  # the given file is a trace itself: replay it as a shared trace
  printf '%s\n' "$index_abs" > "$tmp/index"
else
  while IFS= read -r line || [ -n "$line" ]; do
    [ -n "$line" ] || continue
    case "$line" in
      /*) printf '%s\n' "$line" ;;
      *)
        if [ -e "$index_dir/$line" ]; then abspath "$index_dir/$line"
        elif [ -e "$line" ]; then abspath "$line"
        else printf '%s\n' "$line"   # let smpirun report it
        fi ;;
    esac
  done < "$index_abs" > "$tmp/index"
fi

status=0
(
  cd "$tmp"
  smpirun -np "$np" -platform "$platform_abs" -hostfile "$hostfile_abs" -replay "$tmp/index" \
    --log=replay.thresh:critical '--log=smpi_replay.fmt:%.15d%e%m%n' --cfg=smpi/host-speed:1f "$@"
) > "$tmp/out" 2>&1 < /dev/null || status=$?

time=$(grep -E '^[-+0-9.eE]+ Simulation time ' "$tmp/out" | tail -n 1 | cut -d' ' -f1 || true)
if [ "$status" -ne 0 ] || [ -z "$time" ]; then
  cat "$tmp/out" >&2
  if [ "$status" -ne 0 ]; then
    echo "$0: smpirun failed (exit status $status)" >&2
  else
    echo "$0: smpirun printed no 'Simulation time' line (replay did not complete)" >&2
  fi
  [ "$status" -ne 0 ] && exit "$status"
  exit 1
fi
printf '%s\n' "$time"
