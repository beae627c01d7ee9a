#!/usr/bin/env bash
# otf2ti's extraction throughput next to otf2-print's on the same archive: a 16-rank run of ring.c traced by the
# tracer, folded on this machine's cores (or ARCHIVE given). Prints the medians of farm-bench (5 runs), events/s
# and MB/s for otf2ti --threads 1 and 2 and for otf2-print, and the time tireplay takes to replay the converted
# trace (16 ranks on platforms/cluster_16.xml) for scale.
# usage: tests/bench/otf2/throughput.sh BUILD_DIR [ARCHIVE/traces.otf2]
set -euo pipefail
build=$(cd "$1" && pwd) here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/otf2ti-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
archive=${2:-}
if [ -z "$archive" ]; then
  mpicc -O2 "$here/ring.c" -o "$work/ring"
  TIREPLAY_TRACE_DIR=$work/archive mpirun --allow-run-as-root --oversubscribe -np 16 -x TIREPLAY_TRACE_DIR \
    -x LD_PRELOAD="$build/libtireplay_tracer.so" "$work/ring" 2000 2> /dev/null
  archive=$work/archive/traces.otf2
fi
"$build/otf2ti" "$archive" -o "$work/ti" 2> "$work/log"
events=$(sed -n 's/.* ranks, \([0-9]*\) events.*/\1/p' "$work/log")
mb=$(du -sm --apparent-size "$(dirname "$archive")" | cut -f1)
echo "archive: $archive, $events events, $mb MB"
median_wall() { farm-bench -n 5 -- "$@" 2>&1 | awk '/^A wall s/ {print $5}'; }
for run in "otf2ti --threads 1" "otf2ti --threads 2" "otf2-print"; do
  case $run in
    otf2ti*) t=$(median_wall sh -c "exec $build/otf2ti $archive -o $work/out ${run#otf2ti } 2>/dev/null") ;;
    *) t=$(median_wall sh -c "exec otf2-print $archive >/dev/null") ;;
  esac
  python3 -c 'import sys; n, mb, t = map(float, sys.argv[2:]); print(f"{sys.argv[1]:20s} {t:8.3f} s  {n / t / 1e6:7.2f} M events/s  {mb / t:7.1f} MB/s")' \
    "$run" "$events" "$mb" "$t"
done
src=$(cd "$here/../../.." && pwd)
t=$(median_wall sh -c "exec $build/tireplay replay --platform $src/platforms/cluster_16.xml --hostfile $src/platforms/hosts_16.txt --trace $work/ti/trace.txt --quiet")
printf '%-20s %8.3f s  (the converted trace, %s actions)\n' "tireplay replay" "$t" "$(sed -n 's/.* events, \([0-9]*\) actions.*/\1/p' "$work/log")"
