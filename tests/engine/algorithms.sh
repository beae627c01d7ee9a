#!/usr/bin/env bash
# Every collective algorithm of the registry (as `tireplay algorithms` lists it, so new rows are picked up)
# replays its collective at several communicator sizes and must complete: exit 0, no blocked rank, no
# unmatched message, i.e. its sends and receives match and it cannot deadlock. Each trace calls the
# collective twice: small messages (detached sends) rooted at 0, then large odd-sized ones (rendezvous)
# rooted at the last rank. Algorithms described as "power of two only" must refuse other sizes with
# "<op> '<alg>' needs a power-of-two number of ranks, not N".
# Then a few algorithms' simulated times are checked against values computed by hand on private links,
# as in engine_times.sh: a message of S bytes alone on a link takes T(S) = 0.001 + (S + 16) / 1e8, and two
# messages crossing one link in opposite directions share it: 0.001 + 2 (S + 16) / 1e8 each.
# Usage: algorithms.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR [REPLAY OPTION...]
# (options given to every replay: --fidelity fast runs the same checks on the fast level.)
set -euo pipefail
tireplay=$1
src=$2
scratch=$3
shift 3
every_run=("$@")
mkdir -p "$scratch"
failures=0
checked=0

. "$src/tests/engine/coll_calls.sh"  # counts, call_args

# Writes the trace of OP for N ranks; fails for an operation this script does not know yet.
write_trace() {
  local op=$1 n=$2 file=$3 rank small large
  : > "$file"
  for ((rank = 0; rank < n; rank++)); do
    small=$(call_args "$op" "$n" "$rank" 1000 0) || return 1
    large=$(call_args "$op" "$n" "$rank" 100003 $((n - 1))) || return 1
    printf '%s %s %s\n%s %s %s\n' "$rank" "$op" "$small" "$rank" "$op" "$large" >> "$file"
  done
}

is_power_of_two() { (( $1 > 0 && ($1 & ($1 - 1)) == 0 )); }

completes() {
  local op=$1 alg=$2 restricted=$3 n=$4
  local name="${op}_${alg}_$n" rc=0
  checked=$((checked + 1))
  if ! write_trace "$op" "$n" "$scratch/$name.txt"; then
    echo "FAIL $name: no trace line for operation '$op': add it to call_args in algorithms.sh"
    failures=$((failures + 1))
    return
  fi
  "$tireplay" replay --platform "$src/platforms/cluster_16.xml" --hostfile "$src/platforms/hosts_16.txt" \
    --trace "$scratch/$name.txt" --coll "$op=$alg" --quiet --json "$scratch/$name.json" \
    ${every_run[@]+"${every_run[@]}"} 2> "$scratch/$name.err" || rc=$?
  if [ "$restricted" = yes ] && ! is_power_of_two "$n"; then
    local expected="$op '$alg' needs a power-of-two number of ranks, not $n"
    if [ "$rc" -eq 2 ] && grep -qF "$expected" "$scratch/$name.err"; then
      echo "ok   $name: refused"
    else
      echo "FAIL $name: expected exit 2 and '$expected', got exit $rc: $(cat "$scratch/$name.err")"
      failures=$((failures + 1))
    fi
    return
  fi
  if [ "$rc" -ne 0 ]; then
    echo "FAIL $name: exit $rc: $(head -c 2000 "$scratch/$name.err")"
    failures=$((failures + 1))
  elif ! grep -q '"completed": true' "$scratch/$name.json" || ! grep -q '"blocked": \[\]' "$scratch/$name.json" ||
       ! grep -q '"unmatched_messages": \[\]' "$scratch/$name.json"; then
    echo "FAIL $name: incomplete replay, see $scratch/$name.json"
    failures=$((failures + 1))
  fi
}

# `tireplay algorithms`: an operation per line, then its algorithms indented as "  [* ] name  description".
op=""
while IFS= read -r line; do
  if [[ $line =~ ^[^[:space:]] ]]; then
    op=$line
    continue
  fi
  alg=$(sed -E 's/^  [* ] ([^ ]+).*/\1/' <<< "$line")
  restricted=no
  [[ $line == *"power of two only"* ]] && restricted=yes
  before=$failures
  for n in 2 3 4 5 8 16; do
    completes "$op" "$alg" "$restricted" "$n"
  done
  [ "$failures" -eq "$before" ] && echo "ok   $op=$alg completes at 2, 3, 4, 5, 8 and 16 ranks"
done < <("$tireplay" algorithms)
if [ "$checked" -eq 0 ]; then
  echo "FAIL: \`tireplay algorithms\` listed no algorithm"
  failures=$((failures + 1))
fi

# check NAME EXPECTED [tireplay options...] -- trace lines: a 4-rank replay on private 100 MB/s, 1 ms links.
check() {
  local name=$1 expected=$2
  shift 2
  local opts=()
  while [ "$1" != "--" ]; do opts+=("$1"); shift; done
  shift
  printf '%s\n' "$@" > "$scratch/time_$name.txt"
  if ! "$tireplay" replay --platform "$src/tests/engine/private_links.xml" --trace "$scratch/time_$name.txt" \
      --quiet --json "$scratch/time_$name.json" --cfg smpi/bw-factor:0:1 --cfg smpi/lat-factor:0:1 \
      --cfg network/crosstraffic:0 "${opts[@]}" ${every_run[@]+"${every_run[@]}"} 2> "$scratch/time_$name.err"; then
    echo "FAIL time $name: tireplay failed: $(cat "$scratch/time_$name.err")"
    failures=$((failures + 1))
    return
  fi
  local got
  got=$(sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$scratch/time_$name.json")
  if awk -v g="$got" -v e="$expected" \
      'BEGIN { d = g - e; if (d < 0) d = -d; exit !(d <= 1e-9 * (e > 1 ? e : 1)) }'; then
    echo "ok   time $name: $got"
  else
    echo "FAIL time $name: expected $expected, got $got"
    failures=$((failures + 1))
  fi
}
all4() { local r; for r in 0 1 2 3; do echo "$r $*"; done; }

# T(1e6) = 0.001 + 1000016/1e8 = 0.01100016    T(2e6) = 0.02100016    T(0) = 0.00100016
# Chain broadcast: 0 -> 1 -> 2 -> 3, one whole message after the other: 3 T(1e6).
mapfile -t lines < <(all4 bcast 1000000)
check bcast_chain 0.03300048 --coll bcast=chain -- "${lines[@]}"
# Van de Geijn: the root sends blocks 2-3 to rank 2 (T(2e6)), then block 1 to rank 1 (T(1e6)) while rank 2
# sends block 3 to rank 3: all hold their block at T(2e6) + T(1e6) = 0.03200032. Then 3 ring steps of one
# block per link: 3 T(1e6) = 0.03300048. Total 0.0650008.
mapfile -t lines < <(all4 bcast 4000000)
check bcast_scatter_allgather 0.0650008 --coll bcast=scatter_allgather -- "${lines[@]}"
# Ring allreduce of 4e6 bytes: 6 steps of 1e6-byte blocks, each link 0-1, 1-2, 2-3, 3-0 carrying one: 6 T(1e6).
mapfile -t lines4e6 < <(all4 allreduce 4000000 0)
check allreduce_ring 0.06600096 --coll allreduce=ring -- "${lines4e6[@]}"
# Recursive doubling of 1e6 bytes: 2 exchanges, each crossing one link both ways: 2 (0.001 + 2 * 1000016/1e8).
mapfile -t lines < <(all4 allreduce 1000000 0)
check allreduce_recursive_doubling 0.04200064 --coll allreduce=recursive_doubling -- "${lines[@]}"
# Rabenseifner on 4e6 bytes: halving exchanges of 2e6 then 1e6 bytes, doubling ones of 1e6 then 2e6, each
# crossing one link both ways: 2 (0.001 + 2 * 2000016/1e8) + 2 (0.001 + 2 * 1000016/1e8) = 0.12400128.
check allreduce_rabenseifner 0.12400128 --coll allreduce=rabenseifner -- "${lines4e6[@]}"
# Binomial gather of 1e6 per rank: 1 -> 0 and 3 -> 2 at once (T(1e6)), then 2 -> 0 with two blocks (T(2e6)).
mapfile -t lines < <(all4 gather 1000000 1000000 0)
check gather_binomial 0.03200032 --coll gather=binomial -- "${lines[@]}"
# Binomial scatter (Open MPI's order, nearest child first): 0 -> 1 (T(1e6)), 0 -> 2 with two blocks (T(2e6)),
# then 2 -> 3 (T(1e6)): 0.04300048.
mapfile -t lines < <(all4 scatter 1000000 1000000 0)
check scatter_binomial 0.04300048 --coll scatter=binomial -- "${lines[@]}"
# Dissemination barrier: round 1 (to rank + 1) one message per link, T(0); round 2 (to rank + 2) two messages
# crossing links 0-2 and 1-3: 0.001 + 32/1e8. Total 0.00200048.
mapfile -t lines < <(all4 barrier)
check barrier_dissemination 0.00200048 --coll barrier=dissemination -- "${lines[@]}"

if [ "$failures" -gt 0 ]; then
  echo "$failures checks failed ($checked algorithm replays and the time checks)"
  exit 1
fi
echo "all $checked algorithm replays and the time checks passed"
