#!/usr/bin/env bash
# simgrid_cases.sh — replays one of SimGrid 3.32's own replay cases with tireplay and checks the
# simulated time against
#   (a) the time pinned in <data-dir>/expected_replay_times.tsv. That time is printed with 6
#       decimals (%f), so the tolerance is max(1e-6 * t, 5e-7 + 1e-12): 1e-6 relative, but never
#       less than half a unit of the last printed digit;
#   (b) when smpirun is installed, the time `smpirun -replay` reports live on the same case (through
#       smpirun_time.sh, full precision), to 1e-6 relative.
#
# usage: simgrid_cases.sh <tireplay> <source-dir> <scratch-dir> <data-dir> <tsv-trace>
#                         [--cfg key:value | --coll op=alg | --oversubscribe]...
#   <data-dir>   the SimGrid replay reference data (README.md, expected_replay_times.tsv, replay/, ...)
#   <tsv-trace>  the case: the trace path exactly as the TSV's 2nd column starts
#                (e.g. examples/smpi/replay/actions_bcast.txt); np, platform, hostfile and the
#                expected time are read from that TSV row.
#
# The TSV names files by their place in SimGrid's tree; they map to the data directory as:
#   examples/smpi/replay/X            -> replay/X             (run from <data-dir>, which plays the
#                                                              role of examples/smpi: index files
#                                                              such as replay/split_traces name
#                                                              their per-rank files from there)
#   examples/smpi/replay_multiple/X   -> replay_multiple/X    (run from replay_multiple/)
#   generated/D/X                     -> generated/D/X        (run from generated/D/)
#   examples/platforms/X              -> platforms/X
#   examples/smpi/hostfile            -> hostfile
#   teshsuite/smpi/hostfile_coll      -> hostfile_coll
#   teshsuite/smpi/hostfile           -> hostfile_teshsuite
#
# Exit status: 0 pass, 1 fail, 2 usage error, 77 skip (reference data absent).
set -eu
here=$(cd "$(dirname -- "$0")" && pwd -P)
. "$here/lib.sh"

if [ $# -lt 5 ]; then
  echo "usage: $0 <tireplay> <source-dir> <scratch-dir> <data-dir> <tsv-trace> [options]" >&2
  exit 2
fi
tireplay=$1 src=$2 scratch=$3 data=$4 key=$5
shift 5
e2e_split_args "$@" || exit 2

tsv=$data/expected_replay_times.tsv
if [ ! -f "$tsv" ]; then
  echo "SKIP: SimGrid replay reference data not found ($tsv)"
  exit $E2E_SKIP
fi
data=$(e2e_abspath "$data")
tireplay=$(e2e_abspath "$tireplay")
mkdir -p -- "$scratch"
scratch=$(e2e_abspath "$scratch")

# The TSV row of this case: the first word of column 2 is the trace.
row=$(awk -F '\t' -v k="$key" 'NR > 1 { split($2, w, " "); if (w[1] == k) { print; exit } }' "$tsv")
if [ -z "$row" ]; then
  echo "FAIL: no row for '$key' in $tsv"
  exit 1
fi
IFS=$'\t' read -r name _ np platform hostfile expected _ <<< "$row"
case "$np" in
  ''|*[!0-9]*) echo "FAIL: '$key': rank count '$np' is not a number"; exit 1 ;;
esac
if ! printf '%s\n' "$expected" | grep -Eq '^[0-9]+(\.[0-9]+)?$'; then
  echo "FAIL: '$key': no pinned time in the TSV ('$expected')"
  exit 1
fi

map() {
  case "$1" in
    examples/smpi/replay/*)          printf 'replay/%s\n' "${1#examples/smpi/replay/}" ;;
    examples/smpi/replay_multiple/*) printf 'replay_multiple/%s\n' "${1#examples/smpi/replay_multiple/}" ;;
    examples/platforms/*)            printf 'platforms/%s\n' "${1#examples/platforms/}" ;;
    examples/smpi/hostfile)          printf 'hostfile\n' ;;
    teshsuite/smpi/hostfile_coll)    printf 'hostfile_coll\n' ;;
    teshsuite/smpi/hostfile)         printf 'hostfile_teshsuite\n' ;;
    generated/*)                     printf '%s\n' "$1" ;;
    *) echo "FAIL: cannot map '$1' to the data directory" >&2; return 1 ;;
  esac
}
trace=$data/$(map "$key") platform=$data/$(map "$platform") hostfile=$data/$(map "$hostfile")
case "$key" in
  examples/smpi/replay/*) workdir=$data ;;
  *)                      workdir=$(dirname -- "$trace") ;;
esac
for f in "$trace" "$platform" "$hostfile"; do
  if [ ! -f "$f" ]; then
    echo "SKIP: reference data incomplete: no $f"
    exit $E2E_SKIP
  fi
done

echo "case:     $name"
echo "trace:    $trace"
echo "np:       $np"
echo "platform: $platform"
echo "hostfile: $hostfile"
echo "workdir:  $workdir"
echo "options:  ${TI_ARGS[*]:-(none)}"

# 1. tireplay, from the working directory SimGrid's test runs from
json=$scratch/tireplay.json
t1=$(e2e_tireplay_time "$workdir" "$scratch/tireplay.log" "$json" --platform "$platform" --trace "$trace" \
  --hostfile "$hostfile" --np "$np" ${TI_ARGS[@]+"${TI_ARGS[@]}"}) || { echo "$t1"; exit 1; }
echo "tireplay: $t1"
echo "expected: $expected (TSV, 6 decimals)"

fail=0
if e2e_close "$t1" "$expected" 1e-6 5.00001e-7; then
  echo "  vs TSV:     ok"
else
  echo "  vs TSV:     MISMATCH (relative difference $(e2e_reldiff "$t1" "$expected"))"
  fail=1
fi

# 2. smpirun -replay live, full precision
if e2e_have_smpirun; then
  status=0
  t2=$(cd "$workdir" && "$here/smpirun_time.sh" "$trace" "$np" "$platform" "$hostfile" \
         ${SMPI_ARGS[@]+"${SMPI_ARGS[@]}"} 2> "$scratch/smpirun.log") || status=$?
  if [ "$status" -ne 0 ] || [ -z "$t2" ]; then
    cat "$scratch/smpirun.log"
    echo "FAIL: smpirun_time.sh failed (status $status)"
    exit 1
  fi
  echo "smpirun:  $t2 (live)"
  if e2e_close "$t1" "$t2" 1e-6 1e-15; then
    echo "  vs smpirun: ok (relative difference $(e2e_reldiff "$t1" "$t2"))"
  else
    echo "  vs smpirun: MISMATCH (relative difference $(e2e_reldiff "$t1" "$t2"))"
    fail=1
  fi
  if ! e2e_close "$t2" "$expected" 1e-6 5.00001e-7; then
    echo "  note: live smpirun differs from the TSV too: the reference setup may not match"
  fi
else
  echo "smpirun:  not installed, live comparison skipped"
fi

if [ "$fail" -ne 0 ]; then
  echo "FAIL"
  exit 1
fi
echo "PASS"
