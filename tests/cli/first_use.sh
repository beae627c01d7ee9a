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
# One rank's actions (a rank's file alone is no trace: its collectives name ranks it does not have)
grep '^1 ' positional.out > rank1.out
same actions_rank rank1.out -- actions t.txt --rank 1
expect actions_rank_beyond 2 "tireplay actions: --rank 2 is not a rank of the trace (0 to 1)
(see tireplay actions --help)" -- actions t.txt --rank 2
expect actions_rank_lowest 2 "tireplay actions: --rank -2147483648 is not a rank of the trace (0 to 1)
(see tireplay actions --help)" -- actions t.txt --rank -2147483648
expect actions_unknown_option 2 "tireplay actions: unrecognised option '--platform'
(see tireplay actions --help)" -- actions --platform p.xml t.txt
expect actions_no_trace 2 "tireplay actions: give the trace: tireplay actions TRACE, or --trace TRACE
(see tireplay actions --help)" -- actions
expect actions_two_traces 2 "tireplay actions: option '--trace' cannot be specified more than once
(see tireplay actions --help)" -- actions t.txt --trace t.txt

# ---- calibrate -q: no report, no notes; the files asked for written; warnings still printed ----
P=$src/platforms/cluster_figure5.xml
python3 "$src/tools/calibrate/synthetic.py" pingpong --latency 16.67us --bandwidth 125MBps > flat.txt
{ echo "# hosts a b"; cat flat.txt; } > two_hosts.txt
{ echo "# hosts vm vm"; cat flat.txt; } > one_host.txt
got=$("$tireplay" calibrate pingpong -q flat.txt --options-out flat.opt 2>&1); rc=$?
[ $rc -eq 0 ] && [ -z "$got" ] && [ -s flat.opt ] && ok pingpong_quiet || fail "pingpong_quiet: exit $rc: $got"
got=$("$tireplay" calibrate factors --quiet --pingpong flat.txt --platform $P --options-out f.opt 2>&1); rc=$?
[ $rc -eq 0 ] && [ -z "$got" ] && [ -s f.opt ] && ok factors_quiet || fail "factors_quiet: exit $rc: $got"
printf '0 1e9 1\n1 2e9 1\n' > run.bursts
expect flops_quiet 0 "" -- calibrate flops -q run.bursts
python3 "$src/tools/calibrate/synthetic.py" alltoall --gamma 4.3628 --delta 4.93ms --threshold 8000 --alpha 50us \
  --bandwidth 125MBps > a2a.txt
expect contention_quiet 0 "" -- calibrate contention -q --alltoall a2a.txt --alpha 50us --bandwidth 125MBps
printf '%s\n' "4 1024 0.001" "4 65536 0.01" "8 1024 0.003" "8 65536 0.03" > a2a_off.txt
expect contention_quiet_warning 0 "tireplay calibrate contention: warning: the fit misses a2a_off.txt's times by up to 13.8%, beyond --max-error 10.0% (the table above gives each row's error): equation 5 does not describe these measurements well; check them, or measure more sizes per n" -- calibrate contention -q --alltoall a2a_off.txt --alpha 50us --bandwidth 125MBps
{ cat two_hosts.txt; echo "# exchange 1 1e-4"; } > exchanges.txt
expect pingpong_note 0 "tireplay calibrate pingpong: note: exchanges.txt holds pingpong.c's '# exchange' lines, tables that calibrate reads only as files of their own: --exchange FILE (sed -n 's/^# exchange //p' exchanges.txt > FILE)" -- calibrate pingpong exchanges.txt
expect pingpong_quiet_note 0 "" -- calibrate pingpong exchanges.txt -q

# ---- calibrate factors: a table of one host for a route between two hosts is refused, as by calibrate pingpong ----
expect factors_one_host 2 "one_host.txt: a ping-pong between two ranks of one host (its '# hosts vm vm' line): it measures that host's memory, not the route mycluster-0.mysite.fr -> mycluster-1.mysite.fr between two hosts
  measure across them (mpirun -np 2 --host mycluster-0.mysite.fr,mycluster-1.mysite.fr pingpong), or fit the table to a host's route to itself (--route mycluster-0.mysite.fr,mycluster-0.mysite.fr); or give --one-host to fit it to this route all the same" -- calibrate factors one_host.txt --platform $P
expect factors_one_host_forced 0 "" -- calibrate factors one_host.txt --platform $P --one-host
expect factors_two_hosts 0 "" -- calibrate factors two_hosts.txt --platform $P
expect factors_loopback 0 "" -- calibrate factors one_host.txt --platform $P \
  --route mycluster-0.mysite.fr,mycluster-0.mysite.fr

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "first_use: every case passed"
