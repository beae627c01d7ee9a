#!/usr/bin/env bash
# compare_smpirun.sh — replays one TI trace with tireplay and with SimGrid's `smpirun -replay`
# (through smpirun_time.sh) and checks that both simulated times agree to 1e-6 relative:
#     |t_tireplay - t_smpirun| <= 1e-6 * max(|t_smpirun|, 1e-9)
#
# usage: compare_smpirun.sh <tireplay> <source-dir> <scratch-dir> <index> <np> <platform> <hostfile>
#                           [--cfg key:value | --coll op=alg | --oversubscribe]...
#   <index>, <platform>, <hostfile> may be relative to <source-dir>. The same settings are given to
#   both replayers (--cfg key:value becomes smpirun's --cfg=key:value, --coll op=alg becomes
#   --cfg=smpi/op:alg).
#
# Exit status: 0 the times agree, 1 they differ or a replayer failed, 2 usage error,
# 77 skip (smpirun is not installed, so neither the traces nor the reference exist).
set -eu
here=$(cd "$(dirname -- "$0")" && pwd -P)
. "$here/lib.sh"

if [ $# -lt 7 ]; then
  echo "usage: $0 <tireplay> <source-dir> <scratch-dir> <index> <np> <platform> <hostfile> [options]" >&2
  exit 2
fi
tireplay=$1 src=$2 scratch=$3 index=$4 np=$5 platform=$6 hostfile=$7
shift 7
e2e_split_args "$@" || exit 2

if ! e2e_have_smpirun; then
  echo "SKIP: smpirun not found on PATH"
  exit $E2E_SKIP
fi

in_src() { case "$1" in /*) printf '%s\n' "$1" ;; *) printf '%s/%s\n' "$src" "$1" ;; esac; }
index=$(in_src "$index") platform=$(in_src "$platform") hostfile=$(in_src "$hostfile")
for f in "$index" "$platform" "$hostfile"; do
  if [ ! -f "$f" ]; then
    echo "FAIL: no such file: $f (the trace is recorded by the e2e.record fixture test)"
    exit 1
  fi
done
mkdir -p -- "$scratch"
scratch=$(e2e_abspath "$scratch")

echo "trace:    $index"
echo "np:       $np"
echo "platform: $platform"
echo "hostfile: $hostfile"
echo "options:  ${TI_ARGS[*]:-(none)}"

# 1. tireplay
json=$scratch/tireplay.json
t1=$(e2e_tireplay_time . "$scratch/tireplay.log" "$json" --platform "$platform" --trace "$index" \
  --hostfile "$hostfile" --np "$np" ${TI_ARGS[@]+"${TI_ARGS[@]}"}) || { echo "$t1"; exit 1; }

# 2. smpirun -replay
status=0
t2=$("$here/smpirun_time.sh" "$index" "$np" "$platform" "$hostfile" ${SMPI_ARGS[@]+"${SMPI_ARGS[@]}"} \
       2> "$scratch/smpirun.log") || status=$?
if [ "$status" -ne 0 ] || [ -z "$t2" ]; then
  cat "$scratch/smpirun.log"
  echo "FAIL: smpirun_time.sh failed (status $status); tireplay gave $t1"
  exit 1
fi

echo "tireplay: $t1"
echo "smpirun:  $t2"
if e2e_close "$t1" "$t2" 1e-6 1e-15; then
  echo "PASS (relative difference $(e2e_reldiff "$t1" "$t2"))"
  exit 0
fi
echo "FAIL: times differ (relative difference $(e2e_reldiff "$t1" "$t2"), tolerance 1e-6)"
exit 1
