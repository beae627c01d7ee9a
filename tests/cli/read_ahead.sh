#!/usr/bin/env bash
# Text traces parsed ahead on another core (tireplay/read-ahead, format/read_ahead.hpp) replay as they do parsed in
# place: every bundled trace and a generated 16-rank wavefront give the same replay_results (simulated time, per-rank
# times) at both levels, and errors met deep in a trace (a bad field, point-to-point forms mixed across ranks, an
# epoch left open at the end) give the same message and exit status.
# Usage: read_ahead.sh TIREPLAY SOURCE_DIR SCRATCH_DIR GEN_TRACE
set -uo pipefail
tireplay=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") src=$2 scratch=$3
gen=$(cd "$(dirname "$4")" && pwd)/$(basename "$4")
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0
source "$src/tests/cli/expect.sh"
P=$src/platforms/cluster_figure5.xml H=$src/platforms/hosts_figure5.txt
"$gen" --ranks 16 --actions 200000 --out wave --pattern wavefront 2> /dev/null
for trace in "$src"/traces/recorded/*/index.txt wave/index.txt; do
  name=$(basename "$(dirname "$trace")")
  for level in full fast; do
    "$tireplay" replay -q --fidelity $level --oversubscribe --platform "$P" --hostfile "$H" --trace "$trace" \
      --json on.json > on.log 2>&1
    on=$?
    "$tireplay" replay -q --fidelity $level --oversubscribe --platform "$P" --hostfile "$H" --trace "$trace" \
      --json off.json --cfg tireplay/read-ahead:no > off.log 2>&1
    off=$?
    if [ "$on" = 0 ] && [ "$off" = 0 ] && [ "$(replay_results on.json)" = "$(replay_results off.json)" ]; then
      ok "$name ($level): the same results"
    elif [ "$on" = "$off" ] && [ "$on" != 0 ] && cmp -s on.log off.log; then
      ok "$name ($level): the same failure"
    else
      fail "$name ($level): exit $on vs $off; $(replay_results on.json 2>&1 | head -c 200) vs $(replay_results off.json 2>&1 | head -c 200)"
    fi
  done
done

# the same error, read ahead or not (each deep enough that the parser is ahead of the replay)
same_error() {  # NAME TRACE
  "$tireplay" replay -q --platform "$P" --hostfile "$H" --oversubscribe --trace "$2" > on.log 2>&1
  on=$?
  "$tireplay" replay -q --platform "$P" --hostfile "$H" --oversubscribe --trace "$2" --cfg tireplay/read-ahead:no \
    > off.log 2>&1
  off=$?
  if [ "$on" = 2 ] && [ "$off" = 2 ] && cmp -s on.log off.log; then
    ok "$1: $(head -1 on.log | head -c 150)"
  else
    fail "$1: exit $on vs $off: $(head -2 on.log) vs $(head -2 off.log)"
  fi
}
mkdir -p bad_field mixed_forms open_epoch
for r in 0 1; do
  for i in $(seq 3000); do echo "$r compute 1000"; echo "$r send $((1 - r)) 0 10"; echo "$r recv $((1 - r)) 0 10"; done \
    > bad_field/r$r.txt
done
cp bad_field/r0.txt mixed_forms/r0.txt && cp bad_field/r1.txt mixed_forms/r1.txt
cp bad_field/r0.txt open_epoch/r0.txt && cp bad_field/r1.txt open_epoch/r1.txt
echo "1 compute x" >> bad_field/r1.txt
echo "1 send 0 10" >> mixed_forms/r1.txt  # tag-less, after tagged lines of rank 0
printf '0 win_create 1\n0 win_lock_all 1\n' >> open_epoch/r0.txt
printf '1 win_create 1\n' >> open_epoch/r1.txt
for case in bad_field mixed_forms open_epoch; do
  printf 'r0.txt\nr1.txt\n' > $case/index.txt
  same_error $case $case/index.txt
done

echo "$failures failures"
[ "$failures" -eq 0 ]
