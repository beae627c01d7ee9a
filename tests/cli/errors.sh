#!/usr/bin/env bash
# Every user error gives its exact message and exit status 2; a deadlocked replay exits 3 and names the
# blocked ranks, their action and trace line; messages never received are listed.
# Usage: errors.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -uo pipefail
tireplay=$1
src=$2
scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
cp "$src/platforms/cluster_figure5.xml" platform.xml
cp "$src/platforms/hosts_figure5.txt" hosts.txt
failures=0

source "$src/tests/cli/expect.sh"
trace() { printf '%s\n' "${@:2}" > "$1"; }
replay() { echo replay --platform platform.xml --quiet; }

trace t_unknown.txt "0 init" "0 frobnicate 3"
expect unknown_action 2 "t_unknown.txt:2: unknown action 'frobnicate' (known: init, finalize, comm_size, comm_split, comm_dup, compute, sleep, poll, location, send, isend, ssend, issend, bsend, ibsend, recv, irecv, wait, test, waitall, waitany, sendrecv, barrier, bcast, reduce, allreduce, alltoall, alltoallv, gather, gatherv, scatter, scatterv, allgather, allgatherv, reducescatter, scan, exscan, win_create, win_free, put, get, accumulate, get_accumulate, rput, rget, raccumulate, rget_accumulate, wait_rma, win_fence, win_post, win_start, win_complete, win_wait, win_lock, win_unlock, win_lock_all, win_unlock_all, win_flush, win_flush_all, win_flush_local, win_flush_local_all, win_sync)
    0 frobnicate 3" -- $(replay) --trace t_unknown.txt

trace t_missing.txt "0 compute"
expect missing_field 2 "t_missing.txt:1: compute: missing field 'flops' (expected: compute <flops>)
    0 compute" -- $(replay) --trace t_missing.txt

trace t_extra.txt "0 compute 10 20"
expect extra_field 2 "t_extra.txt:1: compute: too many fields: '20' is extra (expected: compute <flops>)
    0 compute 10 20" -- $(replay) --trace t_extra.txt

trace t_nan.txt "0 send 1 0 lots" "1 recv 0 0 10"
expect non_numeric 2 "t_nan.txt:1: send: field 'count' is not a number: 'lots' (expected: send <partner> <tag> <count> [datatype])
    0 send 1 0 lots" -- $(replay) --trace t_nan.txt

trace t_negative.txt "0 compute -5"
expect negative_volume 2 "t_negative.txt:1: compute: field 'flops' is negative: '-5' (expected: compute <flops>)
    0 compute -5" -- $(replay) --trace t_negative.txt

trace t_poll.txt "0 poll -3"
expect negative_polls 2 "t_poll.txt:1: poll: field 'count' is negative: '-3' (expected: poll <count>)
    0 poll -3" -- $(replay) --trace t_poll.txt

trace r0.txt "0 init" "1 compute 5"
trace r1.txt "1 init"
printf 'r0.txt\nr1.txt\n' > t_other_rank.idx
expect line_for_other_rank 2 "r0.txt:2: line for rank 1 in the trace of rank 0
    1 compute 5" -- $(replay) --trace t_other_rank.idx

trace t_datatype.txt "0 bcast 10 0 77"
expect unknown_datatype 2 "t_datatype.txt:1: bcast: unknown datatype id '77' (known ids: -1..59) (expected: bcast <count> [root [datatype]])
    0 bcast 10 0 77" -- $(replay) --trace t_datatype.txt

printf 'r1.txt\nabsent.txt\n' > t_absent.idx
expect missing_rank_file 2 "t_absent.idx:2: missing rank file 'absent.txt'" -- $(replay) --trace t_absent.idx

trace t_five.txt "0 init" "1 init" "2 init" "3 init" "4 init"
expect more_ranks_than_hosts 2 "hosts.txt: 5 ranks but only 4 hosts (pass --oversubscribe to place several ranks per host, as smpirun does)" \
  -- $(replay) --trace t_five.txt --hostfile hosts.txt
expect more_ranks_than_np 2 "t_five.txt:4: line for rank 3 but --np is 3
    3 init" -- $(replay) --trace t_five.txt --np 3

printf 'mycluster-0.mysite.fr\nnowhere\n' > bad_hosts.txt
trace t_two.txt "0 init" "1 init"
expect unknown_host 2 "bad_hosts.txt:2: unknown host 'nowhere' in platform platform.xml" -- $(replay) --trace t_two.txt --hostfile bad_hosts.txt

printf '<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n<platform version="4.1">\n<zone id="z" routing="Full">\n<host id="a" speed="fast"/>\n</zone>\n</platform>\n' > bad.xml
expect platform_error 2 "bad.xml: Parse error at bad.xml:5: cannot parse number:fast" -- replay --platform bad.xml --quiet --trace t_two.txt
printf '<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n<platform version="4.1">\n<zone id="z" routing="Full">\n<host id="a" speed="1Gf"><prop id="tireplay/cpu-quota" value="2"/></host>\n</zone>\n</platform>\n' > bad_quota.xml
sed 's/value="2"/value="0.5"/' bad_quota.xml > quota_shared.xml
expect quota_shared_core 2 "quota_shared.xml: host 'a' is under a CPU quota (tireplay/cpu-quota) and holds 2 ranks on 1 core(s): the replay models a quota for a core per rank only" -- replay --platform quota_shared.xml --quiet --trace t_two.txt
expect quota_scaled_out 2 "quota_shared.xml: --scale host.quota@a=0.0001x: host 'a' would run 5e-05 of its core (a quota is from 0.001 to 1)" -- replay --platform quota_shared.xml --quiet --trace t_two.txt --scale host.quota@a=0.0001x
expect platform_quota 2 "bad_quota.xml: host 'a': tireplay/cpu-quota '2' is not a share of its core from 0.001 to 1" -- replay --platform bad_quota.xml --quiet --trace t_two.txt

# The valid names are the registry's, as `tireplay algorithms` lists them.
bcast_algorithms=$("$tireplay" algorithms | awk '/^[a-z]/ { op = $1 } op == "bcast" && /^ / { sub(/^ +[*]? +/, ""); print $1 }' | paste -sd, - | sed 's/,/, /g')
expect bad_coll 2 "tireplay replay: unknown bcast algorithm 'nope' (valid: $bcast_algorithms)" -- $(replay) --trace t_two.txt --coll bcast=nope
expect select_fidelity 2 "tireplay replay: --select: unknown mode 'full' (valid: smpi, fixed, model, ompi) (the fidelity level is --fidelity full)" -- $(replay) --trace t_two.txt --select full
expect bad_reductions 2 "tireplay replay: --reductions: unknown mode 'later' (valid: after, steps)" -- $(replay) --trace t_two.txt --reductions later
expect bad_limit 2 "tireplay replay: --limit: -1 is out of range (K >= 1; leave it out for the model's K)
(see tireplay replay --help)" -- $(replay) --trace t_two.txt --limit -1
# 0 was taken for "not given" (the default), where -1 and sweep's ranks-per-node=0 are refused
expect zero_ranks_per_node 2 "tireplay replay: --ranks-per-node must be positive" -- $(replay) --trace t_two.txt --ranks-per-node 0
expect predict_bad_flops 2 "tireplay predict: --flops must be a finite number >= 0
(see tireplay predict --help)" -- predict --op reduce --bytes 8 --np 4 --platform platform.xml --flops -1
expect bad_cfg 2 "tireplay replay: --cfg smpi/test: 'soon' is not a non-negative time (a number, optionally with a unit: ps ns us ms s m h d w)" -- $(replay) --trace t_two.txt --cfg smpi/test:soon
expect bad_both_ways 2 "tireplay replay: --cfg tireplay/both-ways-factor: chunk '65552:1.5' has no fraction from 0 to 1 after the ':'" -- $(replay) --trace t_two.txt --cfg 'tireplay/both-ways-factor:65552:1.5'
expect window_alone 2 "tireplay replay: tireplay/both-ways-window needs tireplay/both-ways-factor (the fraction of the messages that follow one another within the window)" -- $(replay) --trace t_two.txt --cfg tireplay/both-ways-window:1ms
expect after_pause_alone 2 "tireplay replay: tireplay/both-ways-factor-after-pause needs tireplay/both-ways-window (which messages follow a pause)" -- $(replay) --trace t_two.txt --cfg 'tireplay/both-ways-factor:65552:1' --cfg 'tireplay/both-ways-factor-after-pause:65552:0'
expect bad_window 2 "tireplay replay: --cfg tireplay/both-ways-window: 'soon' is not a non-negative time (a number, optionally with a unit: ps ns us ms s m h d w)" -- $(replay) --trace t_two.txt --cfg tireplay/both-ways-window:soon
expect window_steps_order 2 "tireplay replay: --cfg tireplay/both-ways-window: '1000:2ms' is not a step above the one before it (thresholds must increase)" -- $(replay) --trace t_two.txt --cfg 'tireplay/both-ways-factor:65552:1' --cfg 'tireplay/both-ways-window:65552:1ms;1000:2ms'
expect window_step_threshold 2 "tireplay replay: --cfg tireplay/both-ways-window: 'big:2ms' is not a step 'threshold:time' (whole bytes, then seconds or a time with its unit)" -- $(replay) --trace t_two.txt --cfg 'tireplay/both-ways-factor:65552:1' --cfg 'tireplay/both-ways-window:big:2ms'
expect window_step_time 2 "tireplay replay: --cfg tireplay/both-ways-window: 'later' is not a non-negative time (a number, optionally with a unit: ps ns us ms s m h d w)" -- $(replay) --trace t_two.txt --cfg 'tireplay/both-ways-factor:65552:1' --cfg 'tireplay/both-ways-window:0:later'
expect bad_quota 2 "tireplay replay: --set 'host.quota@h1=1.5': '1.5' is not a share of the core from 0.001 to 1 (0.5 or 50%)" -- $(replay) --trace t_two.txt --set host.quota@h1=1.5
expect transport_cpu_one_time 2 "tireplay replay: --cfg tireplay/transport-cpu: '5us' is not points 'size:time;...' (whole bytes, then seconds or a time with its unit)" -- $(replay) --trace t_two.txt --cfg tireplay/transport-cpu:5us
expect transport_cpu_order 2 "tireplay replay: --cfg tireplay/transport-cpu: '512:6us' is not a step above the one before it (thresholds must increase)" -- $(replay) --trace t_two.txt --cfg 'tireplay/transport-cpu:1024:5us;512:6us'
expect transport_cpu_long 2 "tireplay replay: --cfg tireplay/transport-cpu: '1024:2s' is not points whose times are at most 1 s (a transport's CPU time per message is microseconds to milliseconds)" -- $(replay) --trace t_two.txt --cfg 'tireplay/transport-cpu:1024:2s'
expect bad_quota_period 2 "tireplay replay: tireplay/quota-period must be between 1 ms and 1 s (Linux's cpu.cfs_period_us bounds)" -- $(replay) --trace t_two.txt --cfg tireplay/quota-period:0
expect bad_polling 2 "tireplay replay: --cfg tireplay/polling: 'maybe' is not a boolean (yes/no)" -- $(replay) --trace t_two.txt --cfg tireplay/polling:maybe
expect bad_async_progress 2 "tireplay replay: --cfg tireplay/async-progress: 'later' is not a boolean (yes/no)" -- $(replay) --trace t_two.txt --cfg tireplay/async-progress:later
expect long_wakeup 2 "tireplay replay: tireplay/wakeup-delay-polling must not exceed 1 s (a scheduler's latency is milliseconds)" -- $(replay) --trace t_two.txt --cfg tireplay/wakeup-delay-polling:2s
expect long_poll 2 "tireplay replay: tireplay/poll-cpu-shared must not exceed 1 ms (one unsuccessful test or probe costs microseconds)" -- $(replay) --trace t_two.txt --cfg tireplay/poll-cpu-shared:2ms
expect bad_wakeup 2 "tireplay replay: --cfg tireplay/wakeup-delay: '-1ms' is not a non-negative time (a number, optionally with a unit: ps ns us ms s m h d w)" -- $(replay) --trace t_two.txt --cfg tireplay/wakeup-delay:-1ms
expect unknown_tireplay_cfg 2 "tireplay replay: --cfg tireplay/both-way-factor:65552:1: unknown tireplay option 'tireplay/both-way-factor' (did you mean 'tireplay/both-ways-factor'?)" -- $(replay) --trace t_two.txt --cfg tireplay/both-way-factor:65552:1
expect no_trace 2 "tireplay replay: give the trace to replay: --trace TRACE, or --jobs-file FILE
(see tireplay replay --help)" -- $(replay)
expect no_such_trace 2 "nothing.txt: no such trace file or directory" -- $(replay) --trace nothing.txt
# The error, then the usage with the command table (`tireplay --help` prints the same usage).
expect unknown_command 2 "tireplay: unknown command 'replya'
$("$tireplay" --help)" -- replya

# A wait with no request ever made (one after requests that tests completed has nothing to wait for: engine_times.sh
# test_poll_then_wait)
trace t_lone_wait.txt "0 init" "0 wait 0 1 0" "1 init"
expect lone_wait 2 "t_lone_wait.txt:2: wait not preceded by any isend or irecv
    0 wait 0 1 0" -- $(replay) --trace t_lone_wait.txt
expect fast_drift_at_full 0 "tireplay: note: --cfg tireplay/fast-drift:0 is the fast level's: it has no effect at --fidelity full" -- $(replay) --trace t_two.txt --cfg tireplay/fast-drift:0
# One rank's file of a split trace given as the trace: its other ranks have no line (a new user's trial: exit 0, or
# a comm_split line refused, with nothing pointing at the index)
trace t_rank3.txt "3 init" "3 compute 1e8"
expect one_rank_file 0 "tireplay: warning: t_rank3.txt holds lines of rank 3 alone (ranks 0 to 2 have none and replay nothing): one rank's file of a split trace? Give the trace's index or directory" -- $(replay) --trace t_rank3.txt
trace t_wait_index.txt "0 init" "0 isend 1 0 10" "0 wait 0 1 0 -1" "1 recv 0 0 10"
expect wait_negative_index 2 "t_wait_index.txt:3: wait: field 'index' is negative (expected: wait <src> <dst> <tag> [<index>])
    0 wait 0 1 0 -1" -- $(replay) --trace t_wait_index.txt
trace t_deadlock.txt "0 init" "1 init" "0 recv 1 0 100" "1 recv 0 0 100"
expect deadlock 3 "tireplay: the replay ended with 2 ranks blocked:
  rank 0: blocked in recv at t_deadlock.txt:3
  rank 1: blocked in recv at t_deadlock.txt:4
tireplay: a trace of a run that ended deadlocks when it is cut short, when the program relied on MPI's buffering (a large send blocks here until it is received), or when its tracer left calls out (smpirun -trace-ti leaves out MPI_Sendrecv with an MPI_PROC_NULL half and sendRecv's tags: README, \"Record a trace of your MPI program\")
tireplay: 2 receives never got a message:
  rank 0 <- rank 1, tag 0, communicator 0 (t_deadlock.txt:3)
  rank 1 <- rank 0, tag 0, communicator 0 (t_deadlock.txt:4)" -- $(replay) --trace t_deadlock.txt
# Ranks blocked in different collectives: said so, not the hint about deadlocks (a new user's trial)
trace t_mismatch.txt "0 allreduce 10 0" "1 barrier"
expect collective_mismatch 3 "tireplay: the replay ended with 2 ranks blocked:
  rank 0: blocked in allreduce at t_mismatch.txt:1
  rank 1: blocked in barrier at t_mismatch.txt:2
tireplay: the ranks' collective calls do not match (the blocked ranks are in allreduce, barrier): its ranks call different collectives, or the trace is cut short
tireplay: 1 message was sent but never received:
  rank 1 -> rank 0: a message of the barrier, communicator 0, 0 bytes (t_mismatch.txt:2)
tireplay: 2 receives never got a message:
  rank 0 <- rank 1: a message of the reduce, communicator 0 (t_mismatch.txt:1)
  rank 1 <- rank 0: a message of the barrier, communicator 0 (t_mismatch.txt:2)" -- $(replay) --trace t_mismatch.txt
# The same deadlock with both ranks polling on one host (tireplay/polling): a clean report at both levels, at the
# date the ranks blocked (their polling, never ended by a wake-up, must not end the run any other way).
head -1 "$src/platforms/hosts_figure5.txt" | sed 's/:.*//' | sed 'p' > one_host.txt
for level in full fast; do
  expect "deadlock_polling_$level" 3 "tireplay: the replay ended with 2 ranks blocked:
  rank 0: blocked in recv at t_deadlock.txt:3
  rank 1: blocked in recv at t_deadlock.txt:4
tireplay: a trace of a run that ended deadlocks when it is cut short, when the program relied on MPI's buffering (a large send blocks here until it is received), or when its tracer left calls out (smpirun -trace-ti leaves out MPI_Sendrecv with an MPI_PROC_NULL half and sendRecv's tags: README, \"Record a trace of your MPI program\")
tireplay: 2 receives never got a message:
  rank 0 <- rank 1, tag 0, communicator 0 (t_deadlock.txt:3)
  rank 1 <- rank 0, tag 0, communicator 0 (t_deadlock.txt:4)" -- $(replay) --trace t_deadlock.txt --hostfile one_host.txt \
    --cfg tireplay/polling:yes --fidelity $level
done
# 30 receives never matched: 20 listed, the rest counted (200,000 printed 200,000 lines), all in the JSON.
mapfile -t receives < <(for i in $(seq 0 29); do echo "0 irecv 1 $i 100"; done)
trace t_many.txt "0 init" "${receives[@]}" "0 waitall 30" "1 init"
if "$tireplay" replay --platform platform.xml --trace t_many.txt -q --json many.json 2> many.err; then rc=0; else rc=$?; fi
listed=$(grep -c '^  rank 0 <- rank 1, tag' many.err || true)
last=$(tail -1 many.err)
json_count=$(python3 -c "import json; print(len(json.load(open('many.json'))['unmatched_messages']))")
if [ "$rc" = 3 ] && [ "$listed" = 20 ] && [ "$json_count" = 30 ] &&
  [ "$last" = '  ... and 10 more (--json FILE lists them all, in "unmatched_messages")' ]; then
  echo "ok   deadlock_listed"
else
  echo "FAIL deadlock_listed: exit $rc, $listed listed, $json_count in the JSON, last line: $last"
  failures=$((failures + 1))
fi
# A deadlock is no prediction: the summary says so instead of a time.
summary=$("$tireplay" replay --platform platform.xml --trace t_deadlock.txt 2> /dev/null | head -1)
if [ "$summary" = "Simulated time: none: the replay deadlocked at 0.000000000 s with 2 ranks blocked (see below)" ]; then
  echo "ok   deadlock_summary"
else
  echo "FAIL deadlock_summary: $summary"; failures=$((failures + 1))
fi

trace t_unreceived.txt "0 send 1 7 100" "1 compute 1e6"
expect unreceived_message 0 "tireplay: 1 message was sent but never received:
  rank 0 -> rank 1, tag 7, communicator 0, 100 bytes (t_unreceived.txt:1)" -- $(replay) --trace t_unreceived.txt

# An exception SimGrid raises inside a rank (the link fails at 10 ms, in the middle of the transfer) ends the replay
# with the rank's line, not an abort.
printf '0 1\n0.01 0\n' > link.state
cat > failing_link.xml <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Full">
    <host id="a" speed="1Gf"/>
    <host id="b" speed="1Gf"/>
    <link id="l" bandwidth="1MBps" latency="10us" state_file="link.state"/>
    <route src="a" dst="b"><link_ctn id="l"/></route>
  </zone>
</platform>
XML
trace t_linkfail.txt "0 init" "0 send 1 0 10000000" "1 init" "1 recv 0 0 10000000"
expect failure_in_rank 2 "t_linkfail.txt:2: Link failure
    0 send 1 0 10000000" -- replay --platform failing_link.xml --quiet --trace t_linkfail.txt

# Inputs that are not traces: binary data, a FIFO, a device named by an index, an over-long file name.
head -c 4096 /dev/urandom | tr -d '\n' | sed 's/^[0-9 #]*/x/' > t_binary.bin
printf '\x01\x02garbage\n' | cat - t_binary.bin > t_garbage.bin
expect binary_trace 2 "t_garbage.bin:1: binary data: neither an action nor the name of a rank's trace file (not a trace)" \
  -- $(replay) --trace t_garbage.bin
printf '(\xb5/' > t_cut.zst  # a zstd file cut inside its magic number: invalid UTF-8, no control character
expect cut_zstd 2 "t_cut.zst:1: binary data: neither an action nor the name of a rank's trace file (not a trace)" \
  -- $(replay) --trace t_cut.zst
mkdir -p t_dir_é && trace t_dir_é/r0.txt "0 init" "0 finalize" && trace t_utf8_index.txt "t_dir_é/r0.txt"
expect utf8_index 0 "" -- $(replay) --trace t_utf8_index.txt
# Two algorithms for one operation, whatever the spellings: one of them would be silently left unused.
trace t_bcast.txt "0 bcast 1000" "1 bcast 1000"
expect two_algorithms 2 "tireplay replay: --coll bcast=flat and --cfg smpi/bcast:NTSL choose two algorithms for bcast: give one
(see tireplay replay --help)" -- $(replay) --trace t_bcast.txt --coll bcast=flat --cfg smpi/bcast:NTSL
expect two_colls 2 "tireplay replay: --coll bcast=flat and --coll bcast=binomial choose two algorithms for bcast: give one
(see tireplay replay --help)" -- $(replay) --trace t_bcast.txt --coll bcast=flat --coll bcast=binomial
expect same_algorithm_two_names 0 "" -- $(replay) --trace t_bcast.txt --coll bcast=binomial --cfg smpi/bcast:binomial_tree
mkfifo t_fifo
expect fifo_trace 2 "t_fifo: 't_fifo' is not a regular file (a FIFO, device or socket cannot be a trace)" \
  -- $(replay) --trace t_fifo
# In a directory trace: it was skipped, and the replay ran one rank fewer
mkdir t_fifo_dir && trace t_fifo_dir/r0.txt "0 init" "0 finalize" && mkfifo t_fifo_dir/r1.txt
expect fifo_in_directory 2 "t_fifo_dir: 'r1.txt' is not a regular file (a FIFO, device or socket cannot be a trace)" \
  -- $(replay) --trace t_fifo_dir
trace t_index_dev.txt /dev/zero /dev/zero
expect index_device 2 "t_index_dev.txt:1: '/dev/zero' is not a regular file (a FIFO, device or socket cannot be a trace)" \
  -- $(replay) --trace t_index_dev.txt
long=$(printf 'a%.0s' $(seq 300))
trace t_long.txt "$long" "$long"
expect long_entry 2 "t_long.txt:1: missing rank file '$long'" -- $(replay) --trace t_long.txt

if [ "$failures" -gt 0 ]; then
  echo "$failures error checks failed"
  exit 1
fi
echo "all error checks passed"
