# fail WHAT / ok WHAT: a check's line (fail counts it in $failures).
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
ok() { echo "ok   $*"; }

# expect NAME STATUS EXPECTED_STDERR -- tireplay arguments: runs $tireplay (20 s at most: a hang fails) and
# compares its exit status and stderr; counts failures in $failures. Sourced by the CLI tests.
expect() {
  local name=$1 status=$2 expected=$3
  shift 4
  local got rc
  got=$(timeout 20 "${expect_program:-$tireplay}" "$@" 2>&1 >/dev/null)
  rc=$?
  if [ "$rc" -ne "$status" ] || [ "$got" != "$expected" ]; then
    echo "FAIL $name: exit $rc (expected $status)"
    echo "  got:      $(printf '%s' "$got" | head -c 2000 | sed '2,$s/^/            /')"
    echo "  expected: $(printf '%s' "$expected" | sed '2,$s/^/            /')"
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

# expect_otf2ti NAME EXPECTED_STDERR -- otf2ti arguments: expect for $otf2ti (which the test sets), exit status 2.
expect_otf2ti() {
  local name=$1 expected=$2
  shift 3
  expect_program=$otf2ti expect "$name" 2 "$expected" -- "$@"
}

# The otf2ti beside $tireplay (a build tree's or an installation's).
otf2ti=$(dirname "$tireplay")/tools/otf2ti/otf2ti
[ -x "$otf2ti" ] || otf2ti=$(dirname "$tireplay")/otf2ti

# replay_results JSON: what a replay's --json summary says of the run, whatever the trace's form or path and the wall
# time: the simulated time (full precision), the action count and every rank's figures.
replay_results() {
  python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
print(repr(j['simulated_time']), j['actions'], json.dumps(j['per_rank'], sort_keys=True))" "$1"
}
