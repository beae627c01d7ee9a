#!/usr/bin/env bash
# record_traces.sh — CTest fixture setup of the e2e.smpirun.* tests: records the TI traces of the
# project's replayable MPI programs with traces/record.sh.
#
# usage: record_traces.sh <source-dir> <out-dir>
#
# Writes
#   <out-dir>/programs/          the programs compiled with smpicc
#   <out-dir>/recorded/          every replayable program at 4 ranks on cluster_figure5, 5 ranks on
#                                cluster_16 and 16 ranks on two_level
#   <out-dir>/recorded_np8/      a couple of programs at 8 ranks on cluster_16
# (one <prog>_np<N>_<tag>/index.txt + rank<k>.txt per case, see traces/record.sh).
#
# ssend and anysource_waitany are not recorded: SimGrid 3.32's replayer cannot replay their traces
# (see traces/recorded/README.md), so there is no reference time to compare with.
#
# Exits 77 (skip) when smpicc or smpirun is not installed.
set -eu

if [ $# -ne 2 ]; then
  echo "usage: $0 <source-dir> <out-dir>" >&2
  exit 2
fi
src=$1 out=$2

for tool in smpicc smpirun; do
  if ! command -v "$tool" > /dev/null 2>&1; then
    echo "SKIP: $tool not found on PATH"
    exit 77
  fi
done

programs="coll_alltoall coll_basic coll_gather_scatter coll_reduce_scatter_scan p2p_blocking p2p_nonblocking sendrecv"
programs_np8="p2p_nonblocking coll_alltoall"

mkdir -p -- "$out"
start=$(date +%s)
RECORD_CASES="4:figure5 5:16 16:two_level" RECORD_PROGRAMS="$programs" \
  bash "$src/traces/record.sh" "$out/programs" "$out/recorded"
RECORD_CASES="8:16" RECORD_PROGRAMS="$programs_np8" \
  bash "$src/traces/record.sh" "$out/programs" "$out/recorded_np8"
echo "recorded in $(( $(date +%s) - start )) s"
