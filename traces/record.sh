#!/usr/bin/env bash
# record.sh — build the project's MPI programs (traces/programs/*.c) with smpicc, record their
# time-independent (TI) traces with `smpirun -trace-ti`, and get SimGrid's reference replay time
# for each recorded trace with tests/e2e/smpirun_time.sh.
#
# usage: traces/record.sh [build-dir [out-dir]]
#   build-dir  where the programs are compiled      (default: <repo>/build/traces)
#   out-dir    where the traces are written         (default: <build-dir>/recorded)
# environment:
#   RECORD_CASES     space-separated "<np>:<platform-tag>" list (default: "4:figure5 5:16 16:two_level")
#                    platform tags: figure5 -> platforms/cluster_figure5.xml + hosts_figure5.txt
#                                   16      -> platforms/cluster_16.xml      + hosts_16.txt
#                                   two_level -> platforms/two_level.xml     + hosts_two_level.txt
#                                   grid_88 -> platforms/grid_88.xml, nancy_rennes -> platforms/nancy_rennes.xml
#                                   (+ hosts_<tag>.txt: one rank per host, cluster by cluster)
#   RECORD_PROGRAMS  space-separated program names (default: every traces/programs/*.c)
#   SMPICC, SMPIRUN  compiler / launcher (default: smpicc, smpirun from PATH)
#
# Output, for each program P and case (N ranks on platform tag T), in <out-dir>/P_npN_T/:
#   index.txt      one line per rank: "rank<k>.txt" (paths relative to the index's directory)
#   rank<k>.txt    the TI trace of MPI rank k, exactly as written by smpirun -trace-ti
#   record.log     smpirun's output while recording
#   replay.log     smpirun's output of the reference replay
# and <out-dir>/cases.tsv: case, index (relative to out-dir), np, platform, hostfile (relative to
# the repository), smpirun -replay simulated time (or FAIL when SimGrid 3.32 cannot replay it).
#
# Recording uses --cfg=smpi/simulate-computation:no, so the wall-clock-benchmarked computations of
# the programs are NOT traced (they would produce non-deterministic "compute" lines); the only
# "compute <flops>" lines come from the programs' explicit smpi_execute_flops() calls. The trace
# content is then deterministic. SimGrid names the raw per-rank files
# "<tracefile>_files/<wall-clock-stamp>_rank-<actor pid>.txt" (pid = rank + 1) and lists them in
# <tracefile>; this script renames them to rank<k>.txt and rewrites the index.
set -eu

here=$(cd "$(dirname -- "$0")" && pwd -P)
root=$(cd "$here/.." && pwd -P)

build=${1:-$root/build/traces}
mkdir -p -- "$build"
build=$(cd "$build" && pwd -P)
out=${2:-$build/recorded}
mkdir -p -- "$out"
out=$(cd "$out" && pwd -P)

SMPICC=${SMPICC:-smpicc}
SMPIRUN=${SMPIRUN:-smpirun}
cases=${RECORD_CASES:-"4:figure5 5:16 16:two_level"}
if [ -n "${RECORD_PROGRAMS:-}" ]; then
  programs=$RECORD_PROGRAMS
else
  programs=
  for f in "$here"/programs/*.c; do
    f=${f##*/}
    programs="$programs ${f%.c}"
  done
fi
timer=$root/tests/e2e/smpirun_time.sh

platform_of() {
  case "$1" in
    figure5)   echo "platforms/cluster_figure5.xml platforms/hosts_figure5.txt" ;;
    16)        echo "platforms/cluster_16.xml platforms/hosts_16.txt" ;;
    two_level) echo "platforms/two_level.xml platforms/hosts_two_level.txt" ;;
    grid_88)   echo "platforms/grid_88.xml platforms/hosts_grid_88.txt" ;;
    nancy_rennes) echo "platforms/nancy_rennes.xml platforms/hosts_nancy_rennes.txt" ;;
    *) echo "record.sh: unknown platform tag '$1'" >&2; return 1 ;;
  esac
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/record.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT

# 1. build
for p in $programs; do
  echo "[build] $p"
  "$SMPICC" -O1 -o "$build/$p" "$here/programs/$p.c"
done

# 2. record + reference replay
printf 'case\tindex\tnp\tplatform\thostfile\tsmpirun_time\n' > "$out/cases.tsv"
for p in $programs; do
  for c in $cases; do
    np=${c%%:*}
    tag=${c#*:}
    pf=$(platform_of "$tag")
    plat=${pf% *} hosts=${pf#* }
    name=${p}_np${np}_${tag}
    dest=$out/$name
    rm -rf -- "$dest"
    mkdir -p -- "$dest"
    raw=$tmp/$name
    mkdir -p -- "$raw"

    echo "[record] $name"
    if ! (cd "$raw" && "$SMPIRUN" -trace-ti --cfg=tracing/filename:"$raw/$name.txt" \
            --cfg=smpi/simulate-computation:no \
            -np "$np" -platform "$root/$plat" -hostfile "$root/$hosts" "$build/$p") \
          > "$dest/record.log" 2>&1 < /dev/null; then
      cat "$dest/record.log" >&2
      echo "record.sh: recording $name failed" >&2
      exit 1
    fi

    # normalise: rank<k>.txt (k = MPI rank = first field of every line), index.txt in rank order
    n=0
    while IFS= read -r f; do
      r=$(head -n 1 -- "$f" | cut -d' ' -f1)
      if [ -z "$r" ] || [ -n "$(cut -d' ' -f1 -- "$f" | grep -vx -- "$r" | head -n 1)" ]; then
        echo "record.sh: $f: unexpected content" >&2
        exit 1
      fi
      cp -- "$f" "$dest/rank$r.txt"
      n=$((n + 1))
    done < "$raw/$name.txt"
    if [ "$n" -ne "$np" ]; then
      echo "record.sh: $name: expected $np per-rank traces, got $n" >&2
      exit 1
    fi
    k=0
    : > "$dest/index.txt"
    while [ "$k" -lt "$np" ]; do
      [ -f "$dest/rank$k.txt" ] || { echo "record.sh: $name: missing rank $k" >&2; exit 1; }
      echo "rank$k.txt" >> "$dest/index.txt"
      k=$((k + 1))
    done

    echo "[replay] $name"
    if t=$("$timer" "$dest/index.txt" "$np" "$root/$plat" "$root/$hosts" 2> "$dest/replay.log"); then
      echo "  -> $t"
    else
      t=FAIL
      echo "  -> FAIL: $(grep -m 1 -E 'CRITICAL|Error|error' "$dest/replay.log" || tail -n 1 "$dest/replay.log")"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$name/index.txt" "$np" "$plat" "$hosts" "$t" >> "$out/cases.tsv"
  done
done
echo "[done] traces in $out, summary in $out/cases.tsv"
