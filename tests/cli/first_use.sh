#!/usr/bin/env bash
# What a new user's trial found (the third): each case with its exact message and exit status, or its output.
# Usage: first_use.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -uo pipefail
tireplay=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0

source "$src/tests/cli/expect.sh"

# same NAME EXPECTED_FILE -- tireplay arguments: exit 0 and standard output equal to EXPECTED_FILE's
same() {
  local name=$1 expected=$2 got rc
  shift 3
  got=$(timeout 20 "$tireplay" "$@" 2>&1)
  rc=$?
  if [ "$rc" -eq 0 ] && [ "$got" = "$(cat "$expected")" ]; then ok "$name"; else fail "$name: exit $rc: $got"; fi
}

# ---- actions: the trace as a positional argument or --trace (replay's), --np as replay's; others named ----
printf '%s\n' "0 init" "0 compute 1e6" "0 send 1 0 1000" "1 init" "1 recv 0 0 1000" "0 finalize" "1 finalize" > t.txt
"$tireplay" actions t.txt > positional.out 2>&1 || fail "actions t.txt: exit $?"
[ "$(wc -l < positional.out)" -eq 7 ] && ok actions_positional || fail "actions_positional: $(cat positional.out)"
same actions_trace_option positional.out -- actions --trace t.txt
same actions_np positional.out -- actions t.txt --np 2
same actions_smpirun_spellings positional.out -- actions -replay t.txt -np 2
expect actions_np_too_many 2 "t.txt: no line for rank 2 (--np 4)" -- actions t.txt --np 4
expect actions_unknown_option 2 "tireplay actions: unrecognised option '--platform'
(see tireplay actions --help)" -- actions --platform p.xml t.txt
expect actions_no_trace 2 "tireplay actions: give the trace: tireplay actions TRACE, or --trace TRACE
(see tireplay actions --help)" -- actions
expect actions_two_traces 2 "tireplay actions: option '--trace' cannot be specified more than once
(see tireplay actions --help)" -- actions t.txt --trace t.txt


[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "first_use: every case passed"
