#!/usr/bin/env bash
# tireplay check: passes on the unchanged case, catches a 5% slowdown injected by scaling a link's bandwidth,
# reports it readably, and rejects bad input.
# Usage: check.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -euo pipefail
tireplay=$1
src=$2
scratch=$3
mkdir -p "$scratch"
rm -f "$scratch"/*
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

trace=$src/traces/recorded/coll_basic/index.txt
hosts=$src/platforms/hosts_figure5.txt
base=$scratch/baseline.json
"$tireplay" check --platform "$src/platforms/cluster_figure5.xml" --hostfile "$hosts" --trace "$trace" \
  --baseline "$base" --write-baseline > "$scratch/write.out"
grep -q "baseline written to $base" "$scratch/write.out" || fail "no baseline written: $(cat "$scratch/write.out")"

# The unchanged case passes.
"$tireplay" check --platform "$src/platforms/cluster_figure5.xml" --hostfile "$hosts" --trace "$trace" \
  --baseline "$base" > "$scratch/same.out" || fail "the unchanged replay fails its check: $(cat "$scratch/same.out")"
grep -q "tireplay check: ok (tolerance 2%)" "$scratch/same.out" || fail "unchanged: $(cat "$scratch/same.out")"

# The same files named from another directory are the same inputs: no warning. Other options than the baseline's
# are said (the baseline records the options that change a result).
(cd "$src/platforms" && "$tireplay" check --platform cluster_figure5.xml --hostfile hosts_figure5.txt --trace "$trace" \
  --baseline "$base" -q) 2> "$scratch/elsewhere.err" || fail "from another directory: exit $?"
[ ! -s "$scratch/elsewhere.err" ] || fail "from another directory: $(cat "$scratch/elsewhere.err")"
"$tireplay" check --platform "$src/platforms/cluster_figure5.xml" --hostfile "$hosts" --trace "$trace" \
  --baseline "$base" -q --cfg smpi/os:0:1e-9 2> "$scratch/options.err" || true
grep -qxF "tireplay check: warning: the baseline was made with the options {\"hostfile\":\"$hosts\"}; this check replays with {\"cfg\":[\"smpi/os:0:1e-9\"],\"hostfile\":\"$hosts\"}" \
  "$scratch/options.err" || fail "other options: $(cat "$scratch/options.err")"

# The cluster's private links at 125 MB/s * 0.935 slow this communication-bound run by 5%.
sed 's/bw="125MBps"/bw="116.875MBps"/' "$src/platforms/cluster_figure5.xml" > "$scratch/slower.xml"
grep -q 'bw="116.875MBps"' "$scratch/slower.xml" || fail "the platform has no 125MBps link to slow down"
status=0
"$tireplay" check --platform "$scratch/slower.xml" --hostfile "$hosts" --trace "$trace" --baseline "$base" \
  > "$scratch/slower.out" || status=$?
[ "$status" -eq 1 ] || fail "a 5% slowdown exits $status, not 1"
grep -q "tireplay check: REGRESSION (tolerance 2%)" "$scratch/slower.out" || fail "verdict: $(cat "$scratch/slower.out")"
slowdown=$(sed -n 's/.*predicted time .*(+\([0-9.]*\)%)/\1/p' "$scratch/slower.out")
awk -v s="$slowdown" 'BEGIN { exit !(s >= 4.5 && s <= 5.5) }' || fail "injected slowdown is $slowdown%, not ~5%"
grep -Eq "^ +0  comm +0\.043796341 +0\.04[0-9]+ +\+[0-9.]+%$" "$scratch/slower.out" ||
  fail "no per-rank line for rank 0's communication: $(cat "$scratch/slower.out")"
# The same slowdown from the command line, every link scaled: caught too.
status=0
"$tireplay" check --platform "$src/platforms/cluster_figure5.xml" --hostfile "$hosts" --trace "$trace" \
  --baseline "$base" --scale link.bw=0.935 > "$scratch/scaled.out" || status=$?
[ "$status" -eq 1 ] || fail "--scale link.bw=0.935 exits $status, not 1"
# ... which a 7% tolerance accepts.
"$tireplay" check --platform "$scratch/slower.xml" --hostfile "$hosts" --trace "$trace" --baseline "$base" \
  --tolerance 0.07 > /dev/null || fail "a 5% slowdown fails a 7% tolerance"

# A rank that ends later is a regression though the run ends sooner (it said CHANGED: the tenth trial's job 9x slower)
printf '%s\n' "0 compute 1e9" "1 compute 1e8" > "$scratch/two.txt"
printf '%s\n' "0 compute 5e8" "1 compute 3e8" > "$scratch/two_later.txt"
"$tireplay" check --platform "$src/platforms/cluster_figure5.xml" --trace "$scratch/two.txt" \
  --baseline "$scratch/two.json" --write-baseline > /dev/null
"$tireplay" check --platform "$src/platforms/cluster_figure5.xml" --trace "$scratch/two_later.txt" \
  --baseline "$scratch/two.json" > "$scratch/later.out" 2> /dev/null && fail "a rank ending later passes" || true
grep -q "tireplay check: REGRESSION (tolerance 2%)" "$scratch/later.out" || fail "rank later: $(cat "$scratch/later.out")"
"$tireplay" check --platform "$src/platforms/cluster_figure5.xml" --trace "$scratch/two_later.txt" \
  --baseline "$scratch/two_later.json" --write-baseline > /dev/null
printf '%s\n' "0 compute 4e8" "1 compute 2e8" > "$scratch/two_sooner.txt"  # every time shorter: CHANGED
"$tireplay" check --platform "$src/platforms/cluster_figure5.xml" --trace "$scratch/two_sooner.txt" \
  --baseline "$scratch/two_later.json" > "$scratch/sooner.out" 2> /dev/null && fail "a faster run passes" || true
grep -q "tireplay check: CHANGED (tolerance 2%)" "$scratch/sooner.out" || fail "sooner: $(cat "$scratch/sooner.out")"

# Bad input: exit 2 with the reason.
expect_error() {
  local message=$1
  shift
  local status=0
  "$tireplay" check "$@" > "$scratch/err.out" 2>&1 || status=$?
  [ "$status" -eq 2 ] || fail "exit status $status (not 2) for: $*"
  grep -qF -- "$message" "$scratch/err.out" || fail "expected '$message', got: $(cat "$scratch/err.out")"
}
expect_error "missing.json: cannot read the baseline" --platform "$src/platforms/cluster_figure5.xml" \
  --hostfile "$hosts" --trace "$trace" --baseline "$scratch/missing.json"
expect_error "--tolerance: expected a percentage (2%) or a fraction (0.02), got '5 percent'" \
  --platform "$src/platforms/cluster_figure5.xml" --trace "$trace" --baseline "$base" --tolerance "5 percent"
expect_error "the option '--baseline' is required" --platform "$src/platforms/cluster_figure5.xml" --trace "$trace"
printf '%s\n' "0 compute 1e6" > "$scratch/one_rank.txt"
expect_error "$base: the baseline has 4 ranks, the replay 1" --platform "$src/platforms/cluster_figure5.xml" \
  --trace "$scratch/one_rank.txt" --baseline "$base"

[ "$failures" -eq 0 ] && echo "check: all checks passed"
exit $((failures > 0))
