#!/usr/bin/env bash
# What the second new-user and hostile trials found (issue "Hardening, round two"): each case with its exact
# message and exit status.
# Usage: trial.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -uo pipefail
tireplay=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0

source "$src/tests/cli/expect.sh"

P=platform.xml
cp "$src/platforms/cluster_figure5.xml" $P
printf '%s\n' "0 init" "0 compute 1e6" "0 send 1 0 1000" "1 init" "1 recv 0 0 1000" "0 finalize" "1 finalize" > t.txt

# a zone without the route (SimGrid's full level stops on the send; the rest gave 0 s), profiles
cat > noroute.xml <<'XML'
<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full"><host id="a" speed="1Gf"/><host id="b" speed="1Gf"/></zone></platform>
XML
printf 'a\nb\n' > ab.txt
expect noroute_fast 2 "t.txt:3: no route from host 'a' to host 'b': the platform gives them no link and no latency
    0 send 1 0 1000" -- replay --platform noroute.xml --hostfile ab.txt --trace t.txt -q --fidelity fast
expect noroute_predict 2 "noroute.xml: no route from host 'a' to host 'b': the platform gives them no link and no latency" -- predict --platform noroute.xml --op bcast --bytes 1MiB --np 2
expect noroute_topology 2 "noroute.xml: no route from host 'a' to host 'b': the platform gives them no link and no latency" -- topology --platform noroute.xml
printf '0 1.25e8\n0.01 1.25e5\n' > bw_profile.txt
cat > profile.xml <<'XML'
<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full"><host id="a" speed="1Gf"/><host id="b" speed="1Gf"/>
<link id="l" bandwidth="125MBps" latency="50us" bandwidth_file="bw_profile.txt"/>
<route src="a" dst="b"><link_ctn id="l"/></route></zone></platform>
XML
expect profile_fast 0 "tireplay: note: profile.xml has profiles (bandwidth_file): --fidelity fast replays the platform's loaded speeds and bandwidths without their profiles (--fidelity full follows them)" -- replay --platform profile.xml --hostfile ab.txt --trace t.txt -q --fidelity fast
expect profile_full 0 "" -- replay --platform profile.xml --hostfile ab.txt --trace t.txt -q
printf '0 1e9\n0.01 5e8\n' > speed_profile.txt
sed 's|<host id="a" speed="1Gf"/>|<host id="a" speed="1Gf" speed_file="speed_profile.txt"/>|' profile.xml > profiles.xml
expect profiles_fast 0 "tireplay: note: profiles.xml has profiles (speed_file, bandwidth_file): --fidelity fast replays the platform's loaded speeds and bandwidths without their profiles (--fidelity full follows them)" -- replay --platform profiles.xml --hostfile ab.txt --trace t.txt -q --fidelity fast

# an address-space limit (ulimit -v, as batch schedulers set) stopped the stacks' allocation
printf '1023 compute 1\n' > ranks1024.txt
got=$( (ulimit -v 4000000; timeout 20 "$tireplay" replay --platform "$src/platforms/cluster_16.xml" --trace ranks1024.txt -q) 2>&1 >/dev/null)
rc=$?
want="ranks1024.txt: 1024 ranks reserve about 9 GB of stacks at the full level (8192 KiB each), more than this process's address-space limit allows (ulimit -v: 4 GB); --cfg contexts/stack-size:256 gives each rank 256 KiB"
[ $rc -eq 2 ] && [ "$got" = "$want" ] && ok stack_limit || fail "stack_limit: exit $rc: $got"
got=$( (ulimit -v 4000000; timeout 20 "$tireplay" replay --platform "$src/platforms/cluster_16.xml" --trace ranks1024.txt -q --cfg contexts/stack-size:256) 2>&1)
rc=$?
[ $rc -eq 0 ] && [ -z "$got" ] && ok stack_limit_small_stacks || fail "stack_limit_small_stacks: exit $rc: $got"


# hostfile lines: indented, a comment, a byte-order mark (each was "unknown host")
printf '\xef\xbb\xbf# two hosts\n\tmycluster-0.mysite.fr\n  mycluster-1.mysite.fr:3  \n' > hosts_bom.txt
expect hostfile_blanks_comments 0 "" -- replay --platform $P --trace t.txt -q --hostfile hosts_bom.txt --json hosts.json
grep -q '"mycluster-1.mysite.fr"' hosts.json && ok hostfile_rank1_host || fail "hostfile_rank1_host: $(cat hosts.json)"

# the hint after --emit-jobs, for a study whose name holds a space, pastes as one word
expect emit_jobs_quoted 0 "sweep: 2 commands in jobs.txt; run them (from this directory), then \`tireplay sweep collect -o 'my study'\`" -- sweep --trace t.txt --platform $P --vary bw=1x,2x -o "my study" --emit-jobs jobs.txt

# a platform from a pipe: the summary names the pipe (not our temporary copy), so `check` compares it quietly
"$tireplay" check --platform <(cat $P) --trace t.txt --baseline piped.json --write-baseline > /dev/null 2>&1
grep -q '"platform": "/dev/fd/' piped.json && ok piped_platform_name || fail "piped_platform_name: $(grep platform piped.json)"
got=$("$tireplay" check --platform <(cat $P) --trace t.txt --baseline piped.json 2>&1 > /dev/null)
[ -z "$got" ] && ok piped_platform_check || fail "piped_platform_check: $got"

# smpirun's --cfg smpi/coll-selector:ompi is --select ompi (README's own example was refused)
S=$src/traces/recorded/coll_basic/index.txt H=$src/platforms/hosts_figure5.txt
"$tireplay" replay --platform $P --hostfile $H --trace $S -q --select ompi --json select.json 2>/dev/null
"$tireplay" replay --platform $P --hostfile $H --trace $S -q --cfg smpi/coll-selector:ompi --json cfg.json 2>/dev/null
"$tireplay" replay --platform $P --hostfile $H --trace $S -q --json smpi.json 2>/dev/null
time_of() { sed -n 's/.*"simulated_time": \([^,]*\),.*/\1/p' "$1"; }
[ -n "$(time_of select.json)" ] && [ "$(time_of select.json)" = "$(time_of cfg.json)" ] &&
  [ "$(time_of select.json)" != "$(time_of smpi.json)" ] && ok coll_selector_ompi ||
  fail "coll_selector_ompi: $(time_of select.json) $(time_of cfg.json) $(time_of smpi.json)"
expect coll_selector_conflict 2 "tireplay replay: --cfg smpi/coll-selector:ompi and --select model choose different selectors
(see tireplay replay --help)" -- replay --platform $P --trace t.txt -q --cfg smpi/coll-selector:ompi --select model

# a study made again in the same directory (--force: another plan) keeps none of the earlier study's run files
"$tireplay" sweep --trace t.txt --platform $P --vary bw=1x,2x,3x,4x -o again -q > /dev/null 2>&1
touch again/runs/notes.txt
"$tireplay" sweep --trace t.txt --platform $P --vary bw=1x,2x -o again -q --force > /dev/null 2>&1
[ "$(ls again/runs | tr '\n' ' ')" = "000.err 000.json 001.err 001.json notes.txt " ] && ok sweep_again ||
  fail "sweep_again: $(ls again/runs | tr '\n' ' ')"

# a run that deadlocks is reported as blocked, as results.csv says, not as failed
printf '0 recv 1 0 10\n1 recv 0 0 10\n' > deadlock.txt
"$tireplay" sweep --trace deadlock.txt --platform $P --vary bw=1x -o blocked 2> blocked.err > /dev/null
grep -q "^sweep: run 000 (1/1) BLOCKED in" blocked.err && grep -q "^sweep: this run blocked (the replayed application deadlocks): " blocked.err &&
  grep -q '^000,1x,0.0,blocked$' blocked/results.csv && ok sweep_blocked || fail "sweep_blocked: $(head -3 blocked.err)"

# a host without a route to itself (a torus cluster): the fast level sent 100 MB in 0 s
printf '<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n<platform version="4.1"><cluster id="c" prefix="n-" suffix="" radical="0-7" speed="1Gf" bw="125MBps" lat="50us" topology="TORUS" topo_parameters="2,2,2"/></platform>\n' > torus.xml
printf 'n-0:2\n' > torus_hosts.txt
printf '0 send 1 0 100000000\n1 recv 0 0 100000000\n' > self.txt
expect torus_self_fast 2 "self.txt:2: no route from host 'n-0' to host 'n-0': the platform gives them no link and no latency
    1 recv 0 0 100000000" -- replay --platform torus.xml --hostfile torus_hosts.txt --trace self.txt -q --fidelity fast

# a job delayed so far that the clock's step hides its time (1e24 flops: 8.5e14 s, steps of 0.125 s)
printf '0 send 1 0 100\n1 recv 0 0 100\n' > small.txt
printf '1 small.txt 2 0\n2 small.txt 2 1e24\n' > far_jobs.txt
expect job_delay_precision 0 "tireplay: warning: job 2 starts at 8.54701e+14 s, where the simulated clock counts in steps of 0.125 s: its time (0.000000000 s) is not measured; give it a smaller start delay" -- replay --platform $P --jobs-file far_jobs.txt -q

# standard output on a full disk
got=$("$tireplay" actions t.txt 2>&1 > /dev/full); rc=$?
[ $rc -eq 2 ] && [ "$got" = "tireplay: cannot write to standard output" ] && ok stdout_full || fail "stdout_full: exit $rc: $got"
got=$("$tireplay" replay --platform $P --trace t.txt 2>&1 > /dev/full); rc=$?
[ $rc -eq 2 ] && [ "$got" = "tireplay: cannot write to standard output" ] && ok stdout_full_replay || fail "stdout_full_replay: exit $rc: $got"

# a collective's segments are bounded before any is sent (1e15 bytes: 7.6e9 segments of 128 KiB, 78,000 s)
printf '%s\n' '0 bcast 1e15' '1 bcast 1e15' '2 bcast 1e15' '3 bcast 1e15' > huge_bcast.txt
for level in full fast; do
  expect "segments_$level" 2 "huge_bcast.txt:1: this collective cuts its message into 7629394532 segments; the replay takes at most 131072: choose another algorithm (--coll) or larger segments (--segment-bytes)
    0 bcast 1e15" -- replay --platform $P --trace huge_bcast.txt -q --select ompi --fidelity $level
done
expect segments_NTSL 2 "huge_bcast.txt:1: this collective cuts its message into 122070312500 segments; the replay takes at most 131072: choose another algorithm (--coll) or larger segments (--segment-bytes)
    0 bcast 1e15" -- replay --platform $P --trace huge_bcast.txt -q --coll bcast=NTSL
printf '%s\n' '0 allreduce 1e15 0' '1 allreduce 1e15 0' '2 allreduce 1e15 0' '3 allreduce 1e15 0' > huge_allreduce.txt
expect segments_ring 2 "huge_allreduce.txt:1: this collective cuts its message into 238418579 segments; the replay takes at most 131072: choose another algorithm (--coll) or larger segments (--segment-bytes)
    0 allreduce 1e15 0" -- replay --platform $P --trace huge_allreduce.txt -q --coll allreduce=ompi_ring_segmented --fidelity fast

# predict's pairwise models at a million ranks (25 minutes): bounded up front
expect predict_pairwise_np 2 "tireplay predict: --np 1000000: the models of alltoall weigh every pair of ranks; at most 100000
(see tireplay predict --help)" -- predict --platform $P --op alltoall --bytes 1000 --np 1000000 --oversubscribe

# the fast level's clock overflow is the full level's message (it said "1 rank blocked", exit 3)
printf '0 compute 1e308\n0 compute 1e308\n1 compute 1\n' > overflow.txt
expect overflow_fast 2 "the simulated clock overflows: the trace's durations add up beyond 1e300 seconds (rank 0 at overflow.txt:1)" -- replay --platform $P --trace overflow.txt -q --set host.speed=1f --fidelity fast
printf '0 compute 1e8\n0 send 1 0 1e6\n1 recv 0 0 1e6\n' > slow_link.txt
expect overflow_fast_link 2 "the simulated clock overflows: the trace's durations add up beyond 1e300 seconds (rank 0 at slow_link.txt:2)" -- replay --platform $P --trace slow_link.txt -q --cfg smpi/bw-factor:0:1e-306 --fidelity fast

# zstd that starts with a skippable frame (as pzstd writes it) is zstd
{ printf 'P*M\030\004\000\000\000abcd'; zstd -q -c small.txt; } > skippable.zst
"$tireplay" replay --platform $P --trace small.txt -q --json plain.json 2>/dev/null
expect zstd_skippable 0 "" -- replay --platform $P --trace skippable.zst -q --json skippable.json
[ "$(time_of plain.json)" = "$(time_of skippable.json)" ] && ok zstd_skippable_time || fail "zstd_skippable_time"

# a platform without its DOCTYPE line: SimGrid's "Unexpected character" and what is missing
grep -v DOCTYPE $P > no_doctype.xml
expect platform_no_doctype 2 "no_doctype.xml: Parse error at no_doctype.xml:6: Invalid XML (XML input line 6, state 2): Unexpected character \`<' in prolog. (the file has no <!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\"> line, which SimGrid needs after <?xml ...?>)" -- replay --platform no_doctype.xml --trace t.txt -q

# Fourth trial: calibration tables with times no measurement gives (a fit of no segment crashed; sums overflowed)
printf '1 1e-4\n1024 1e-160\n' > tiny_pingpong.txt
expect pingpong_tiny_time 2 "tiny_pingpong.txt:2: a time of 1e-160 s, out of range for a measurement (1e-12 to 1e6 s)
    1024 1e-160" -- calibrate pingpong tiny_pingpong.txt --no-factors
printf '0 1e308 1e292\n0 1e308 1e292\n' > huge.bursts
expect flops_huge_time 2 "huge.bursts:1: a time of 1e+292 s, out of range for a measurement (1e-12 to 1e6 s)
    0 1e308 1e292" -- calibrate flops huge.bursts

# sweep collect: a run summary that is a FIFO (it blocked) or a directory
"$tireplay" sweep --trace t.txt --platform $P --vary bw=1x,2x -o odd -q > /dev/null 2>&1
rm odd/runs/000.json odd/runs/001.json; mkfifo odd/runs/000.json; mkdir odd/runs/001.json
expect collect_not_files 1 "tireplay sweep: odd/runs/000.json: not a run summary (not a regular file): counted as failed
tireplay sweep: odd/runs/001.json: not a run summary (not a regular file): counted as failed
sweep: no run succeeded: no plot
sweep: 2 runs, 0 ok, 2 not (see the status column): odd/results.csv" -- sweep collect odd

# topology: hosts beyond what every pair can be weighed for; distances no network has
printf '<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n<platform version="4.1"><cluster id="c" prefix="n-" suffix="" radical="0-9999" speed="1Gf" bw="125MBps" lat="50us"/></platform>\n' > hosts10000.xml
expect topology_hosts 2 "hosts10000.xml: 10000 hosts; topology weighs every pair of them and takes at most 4096" -- topology --platform hosts10000.xml
printf 'a b 1e300\n' > far.txt
expect distances_latency 2 "far.txt:1: latency '1e300' is beyond 1e6 s: not a network's
    a b 1e300" -- topology --distances far.txt
printf 'a b 1e-5 0\n' > zero_bw.txt
expect distances_bandwidth 2 "zero_bw.txt:1: bandwidth '0' must be from 1e-30 to 1e30 bytes/s (leave it out when it was not measured)
    a b 1e-5 0" -- topology --distances zero_bw.txt

# a rendezvous without asynchronous progress: a rank entering a wait let the others' answers for it fall through
# (they ran during its handshakes' simcalls and saw it outside MPI): a 4-rank all-to-all "deadlocked" at the full level
for r in 0 1 2 3; do printf '%s\n' "$r init" "$r alltoall 80000 80000" "$r finalize"; done > alltoall4.txt
for level in full fast; do
  "$tireplay" replay --platform $P --trace alltoall4.txt -q --cfg tireplay/async-progress:no --fidelity $level --json "a2a_$level.json" 2> "a2a_$level.err"
  echo $? > "a2a_$level.status"
done
[ "$(cat a2a_full.status a2a_fast.status | tr '\n' ' ')" = "0 0 " ] &&
  awk -v f="$(time_of a2a_full.json)" -v g="$(time_of a2a_fast.json)" 'BEGIN { e = 0.002725823661644045
    exit !((f - e) ^ 2 < (1e-12 * e) ^ 2 && (g - e) ^ 2 < (1e-12 * e) ^ 2) }' &&
  ok async_progress_alltoall || fail "async_progress_alltoall: $(cat a2a_full.err) $(time_of a2a_full.json) $(time_of a2a_fast.json)"

# check --tolerance 2 passed a 71% slowdown as "ok (tolerance 200%)"
expect tolerance_bare_number 2 "tireplay check: --tolerance 2: a bare number is a fraction (0.02), and 2 would be 200%: write 2% for that percentage" -- check --platform $P --trace t.txt --baseline none.json --tolerance 2
expect tolerance_huge 2 "tireplay check: --tolerance 1e17: a bare number is a fraction (0.02), and 1e17 would be 1e+19%: write 1e17% for that percentage" -- check --platform $P --trace t.txt --baseline none.json --tolerance 1e17
expect tolerance_hex 2 "tireplay check: --tolerance: expected a percentage (2%) or a fraction (0.02), got '0x1p-3'" -- check --platform $P --trace t.txt --baseline none.json --tolerance 0x1p-3

# check_traces.sh: a manifest's last line without its newline was skipped; a name given twice overwrote a baseline
printf 'a --trace t.txt --platform %s\nb --trace small.txt --platform %s' $P $P > manifest.txt
out=$(TIREPLAY=$tireplay bash "$src/tools/regression/check_traces.sh" --write-baseline manifest.txt baselines 2>&1)
[ -f baselines/b.json ] && ok manifest_last_line || fail "manifest_last_line: $out"
printf 'a --trace t.txt --platform %s\na --trace small.txt --platform %s\n' $P $P > twice.txt
out=$(TIREPLAY=$tireplay bash "$src/tools/regression/check_traces.sh" twice.txt baselines 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$out" = "check_traces: twice.txt: the name 'a' is given twice (each run's baseline is NAME.json)" ] &&
  ok manifest_twice || fail "manifest_twice: exit $rc: $out"

# check: a baseline time no replay gives (printed in 309 digits), per-rank entries out of order (matched by position)
"$tireplay" check --platform $P --trace t.txt --baseline base.json --write-baseline > /dev/null 2>&1
sed 's/"simulated_time": [0-9.e+-]*/"simulated_time": 1e308/' base.json > huge_base.json
expect baseline_huge 2 "huge_base.json: field 'simulated_time' is 1e+308: beyond any replay's time (1e300 s)" -- check --platform $P --trace t.txt --baseline huge_base.json
python3 -c "import json; j = json.load(open('base.json')); j['per_rank'].reverse(); json.dump(j, open('reversed.json', 'w'))"
expect baseline_rank_order 2 "reversed.json: per_rank[0]: field 'rank' is 1, not 0 (the summary lists its ranks in order)" -- check --platform $P --trace t.txt --baseline reversed.json
expect breakdown_stdout 2 "tireplay replay: --breakdown /dev/stdout: a picture needs a file name ending in .svg or .png, not standard output" -- replay --platform $P --trace t.txt -q --breakdown /dev/stdout

# topology --distances: a pair given twice was averaged; pairs not given are said; names listed, not "a .. c"
printf 'a b 10us\na b 1ms\n' > pair_twice.txt
expect distances_twice 2 "pair_twice.txt:2: a to b is given on line 1 already: one measurement a pair and way (a mean of two would pass unseen)
    a b 1ms" -- topology --distances pair_twice.txt
printf 'a b 10us\nc d 10us\n' > two_pairs.txt
"$tireplay" topology --distances two_pairs.txt > two_pairs.out 2>&1
grep -q "^  C0      2 hosts  a, b$" two_pairs.out && grep -q "^note: 8 of 12 host pairs (both ways) have no measurement" two_pairs.out &&
  ok distances_unknown_pairs || fail "distances_unknown_pairs: $(cat two_pairs.out)"

# sizes with units where predict's --bytes took them and --segment-bytes did not
printf '%s\n' '0 bcast 1e6' '1 bcast 1e6' '2 bcast 1e6' '3 bcast 1e6' > bcast1m.txt
"$tireplay" replay --platform $P --trace bcast1m.txt -q --coll bcast=segmented_chain --segment-bytes 65536 --json seg_number.json 2>/dev/null
expect segment_bytes_unit 0 "" -- replay --platform $P --trace bcast1m.txt -q --coll bcast=segmented_chain --segment-bytes 64KiB --json seg_unit.json
[ "$(time_of seg_number.json)" = "$(time_of seg_unit.json)" ] && ok segment_bytes_unit_time || fail segment_bytes_unit_time
expect segment_bytes_fraction 2 "tireplay replay: --segment-bytes: '1.5' is not a whole number of bytes (e.g. 8192, 64k, 1MiB)
(see tireplay replay --help)" -- replay --platform $P --trace t.txt -q --segment-bytes 1.5

# a wait whose message came at its start, 1e-12 s apart between the levels, paid the polling delay at one only
AW=$src/traces/recorded/anysource_waitany/index.txt H=$src/platforms/hosts_figure5.txt
for level in full fast; do
  "$tireplay" replay --platform $P --hostfile $H --trace $AW --ranks-per-node 2 --cfg tireplay/wakeup-delay-polling:1e-4 -q --fidelity $level --json "aw_$level.json" 2> /dev/null
done
[ -n "$(time_of aw_full.json)" ] && [ "$(time_of aw_full.json)" = "$(time_of aw_fast.json)" ] && ok polling_delay_levels ||
  fail "polling_delay_levels: $(time_of aw_full.json) $(time_of aw_fast.json)"

# Fifth trial: what SimGrid's tracer writes and no replay reads is named as such; `actions` describes collectives by
# what their fields mean (allreduce had root=0 and received=0)
printf '0 init\n0 testall\n0 finalize\n' > testall.txt
expect simgrid_testall 2 "testall.txt:2: 'testall' is written by SimGrid's tracer (smpirun -trace-ti) but replayed by neither SimGrid nor tireplay: record the program with tireplay's tracer and otf2ti (README, \"Acquire a trace of a real MPI run\")
    0 testall" -- replay --platform $P --trace testall.txt -q
printf '%s\n' '0 allreduce 1 0' '0 bcast 100 0' '0 alltoall 10 10' '0 gatherv 10 10 20 0' '1 allreduce 1 0' \
  '1 bcast 100 0' '1 alltoall 10 10' '1 gatherv 20 10 20 0' > colls.txt
"$tireplay" actions colls.txt > colls.out 2>&1
[ "$(sed -n 1,4p colls.out)" = "$(printf '%s\n' '0 allreduce bytes=1' '0 bcast root=0 bytes=100' '0 alltoall sent_per_peer=10 received_per_peer=10' '0 gatherv root=0 sent=10 recv_counts=10,20')" ] &&
  ok actions_collectives || fail "actions_collectives: $(cat colls.out)"
# the twelfth trial: a window's bytes (its creation's cost grows with them) were left out, 1 KB and 100 MB the same
printf '%s\n' '0 win_create 1 1000' '0 win_lock 1 1 exclusive nocheck' '0 put 1 1 8' '0 win_unlock 1 1' '0 win_free 1' \
  '1 win_create 1' '1 win_free 1' > rma.txt
"$tireplay" actions rma.txt > rma.out 2>&1
[ "$(cat rma.out)" = "$(printf '%s\n' '0 win_create win=1 bytes=1000' '0 win_lock win=1 target=1 type=exclusive,nocheck' \
  '0 put win=1 target=1 bytes=8' '0 win_unlock win=1 target=1' '0 win_free win=1' '1 win_create win=1 bytes=0' \
  '1 win_free win=1')" ] && ok actions_one_sided || fail "actions_one_sided: $(cat rma.out)"

# The sixth trial: a TMPDIR that is not a directory (SimGrid's backtrace, and the trace blamed), an output FIFO that
# nobody reads (blocked for ever), a few KB of compressed newlines (minutes), a sleep's overflow without its line
TMPDIR=/nonexistent/tireplay expect tmpdir_missing 2 "TMPDIR='/nonexistent/tireplay': No such file or directory (set TMPDIR to a directory where a shared trace's split copy can go)" -- replay --platform $P --trace t.txt -q
mkfifo out.fifo
expect output_fifo 2 "out.fifo: nobody read the FIFO in 10 s (the JSON summary)" -- replay --platform $P --trace t.txt -q --json out.fifo
python3 -c "import bz2; open('blank.bz2', 'wb').write(bz2.compress(b'\n' * 10000001 + b'0 compute 1\n'))"
expect blank_lines 2 "blank.bz2:10000001: more than 10000000 blank or comment lines in a row: not a trace (a compressed file of empty lines?)" -- replay --platform $P --trace blank.bz2 -q
printf '%s\n' "0 init" "0 sleep 1e301" "0 finalize" > sleep_overflow.txt
for level in full fast; do
  expect "sleep_overflow_$level" 2 "sleep_overflow.txt:2: the simulated clock overflows: this sleep ends beyond 1e300 seconds
    0 sleep 1e301" -- replay --platform $P --trace sleep_overflow.txt -q --fidelity $level
done
# a rendezvous whose receiver's neighbour starts computing at the date of the request (async-progress:no, wakeup-delay):
# the full level depended on which of the two ranks was numbered first
printf '%s\n' "0 sleep 0.001" "0 sendrecv 3000000 3 3000000 3" "1 sleep 0.001" "1 compute 5e6" "3 sleep 0.001" \
  "3 sendrecv 3000000 0 3000000 0" > first.txt
printf '%s\n' "0 sleep 0.001" "0 compute 5e6" "1 sleep 0.001" "1 sendrecv 3000000 3 3000000 3" "3 sleep 0.001" \
  "3 sendrecv 3000000 1 3000000 1" > second.txt
times=""
for t in first second; do
  for level in full fast; do
    "$tireplay" replay --platform $P --trace $t.txt --ranks-per-node 2 -q --cfg tireplay/async-progress:no \
      --cfg tireplay/wakeup-delay:2ms --fidelity $level --json "order_$t$level.json" 2> /dev/null
    times="$times $(time_of "order_$t$level.json")"
  done
done
awk -v t="$times" 'BEGIN { n = split(t, v, " "); for (i = 1; i <= n; i++) if ((v[i] - v[1]) ^ 2 > (1e-12 * v[1]) ^ 2) exit 1
  exit n != 4 }' && ok rank_numbering || fail "rank_numbering: $times"

# Seventh trial: a Dijkstra zone without the route SimGrid 3.32 is asked for (it crashed, or looped for ever on a
# one-way route looked up the other way), at both levels and in topology
head='<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n<platform version="4.1">'
printf "$head"'<zone id="z" routing="Dijkstra"><host id="a" speed="1Gf"/><host id="b" speed="1Gf"/></zone></platform>\n' \
  > dijkstra.xml
printf "$head"'<zone id="z" routing="DijkstraCache"><host id="a" speed="1Gf"/><host id="b" speed="1Gf"/><link id="l" '\
'bandwidth="125MBps" latency="1us"/><route src="a" dst="b" symmetrical="NO"><link_ctn id="l"/></route></zone>'\
'</platform>\n' > one_way.xml
printf '%s\n' "0 send 1 0 10" "1 recv 0 0 10" > to_b.txt
printf '%s\n' "0 recv 1 0 10" "1 send 0 0 10" > to_a.txt
for level in full fast; do
  expect "dijkstra_no_route_$level" 2 "to_b.txt:2: no route from host 'a' to host 'b' (its Dijkstra zone has none, and SimGrid 3.32 crashes or loops looking for it)
    1 recv 0 0 10" -- replay --platform dijkstra.xml --trace to_b.txt -q --fidelity $level
  expect "dijkstra_one_way_$level" 2 "to_a.txt:2: no route from host 'b' to host 'a' (its Dijkstra zone has none, and SimGrid 3.32 crashes or loops looking for it)
    1 send 0 0 10" -- replay --platform one_way.xml --trace to_a.txt -q --fidelity $level
done
# ninth trial: the route that exists, whose way back SimGrid's TCP cross-traffic looks up (it looped for ever)
for level in full fast; do
  expect "dijkstra_way_back_$level" 2 "to_b.txt:2: no route from host 'b' to host 'a', the way back that SimGrid's TCP cross-traffic takes for a message from 'a' (its Dijkstra zone has none, and SimGrid 3.32 crashes or loops looking for it; --cfg network/crosstraffic:0 leaves the way back out)
    1 recv 0 0 10" -- replay --platform one_way.xml --trace to_b.txt -q --fidelity $level
done
expect dijkstra_no_way_back_needed 0 "" -- replay --platform one_way.xml --trace to_b.txt -q --cfg network/crosstraffic:0
# and the probe, looping in a child, dies with a replay stopped meanwhile (it went on at full CPU, orphaned)
"$tireplay" replay --platform one_way.xml --trace to_b.txt -q 2> /dev/null &
probing=$!
sleep 2
pgrep -P $probing > /dev/null || fail "probe_dies_with_replay: no probe running 2 s after the start"
kill -TERM $probing
wait $probing
sleep 0.5
running=$(ps -o stat=,args= -C tireplay | grep -v '^Z' | grep -c one_way.xml)
[ "$running" -eq 0 ] && ok probe_dies_with_replay || fail "probe_dies_with_replay: $running process(es) left"
expect dijkstra_topology 2 "dijkstra.xml: no route from host 'a' to host 'b' (its Dijkstra zone has none, and SimGrid 3.32 crashes or loops looking for it)" -- topology --platform dijkstra.xml
# ten million hosts in a cluster took SimGrid minutes to make, unbounded
printf "$head"'<cluster id="c" prefix="n-" suffix="" radical="0-9999999,20000000" speed="1Gf" bw="125MBps" lat="50us"/>'\
'</platform>\n' > ten_million.xml
expect platform_hosts_bound 2 "ten_million.xml: its clusters declare 10000001 hosts (radical); tireplay loads platforms of 1000000 hosts at most" -- replay --platform ten_million.xml --trace t.txt -q
# eighth trial: an OTF2 archive's directory given as the trace says what it is
mkdir -p archive_dir && : > archive_dir/traces.otf2
expect otf2_archive_directory 2 "archive_dir: an OTF2 archive, not a time-independent trace: convert it with \`otf2ti archive_dir/traces.otf2 -o DIR\`, then replay DIR/trace.txt" -- replay --platform $P --trace archive_dir -q
# --emit-jobs onto an input (it wrote over the platform), a baseline number beyond a double (an uncaught exception)
cp $P emit_platform.xml
expect emit_jobs_input 2 "--emit-jobs emit_platform.xml: is the input emit_platform.xml: refusing to overwrite an input" -- sweep --trace t.txt --platform emit_platform.xml --vary bw=1x,2x -o emit_study --emit-jobs emit_platform.xml
cmp -s $P emit_platform.xml && ok emit_jobs_input_kept || fail "emit_jobs_input_kept: the platform was overwritten"
printf '{"simulated_time": 1e400, "per_rank": []}' > overflow.json
expect baseline_overflow 2 "overflow.json: not a JSON baseline: number overflow parsing '1e400' (record one with --write-baseline)" -- check --platform $P --trace t.txt --baseline overflow.json

# ninth trial: 20,000 lines of host:1000000 for 2 ranks were expanded whole (5 GB and growing at 32 s): now the
# places the ranks take, then one a line
yes 'mycluster-0.mysite.fr:1000000' | head -20000 > huge_counts.txt
/usr/bin/time -f '%M' -o huge_counts.rss "$tireplay" replay --platform $P --hostfile huge_counts.txt --trace t.txt -q &&
  [ "$(cat huge_counts.rss)" -lt 200000 ] && ok hostfile_counts_bounded ||
  fail "hostfile_counts_bounded: $(cat huge_counts.rss) KB"

: > empty_deployment.xml
expect deployment_empty 2 "empty_deployment.xml: the deployment file is empty (a SimGrid deployment: <platform> with an <actor host=\"...\"> per rank)" -- replay --platform $P --trace t.txt -q --deployment empty_deployment.xml

# tenth trial: the platform's <config> went to SimGrid unchecked (segmentation faults) and its SMPI settings were
# ignored (smpirun reads them): checked as --cfg, and applied as --cfg
config_platform() {  # NAME KEY VALUE: the two-host platform with <config><prop id=KEY value=VALUE/></config>
  printf "$head"'<config><prop id="%s" value="%s"/></config><zone id="z" routing="Full"><host id="a" speed="1Gf"/>'\
'<host id="b" speed="1Gf"/><link id="l" bandwidth="100MBps" latency="10us"/><route src="a" dst="b"><link_ctn id="l"/>'\
'</route></zone></platform>\n' "$2" "$3" > "$1"
}
config_platform config_bad.xml smpi/bw-factor garbage
expect config_bad_factor 2 "config_bad.xml: its <config> sets smpi/bw-factor:garbage: chunk 'garbage' is not bound:factor" -- replay --platform config_bad.xml --trace t.txt -q
config_platform config_threads.xml contexts/nthreads 4
expect config_threads 2 "config_threads.xml: its <config> sets contexts/nthreads:4: '4' is out of range (it must be at least 1 and at most 1)" -- replay --platform config_threads.xml --trace t.txt -q --fidelity fast
config_platform config_smpi.xml smpi/simulate-computation no
config_platform config_none.xml smpi/os 0:0:0
for level in full fast; do
  "$tireplay" replay --platform config_smpi.xml --trace t.txt -q --fidelity $level --json config_smpi.json
  "$tireplay" replay --platform config_none.xml --trace t.txt -q --fidelity $level --json config_cfg.json \
    --cfg smpi/simulate-computation:no
  "$tireplay" replay --platform config_none.xml --trace t.txt -q --fidelity $level --json config_none.json
  [ "$(time_of config_smpi.json)" = "$(time_of config_cfg.json)" ] &&
    [ "$(time_of config_smpi.json)" != "$(time_of config_none.json)" ] &&
    ok "config_smpi_$level: applied as --cfg" || fail "config_smpi_$level: $(time_of config_smpi.json)"
done

# a host that turns off under a rank crashed SimGrid (smpirun too): refused at the full level
printf '0.03 0\n0.04 1\n' > host.state
printf "$head"'<zone id="z" routing="Full"><host id="a" speed="1Gf"/><host id="b" speed="1Gf" state_file="host.state"/>'\
'<link id="l" bandwidth="100MBps" latency="10us"/><route src="a" dst="b"><link_ctn id="l"/></route></zone></platform>\n' \
  > host_off.xml
printf '%s\n' "0 sleep 0.1" "0 send 1 0 100" "1 recv 0 0 100" > host_off.txt
expect host_state_file 2 "host_off.xml: host 'b' has a state_file: SimGrid 3.32 crashes when a host turns off under a rank (smpirun -replay too); tireplay replays hosts that stay on (links may fail: their state_file is followed), or --fidelity fast, which replays without profiles" -- replay --platform host_off.xml --hostfile ab.txt --trace host_off.txt -q

# SimGrid settings the fast level does not read are named (the ninth trial: network/optim:Lazy 2.9% apart, silent)
expect fast_ignores 0 "tireplay: note: --cfg network/optim:Lazy is SimGrid's: --fidelity fast shares the links as its full updates do (network/optim:Full, the full level's default; docs/fidelity.md)
tireplay: note: --cfg surf/precision:1e-3 rounds SimGrid's dates: --fidelity fast computes its own without it" -- replay --platform $P --trace t.txt -q --fidelity fast --cfg network/optim:Lazy --cfg surf/precision:1e-3

# ranks sharing hosts: the models' prices are optimistic there, and predict and --select model say so
note="note: 8 ranks on 4 hosts: the models price each message as if alone on its host's links, which ranks sharing a host share: their predictions and choices are optimistic there (docs/models.md, \"Ranks sharing a host\")"
got=$("$tireplay" predict --platform $P --op bcast --bytes 1MiB --np 8 --oversubscribe 2>&1 > /dev/null)
[ "$got" = "tireplay predict: $note" ] && ok predict_shared_hosts || fail "predict_shared_hosts: '$got'"
got=$("$tireplay" predict --platform $P --op bcast --bytes 1MiB --np 4 2>&1 > /dev/null)
[ -z "$got" ] && ok predict_one_rank_per_host || fail "predict_one_rank_per_host: '$got'"
for r in 0 1 2 3 4 5 6 7; do echo "$r bcast 1000000"; done > bcast8.txt
got=$("$tireplay" replay --platform $P --trace bcast8.txt --oversubscribe --select model -q 2>&1)
[ "$got" = "tireplay: $note" ] && ok select_model_shared_hosts || fail "select_model_shared_hosts: '$got'"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "trial: every case passed"
