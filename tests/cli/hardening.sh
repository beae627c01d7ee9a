#!/usr/bin/env bash
# What crashed, hung or was silently ignored before the validation layer (issue "Hardening"): each case gives its
# exact message and exit status 2, before any simulation.
# Usage: hardening.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -uo pipefail
tireplay=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0

source "$src/tests/cli/expect.sh"

P=platform.xml
cp "$src/platforms/cluster_figure5.xml" $P
printf '%s\n' "0 init" "0 compute 1e6" "0 send 1 0 1000" "1 init" "1 recv 0 0 1000" "0 finalize" "1 finalize" > t.txt
R="replay --platform $P --trace t.txt -q"

# C3, H1, S1, P3: --cfg
expect cfg_unknown 2 "tireplay replay: --cfg foo:bar: 'foo' is not an option tireplay uses (smpi/..., network/..., cpu/..., host/..., surf/..., maxmin/..., bmf/..., contexts/..., tireplay/...)" -- $R --cfg foo:bar
expect cfg_typo 2 "tireplay replay: --cfg network/modl:CM02: SimGrid has no option 'network/modl' (did you mean 'network/model'?)" -- $R --cfg network/modl:CM02
expect cfg_model 2 "tireplay replay: --cfg network/model:Foo: 'Foo' is not one of: SMPI CM02 LV08 IB" -- $R --cfg network/model:Foo
expect cfg_gamma 2 "tireplay replay: --cfg network/TCP-gamma:abc: 'abc' is not a number" -- $R --cfg network/TCP-gamma:abc
expect cfg_maxmin 2 "tireplay replay: --cfg maxmin/precision:-1: '-1' is out of range (it must be at least 1e-06 and at most 0.01)" -- $R --cfg maxmin/precision:-1
expect cfg_stack 2 "tireplay replay: --cfg contexts/stack-size:1: '1' is out of range (it must be at least 64 and at most 4194304)" -- $R --cfg contexts/stack-size:1
for v in 0 -1 nan; do
  expect "cfg_surf_precision_$v" 2 "tireplay replay: --cfg surf/precision:$v: '$v' is $([ $v = nan ] && echo "not a number" || echo "out of range (it must be above 0 and at most 0.001)")" -- $R --cfg surf/precision:$v
done
expect cfg_smpi_typo 2 "tireplay replay: --cfg smpi/send-is-detached-treshold:0: unknown SMPI option 'smpi/send-is-detached-treshold' (did you mean 'smpi/send-is-detached-thresh'?)" -- $R --cfg smpi/send-is-detached-treshold:0
expect cfg_smpi_bcast 0 "" -- $R --cfg smpi/bcast:flattree  # smpirun's spelling of --coll bcast=flat (tests/cli/outputs.sh)
expect cfg_selector 2 "tireplay replay: --cfg smpi/coll-selector:mpich: tireplay's selectors are --select smpi (SMPI's default, --cfg smpi/coll-selector:default), fixed (--coll), model or ompi (SMPI's ompi selector, --cfg smpi/coll-selector:ompi)" -- $R --cfg smpi/coll-selector:mpich
expect cfg_factor 2 "tireplay replay: --cfg smpi/bw-factor:garbage: chunk 'garbage' is not bound:factor" -- $R --cfg smpi/bw-factor:garbage
expect cfg_no_effect 0 "tireplay: note: --cfg smpi/privatization:yes has no effect on the replay of a time-independent trace" -- $R --cfg smpi/privatization:yes
expect cfg_predict 2 "tireplay predict: --cfg network/model:Foo: 'Foo' is not one of: SMPI CM02 LV08 IB" -- predict --platform $P --op bcast --bytes 1000 --np 4 --cfg network/model:Foo
printf '4 1000 1e-3\n' > alltoall.txt
expect cfg_calibrate 2 "tireplay calibrate contention: --cfg foo:bar: 'foo' is not an option tireplay uses (smpi/..., network/..., cpu/..., host/..., surf/..., maxmin/..., bmf/..., contexts/..., tireplay/...)" -- calibrate contention --alltoall alltoall.txt --platform $P --cfg foo:bar
expect cfg_topology 2 "tireplay topology: --cfg foo:bar: 'foo' is not an option tireplay uses (smpi/..., network/..., cpu/..., host/..., surf/..., maxmin/..., bmf/..., contexts/..., tireplay/...)" -- topology --platform $P --cfg foo:bar

# C4, S6: platform values SimGrid cannot simulate
for v in 0 -1 nan inf; do
  sed "s/speed=\"[^\"]*\"/speed=\"${v}f\"/" $P > speed_$v.xml
  expect "host_speed_$v" 2 "speed_$v.xml: host 'mycluster-0.mysite.fr': speed $v flop/s cannot be simulated (it must be between 1 and 1e+30)" -- replay --platform speed_$v.xml --trace t.txt -q
done
sed 's/ bw="125MBps"/ bw="0Bps"/' $P > bw0.xml
expect link_bw_0 2 "bw0.xml: link 'mycluster_link_0_DOWN': bandwidth 0 bytes/s cannot be simulated (it must be between 1 and 1e+30)" -- replay --platform bw0.xml --trace t.txt -q
sed 's/ lat="16.67us"/ lat="-1us"/' $P > latneg.xml
expect link_lat_negative 2 "latneg.xml: link 'mycluster_link_0_DOWN': latency -1e-06 s cannot be simulated (it must be between 0 and 10000)" -- replay --platform latneg.xml --trace t.txt -q --cfg surf/precision:1e-9
sed 's/ speed="1.17Gf"/ core="0" speed="1.17Gf"/' $P > core0.xml
expect host_cores_0 2 "[0.000000] [root/CRITICAL] Host mycluster-0.mysite.fr must have at least one core, not 0.
tireplay: the simulation was stopped by SimGrid (its message is above) while replaying t.txt on core0.xml: an input or option beyond what it can simulate" -- replay --platform core0.xml --trace t.txt -q  # SimGrid's message, no backtrace
expect core0_changes 2 "[0.000000] [root/CRITICAL] Host mycluster-0.mysite.fr must have at least one core, not 0.
tireplay: the simulation was stopped by SimGrid (its message is above) while replaying t.txt on core0.xml with --scale link.bw=2x --set lat=1ms: an input or option beyond what it can simulate" -- replay --platform core0.xml --trace t.txt -q --scale link.bw=2x --set lat=1ms  # the changes named
# Links of 1e5 s stopped SimGrid's solver on a 4-rank allgather (an assertion in lmm, smpirun -replay too), after
# "exit 2" with a message that named neither option nor value: refused before the run; 1e4 s replays.
awk 'BEGIN { for (r = 0; r < 4; r++) print r " init\n" r " allgather 1 1\n" r " finalize" }' > allgather4.txt
for lat in 1e5s 1e6s; do
  expect "set_lat_$lat" 2 "$src/platforms/cluster_16.xml with --scale/--set: link 'mycluster_backbone': latency $(printf %g ${lat%s}) s cannot be simulated (it must be between 0 and 10000)" -- replay --platform "$src/platforms/cluster_16.xml" --trace allgather4.txt -q --set lat=$lat
done
for f in full fast; do
  expect "set_lat_1e4s_$f" 0 "" -- replay --platform "$src/platforms/cluster_16.xml" --trace allgather4.txt -q --set lat=1e4s --fidelity $f
done
expect scale_bw_huge 2 "$P with --scale/--set: link 'mycluster_backbone': bandwidth inf bytes/s cannot be simulated (it must be between 1 and 1e+30)" -- $R --scale link.bw=1e308
expect scale_bw_tiny 2 "$P with --scale/--set: link 'mycluster_backbone': bandwidth 1.25e-299 bytes/s cannot be simulated (it must be between 1 and 1e+30)" -- $R --scale link.bw=1e-308

# S9, C4: hosts without a route between them
expect topology_no_route 2 "$src/tests/cli/two_zones.xml: no route from host 'a0' to host 'b0' (SimGrid: Bad gateways for route from 'a0' to 'b0'.)" -- topology --platform "$src/tests/cli/two_zones.xml"
printf 'a0\nb0\n' > across.txt
expect replay_no_route 2 "t.txt:3: Bad gateways for route from 'a0' to 'b0'.
    0 send 1 0 1000" -- replay --platform "$src/tests/cli/two_zones.xml" --hostfile across.txt --trace t.txt -q

# C5, P4: a directory or nothing where a file is expected
mkdir -p adir
expect baseline_dir 2 "adir: is a directory, not the baseline" -- check --platform $P --trace t.txt --baseline adir
expect platform_dir 2 "adir: is a directory, not the platform" -- replay --platform adir --trace t.txt -q
expect platform_empty 2 "an empty file name was given for the platform" -- replay --platform "" --trace t.txt -q
expect hostfile_dir 2 "adir: is a directory, not the hostfile" -- $R --hostfile adir

# W8: stray words are refused; after `--`, check's options are used, not dropped
expect stray_word 2 "tireplay replay: unexpected argument 'b.png' (no option takes it: values follow their option, as in --gantt FILE)
(see tireplay replay --help)" -- $R --json a.json b.png
expect check_after_dashes 2 "missing.txt: no such file (the hostfile)" -- check --platform $P --trace t.txt --baseline b.json --write-baseline -- --hostfile missing.txt

# S2, S8: numbers out of range
expect predict_bytes_huge 2 "tireplay predict: --bytes: '1e30' is out of range (below 2^64, about 1.8e19 bytes)
(see tireplay predict --help)" -- predict --platform $P --op bcast --bytes 1e30 --np 4
expect segment_negative 2 "tireplay replay: --segment-bytes: -1 is out of range (1 to 1073741824 bytes)
(see tireplay replay --help)" -- $R --segment-bytes -1
expect segment_zero 2 "tireplay replay: --segment-bytes: 0 is out of range (1 to 1073741824 bytes)
(see tireplay replay --help)" -- $R --segment-bytes 0
expect limit_zero 2 "tireplay replay: --limit: 0 is out of range (K >= 1; leave it out for the model's K)
(see tireplay replay --help)" -- $R --limit 0

# W9, C6, S3: otf2ti's options exit 2, in range
if [ -x "$otf2ti" ]; then
  expect_otf2ti otf2ti_threads "otf2ti: --threads: 40000 is out of range (1 to 1024)
(see otf2ti --help)" -- x.otf2 -o out --threads 40000
  expect_otf2ti otf2ti_rate "otf2ti: --flop-rate: 1e+22 is out of range (1 to 1e15 flop/s)
(see otf2ti --help)" -- x.otf2 -o out --flop-rate 1e22
  expect_otf2ti otf2ti_rate_inf "otf2ti: --flop-rate: 'inf' is not a rate (e.g. 2.5e9, 2.5Gf, 800Mf)
(see otf2ti --help)" -- x.otf2 -o out --flop-rate inf
  expect_otf2ti otf2ti_unknown "otf2ti: unrecognised option '--bogus'
(see otf2ti --help)" -- x.otf2 -o out --bogus
fi

# W4, P2: outputs that name inputs, or cannot be written, are refused before the replay; --write-baseline makes
# its directory
mkdir -p tr && grep '^0 ' t.txt > tr/rank0.txt && grep '^1 ' t.txt > tr/rank1.txt
expect json_over_trace 2 "--json t.txt: is the input t.txt: refusing to overwrite an input" -- $R --json t.txt
expect paje_over_platform 2 "--paje $P: is the input $P: refusing to overwrite an input" -- $R --paje $P
expect csv_over_rank_file 2 "--events-csv tr/rank1.txt: is the input tr/rank1.txt: refusing to overwrite an input" -- replay --platform $P --trace tr -q --events-csv tr/rank1.txt
expect otf2_over_trace_dir 2 "--otf2-out tr: is the input tr: refusing to overwrite an input" -- replay --platform $P --trace tr -q --otf2-out tr
# ... and the index a --trace directory resolves to (otf2ti's trace.txt, its rank files in trace.txt_files/), also
# through a jobs file: it was replaced, the rank files refused
mkdir -p ti/trace.txt_files && cp tr/rank0.txt tr/rank1.txt ti/trace.txt_files/ &&
  printf '%s\n' trace.txt_files/rank0.txt trace.txt_files/rank1.txt > ti/trace.txt
printf '%s\n' "a ti 2 0" > ti.jobs
expect json_over_dir_index 2 "--json ti/trace.txt: is the input ti/trace.txt: refusing to overwrite an input" -- replay --platform $P --trace ti -q --json ti/trace.txt
expect csv_over_dir_rank_file 2 "--events-csv ti/trace.txt_files/rank1.txt: is the input ti/trace.txt_files/rank1.txt: refusing to overwrite an input" -- replay --platform $P --trace ti -q --events-csv ti/trace.txt_files/rank1.txt
expect json_over_jobs_index 2 "--json ti/trace.txt: is the input ti/trace.txt: refusing to overwrite an input" -- replay --platform $P --jobs-file ti.jobs -q --json ti/trace.txt
expect otf2_over_jobs_trace 2 "--otf2-out ti: is the input ti: refusing to overwrite an input" -- replay --platform $P --jobs-file ti.jobs -q --otf2-out ti
expect baseline_over_trace 2 "--baseline t.txt: is the input t.txt: refusing to overwrite an input" -- check --platform $P --trace t.txt --baseline t.txt --write-baseline
expect json_no_dir 2 "--json nodir/x.json: directory $PWD/nodir does not exist" -- $R --json nodir/x.json
expect baseline_new_dir 0 "" -- check --platform $P --trace t.txt --baseline new/dir/b.json --write-baseline
[ "$(cat tr/rank1.txt)" = "$(grep '^1 ' t.txt)" ] || { echo "FAIL: an input was modified"; failures=$((failures + 1)); }

# S7: a receive smaller than its message is MPI_ERR_TRUNCATE, naming both lines; larger is legal
printf '%s\n' "0 init" "0 send 1 0 1000000" "1 init" "1 recv 0 0 100" "0 finalize" "1 finalize" > trunc.txt
expect truncated 2 "trunc.txt:4: the receive of rank 1 (100 bytes) matches a message of 1000000 bytes sent by rank 0 at trunc.txt:2: a receive smaller than its message is an error in MPI (MPI_ERR_TRUNCATE)" -- replay --platform $P --trace trunc.txt -q
printf '%s\n' "0 init" "0 send 1 0 100" "1 init" "1 recv 0 0 1000000" "0 finalize" "1 finalize" > larger.txt
expect larger_receive 0 "" -- replay --platform $P --trace larger.txt -q
# ... and an alltoallv's pair whose counts disagree, either way, at both levels (MPI wants them equal: it was
# replayed silently); counts that agree replay
printf '%s\n' "0 alltoallv 300 100 200 500 100 400" "1 alltoallv 450 400 50 150 100 50" > a2av.txt
for fidelity in full fast; do
  expect "alltoallv_counts_disagree_$fidelity" 2 "a2av.txt:2: alltoallv: rank 1 receives 100 bytes from rank 0, whose alltoallv at a2av.txt:1 sends it 200 bytes: MPI requires the counts of a pair to agree" -- replay --platform $P --trace a2av.txt -q --fidelity $fidelity
done
sed -i 's/^1 alltoallv .*/1 alltoallv 450 400 50 350 300 50/' a2av.txt
expect alltoallv_receive_larger 2 "a2av.txt:2: alltoallv: rank 1 receives 300 bytes from rank 0, whose alltoallv at a2av.txt:1 sends it 200 bytes: MPI requires the counts of a pair to agree" -- replay --platform $P --trace a2av.txt -q
sed -i 's/^1 alltoallv .*/1 alltoallv 450 400 50 250 200 50/' a2av.txt
expect alltoallv_counts_agree 0 "" -- replay --platform $P --trace a2av.txt -q --coll alltoallv=ring
# ... a rank's own pair too, which no algorithm sends (a hostile trial's: accepted silently)
printf '%s\n' "0 alltoallv 300 100 100 100 300 999 100 100" "1 alltoallv 300 100 100 100 300 100 100 100" \
  "2 alltoallv 300 100 100 100 300 100 100 100" > a2av_self.txt
expect alltoallv_self_disagree 2 "a2av_self.txt:1: alltoallv: rank 0 sends itself 100 bytes but receives 999 from itself: MPI requires the counts of a pair to agree
    0 alltoallv 300 100 100 100 300 999 100 100" -- replay --platform $P --trace a2av_self.txt -q

# W3: memory does not grow with the square of the rank count (a queue per pair of ranks took 0.85 GB at 4,000)
awk 'BEGIN { for (r = 0; r < 4000; r++) print r " compute 1000" }' > wide.txt
rss=$( { /usr/bin/time -f "%M" "$tireplay" replay --platform "$src/platforms/cluster_16.xml" --trace wide.txt -q --oversubscribe > /dev/null; } 2>&1 | tail -1)
if [ "${rss:-999999999}" -lt 550000 ]; then echo "ok   wide_memory: 4,000 ranks in ${rss} KB"; else echo "FAIL wide_memory: 4,000 ranks took ${rss} KB (expected under 550 MB; a queue per pair of ranks made it 850 MB)"; failures=$((failures + 1)); fi

# Memory does not grow with the count of windows a run makes: 16 ranks making and freeing 20,000 windows (a new id
# each, as otf2ti numbers them; lock_all, a put, unlock_all) took 267 MB, the state kept by window and target never
# freed; one window made again 20,000 times, 40 MB.
awk 'BEGIN { for (r = 0; r < 16; r++) for (w = 1; w <= 20000; w++)
  print r " win_create " w "\n" r " win_lock_all " w "\n" r " put " w " " (r + 1) % 16 " 8\n" \
        r " win_unlock_all " w "\n" r " win_free " w }' > windows.txt
rss=$( { /usr/bin/time -f "%M" "$tireplay" replay --platform "$src/platforms/cluster_16.xml" --trace windows.txt -q \
  --fidelity fast > /dev/null; } 2>&1 | tail -1)
if [ "${rss:-999999999}" -lt 120000 ]; then
  echo "ok   windows_memory: 20,000 windows in ${rss} KB"
else
  echo "FAIL windows_memory: 20,000 windows took ${rss} KB (expected under 120 MB; 267 MB when kept)"
  failures=$((failures + 1))
fi

# ... nor with the square of the ranks holding win_lock_all: a request per pair of ranks took 338 MB at 2,048 ranks
awk 'BEGIN { for (r = 0; r < 2048; r++)
  print r " win_create 1\n" r " win_lock_all 1\n" r " put 1 " (r + 1) % 2048 " 8\n" r " win_unlock_all 1\n" \
        r " win_free 1" }' > lock_all.txt
rss=$( { /usr/bin/time -f "%M" "$tireplay" replay --platform "$src/platforms/cluster_16.xml" --trace lock_all.txt -q \
  --fidelity fast --oversubscribe > /dev/null; } 2>&1 | tail -1)
if [ "${rss:-999999999}" -lt 200000 ]; then
  echo "ok   lock_all_memory: 2,048 ranks in ${rss} KB"
else
  echo "FAIL lock_all_memory: 2,048 ranks took ${rss} KB (expected under 200 MB; 338 MB with a request per pair)"
  failures=$((failures + 1))
fi

# W1: durations that overflow the clock are an error, not a deadlock
printf '%s\n' "0 init" "0 sleep 1e308" "0 sleep 1e308" "0 finalize" > overflow.txt
expect clock_overflow 2 "overflow.txt:2: the simulated clock overflows: this sleep ends beyond 1e300 seconds
    0 sleep 1e308" -- replay --platform $P --trace overflow.txt -q

# W2: Ctrl-C exits 130 (not 1, check's "regression") and leaves no split copy of a shared trace behind, whether
# it comes while the trace is split or while it replays
awk 'BEGIN { for (i = 0; i < 1000000; i++) { print "0 send 1 0 100"; print "1 recv 0 0 100" } }' > long.txt
for delay in 0.2 2; do
  mkdir -p "tmp$delay"
  TMPDIR=$PWD/tmp$delay "$tireplay" check --platform $P --trace long.txt --baseline none.json --write-baseline \
    > /dev/null 2> interrupted.err &
  pid=$!
  sleep $delay
  kill -INT $pid
  wait $pid
  rc=$?
  left=$(ls "tmp$delay" | wc -l)
  if [ "$rc" -eq 130 ] && [ "$left" -eq 0 ] && grep -q "tireplay: interrupted" interrupted.err; then
    echo "ok   interrupted_after_$delay: exit 130, nothing left in TMPDIR"
  else
    echo "FAIL interrupted_after_$delay: exit $rc, $left file(s) left in TMPDIR: $(cat interrupted.err)"
    failures=$((failures + 1))
  fi
done

# P1: a first line that is neither an action nor a file name says what is wrong with it (not "missing rank file")
printf '\xef\xbb\xbf0 init\n0 finalize\n' > bom.txt
expect bom 2 "bom.txt:1: the file starts with a UTF-8 byte-order mark: remove it (sed -i '1s/^\\xEF\\xBB\\xBF//' bom.txt)" -- replay --platform $P --trace bom.txt -q
for first in +0 -1 2147483648 rank0; do
  printf '%s init\n0 finalize\n' "$first" > first.txt
  expect "first_rank_$first" 2 "first.txt:1: field 'rank' is not a rank (0 to 999999): '$first' (expected: <rank> init ...)
    $first init" -- replay --platform $P --trace first.txt -q
done
printf '0 init\r0 finalize\r' > cr.txt
expect cr_only 2 "cr.txt:1: lines end with a lone carriage return (old Mac line endings): convert them with tr '\\r' '\\n'" -- replay --platform $P --trace cr.txt -q

# S5: a NUL byte is an error, in a shared trace and in a rank file (it cut `compute 1\0e9` to 1 flop)
printf '0 init\n0 compute 1\0e9\n0 finalize\n' > nul.txt
expect nul_shared 2 "nul.txt:2: a NUL byte in the line (binary data?)
    0 compute 1\\0e9" -- replay --platform $P --trace nul.txt -q
mkdir -p nuldir && cp nul.txt nuldir/rank0.txt
expect nul_rank_file 2 "nuldir/rank0.txt:2: a NUL byte in the line (binary data?)
    0 compute 1\\0e9" -- replay --platform $P --trace nuldir -q

# W5, P5, P7: fields
printf '%s\n' "0 init" "0 allgatherv 10 10 10 0 0 abc nan" "0 finalize" "1 init" "1 allgatherv 10 10 10 0 0 0 10" "1 finalize" > agv.txt
expect allgatherv_displacement 2 "agv.txt:2: allgatherv: field 'displacement' is not an integer: 'abc' (expected: allgatherv <send_count> <recv_counts...> [send_datatype recv_datatype] [displacements...])
    0 allgatherv 10 10 10 0 0 abc nan" -- replay --platform $P --trace agv.txt -q
printf '0 compute 1e400\n' > e400.txt
expect out_of_range 2 "e400.txt:1: compute: field 'flops' is out of range: '1e400' (expected: compute <flops>)
    0 compute 1e400" -- replay --platform $P --trace e400.txt -q
python3 -c "print('0 compute ' + 'x' * 1000000)" > huge_field.txt
size=$("$tireplay" replay --platform $P --trace huge_field.txt -q 2>&1 | wc -c)
if [ "$size" -lt 1000 ]; then echo "ok   huge_field: a ${size}-character message"; else echo "FAIL huge_field: a ${size}-character message for a 1 MB field"; failures=$((failures + 1)); fi

# W6: a README in a directory of rank files is not a trace; W7: host:0 takes no rank, as in smpirun
mkdir -p layout && grep '^0 ' t.txt > layout/rank0.txt && grep '^1 ' t.txt > layout/rank1.txt
printf '1 Overview\nThis directory holds...\n' > layout/README
expect readme_in_layout 0 "" -- replay --platform $P --trace layout -q
rm layout/rank1.txt  # then the README is the only file for rank 1: its first line is the error
expect readme_only_candidate 2 "layout/README:1: unknown action 'Overview' (known: init, finalize, comm_size, comm_split, comm_dup, compute, sleep, poll, location, send, isend, ssend, issend, bsend, ibsend, recv, irecv, wait, test, waitall, waitany, sendrecv, barrier, bcast, reduce, allreduce, alltoall, alltoallv, gather, gatherv, scatter, scatterv, allgather, allgatherv, reducescatter, scan, exscan, win_create, win_free, put, get, accumulate, get_accumulate, rput, rget, raccumulate, rget_accumulate, wait_rma, win_fence, win_post, win_start, win_complete, win_wait, win_lock, win_unlock, win_lock_all, win_unlock_all, win_flush, win_flush_all, win_flush_local, win_flush_local_all, win_sync)
    1 Overview" -- replay --platform $P --trace layout -q --np 2
printf 'mycluster-0.mysite.fr:0\nmycluster-1.mysite.fr:2\n' > zero_count.txt
expect host_count_zero 0 "" -- $R --hostfile zero_count.txt

# S4: deployment files are XML: an actor in a comment is none, an actor over two lines is one, broken XML is an error
cat > deployment.xml <<'XML'
<?xml version='1.0'?>
<platform version="4.1">
  <!-- <actor host="mycluster-5.mysite.fr" function="0"/> -->
  <actor host="mycluster-3.mysite.fr"
         function="0"/>
  <actor host="mycluster-2.mysite.fr" function="1"/>
</platform>
XML
"$tireplay" replay --platform $P --trace t.txt --deployment deployment.xml --json deployed.json -q
hosts=$(python3 -c 'import json; print(" ".join(r["host"] for r in json.load(open("deployed.json"))["per_rank"]))')
if [ "$hosts" = "mycluster-3.mysite.fr mycluster-2.mysite.fr" ]; then echo "ok   deployment_xml"; else echo "FAIL deployment_xml: ranks on $hosts"; failures=$((failures + 1)); fi
printf '%s\n' "0 init" "1 init" "2 init" "0 finalize" "1 finalize" "2 finalize" > three.txt
sed 's|</platform>|  <actor host="nowhere" function="2"/>\n</platform>|' deployment.xml > bad_host.xml
expect deployment_line 2 "bad_host.xml:7: unknown host 'nowhere' in platform $P" -- replay --platform $P --trace three.txt --deployment bad_host.xml -q
# smpirun's deployment files give each actor its rank (<prop id="rank">): ranks by it, whatever the order
cat > ranked.xml <<'XML'
<?xml version='1.0'?>
<platform version="4.1">
  <actor host="mycluster-3.mysite.fr" function="1"><prop id="rank" value="1"/></actor>
  <actor host="mycluster-2.mysite.fr" function="0"><prop id="rank" value="0"/></actor>
</platform>
XML
"$tireplay" replay --platform $P --trace t.txt --deployment ranked.xml --json ranked.json -q
hosts=$(python3 -c 'import json; print(" ".join(r["host"] for r in json.load(open("ranked.json"))["per_rank"]))')
if [ "$hosts" = "mycluster-2.mysite.fr mycluster-3.mysite.fr" ]; then echo "ok   deployment_ranks"; else echo "FAIL deployment_ranks: ranks on $hosts"; failures=$((failures + 1)); fi
sed 's|<prop id="rank" value="0"/>||' ranked.xml > half_ranked.xml
expect deployment_half_ranked 2 'half_ranked.xml:4: this actor has no <prop id="rank">, others have: give every actor its rank, or none' -- $R --deployment half_ranked.xml
sed 's|value="0"|value="1"|' ranked.xml > twice_ranked.xml
expect deployment_rank_twice 2 "twice_ranked.xml:4: rank 1 twice (also line 3)" -- $R --deployment twice_ranked.xml
sed 's|value="0"|value="x"|' ranked.xml > bad_rank.xml
expect deployment_bad_rank 2 "bad_rank.xml:4: <prop id=\"rank\"> has value 'x', not a rank (an integer >= 0)" -- $R --deployment bad_rank.xml
printf '<platform>\n<actor host="a"\n</platform>\n' > broken.xml
expect deployment_broken 2 "broken.xml:3: not a well-formed XML deployment file: Couldn't find end of Start Tag actor" -- $R --deployment broken.xml

# sweep: replay options directly (and after --), all checked before the first run; -o not over an input;
# `collect` calls a started run "missing", not "failed"
printf 'mycluster-0.mysite.fr\nmycluster-1.mysite.fr\n' > two_hosts.txt
"$tireplay" sweep --trace t.txt --platform $P --hostfile two_hosts.txt --vary bw=1x,2x -o direct -q --plot none
rows=$(grep -c ',ok$' direct/results.csv 2>/dev/null)
if [ "$rows" = 2 ] && grep -q -- '"--hostfile"' direct/plan.json; then echo "ok   sweep_direct_options"; else echo "FAIL sweep_direct_options: $rows ok rows"; failures=$((failures + 1)); fi
expect sweep_bad_option 2 "tireplay sweep: unrecognised option '--hostfle'
(see tireplay sweep --help)" -- sweep --trace t.txt --platform $P --vary bw=1x -o s1 -- --hostfle two_hosts.txt
expect sweep_bad_zone 2 "$P: --scale bw@nowhere=2: no zone 'nowhere' (zones: AS0, mycluster)" -- sweep --trace t.txt --platform $P --vary bw@nowhere=2x -o s2
[ ! -e s1 ] && [ ! -e s2 ] && echo "ok   sweep_nothing_written" || { echo "FAIL sweep_nothing_written"; failures=$((failures + 1)); }
expect sweep_over_trace 2 "-o tr: is the input tr: refusing to overwrite an input" -- sweep --trace tr --platform $P --vary bw=1x -o tr
"$tireplay" sweep --trace t.txt --platform $P --vary bw=1x,2x -o emitted --emit-jobs jobs.sh -q --plot none
head -1 jobs.sh | sh   # the first run done; the second started (its .err exists) but not finished
touch emitted/runs/001.err
"$tireplay" sweep collect -o emitted -q --plot none 2> /dev/null
statuses=$(tail -n +2 emitted/results.csv | awk -F, '{ print $NF }' | paste -sd ' ')
if [ "$statuses" = "ok missing" ]; then echo "ok   collect_missing"; else echo "FAIL collect_missing: statuses $statuses"; failures=$((failures + 1)); fi

# options that need another: --explain and --contention-signature are the models'; predict places as replay does
expect explain_needs_model 2 "tireplay replay: --explain writes the models' decisions: it needs --select model" -- $R --explain decisions.txt
expect signature_needs_model 2 "tireplay replay: --contention-signature is read by the models: it needs --select model" -- $R --contention-signature myrinet
expect predict_oversubscribe 2 "two_hosts.txt: 3 ranks but only 2 hosts (pass --oversubscribe to place several ranks per host, as smpirun does)" -- predict --platform $P --hostfile two_hosts.txt --op bcast --bytes 8 --np 3
expect predict_oversubscribed 0 "tireplay predict: note: 3 ranks on 2 hosts: the models price each message as if alone on its host's links, which ranks sharing a host share: their predictions and choices are optimistic there (docs/models.md, \"Ranks sharing a host\")" -- predict --platform $P --hostfile two_hosts.txt --op bcast --bytes 8 --np 3 --oversubscribe

# P10: an OTF2 archive given to replay, a directory given to otf2ti, the OTF2 library's own errors
mkdir -p archive && : > archive/traces.otf2
expect otf2_to_replay 2 "archive/traces.otf2: an OTF2 archive, not a time-independent trace: convert it with \`otf2ti archive/traces.otf2 -o DIR\`, then replay DIR/trace.txt" -- replay --platform $P --trace archive/traces.otf2 -q
if [ -x "$otf2ti" ]; then
  expect_otf2ti otf2ti_library_error "otf2ti: archive/traces.otf2: cannot open as an OTF2 archive (OTF2: Zero bytes to read!)" -- archive -o out
  expect_otf2ti otf2ti_directory "otf2ti: adir: a directory with 0 .otf2 files: give the archive's anchor file (DIR/traces.otf2)" -- adir -o out
fi

# check: -q and --json; a warning for a baseline of another trace or platform; a value from 0 is "new", not +0.00%
"$tireplay" check --platform $P --trace t.txt --baseline base.json --write-baseline -q > quiet.out
[ ! -s quiet.out ] && echo "ok   check_quiet" || { echo "FAIL check_quiet: $(cat quiet.out)"; failures=$((failures + 1)); }
"$tireplay" check --platform $P --trace t.txt --baseline base.json --json run.json -q &&
  python3 -c 'import json; json.load(open("run.json"))["simulated_time"]' && echo "ok   check_json" ||
  { echo "FAIL check_json"; failures=$((failures + 1)); }
cp t.txt other.txt
expect check_other_trace 0 "tireplay check: warning: the baseline was made from trace t.txt on platform $P; this check replays trace other.txt on platform $P" -- check --platform $P --trace other.txt --baseline base.json -q
printf '%s\n' "0 init" "1 init" "0 finalize" "1 finalize" > idle.txt
"$tireplay" check --platform $P --trace idle.txt --baseline idle.json --write-baseline -q
got=$("$tireplay" check --platform $P --trace t.txt --baseline idle.json 2> /dev/null | sed -n 2p)
case "$got" in
  *"(new)") echo "ok   check_from_zero";;
  *) echo "FAIL check_from_zero: $got"; failures=$((failures + 1));;
esac

# small things: --version, help, algorithms OPERATION, sweep collect STUDY, singular words, help defaults
version=$("$tireplay" --version)
case "$version" in "tireplay "[0-9]*" (SimGrid 3."*")") echo "ok   version: $version";; *) echo "FAIL version: $version"; failures=$((failures + 1));; esac
help_text=$("$tireplay" help replay)
[ "${help_text%%--platform*}" = "usage: tireplay replay " ] && echo "ok   help_command" || { echo "FAIL help_command"; failures=$((failures + 1)); }
[ "$("$tireplay" algorithms bcast | head -1)" = "bcast" ] && [ "$("$tireplay" algorithms bcast | grep -vc '^  ')" = 1 ] &&
  echo "ok   algorithms_one_operation" || { echo "FAIL algorithms_one_operation"; failures=$((failures + 1)); }
expect algorithms_unknown 2 "tireplay algorithms: unknown operation 'bcats' (operations: barrier, bcast, reduce, allreduce, alltoall, alltoallv, gather, gatherv, scatter, scatterv, allgather, allgatherv, reducescatter, scan, exscan)" -- algorithms bcats
"$tireplay" sweep collect emitted --plot none 2> collect.err
grep -qx "sweep: 2 runs, 1 ok, 1 not (see the status column): emitted/results.csv" collect.err && echo "ok   collect_positional" || { echo "FAIL collect_positional: $(cat collect.err)"; failures=$((failures + 1)); }
printf '%s\n' "0 init" "0 recv 1 0 10" "0 finalize" "1 init" "1 finalize" > one_blocked.txt
expect one_rank_blocked 3 "tireplay: the replay ended with 1 rank blocked:
  rank 0: blocked in recv at one_blocked.txt:2
tireplay: a trace of a run that ended deadlocks when it is cut short, when the program relied on MPI's buffering (a large send blocks here until it is received), or when its tracer left calls out (smpirun -trace-ti leaves out MPI_Sendrecv with an MPI_PROC_NULL half and sendRecv's tags: README, \"Record a trace of your MPI program\")
tireplay: 1 receive never got a message:
  rank 0 <- rank 1, tag 0, communicator 0 (one_blocked.txt:2)" -- replay --platform $P --trace one_blocked.txt -q
"$tireplay" topology --help | grep -q -- '--rho arg (=0.2) ' && echo "ok   help_default" || { echo "FAIL help_default: $("$tireplay" topology --help | grep -- --rho)"; failures=$((failures + 1)); }

# W3: the open-file limit does not bound the rank count (a shared trace, an index, a directory: 1,500 ranks under
# a limit of 256 open files)
awk 'BEGIN { for (r = 0; r < 1500; r++) print r " compute 1000" }' > many.txt
mkdir -p many_dir
awk '{ print > ("many_dir/r" $1 ".txt") }' many.txt
for r in $(seq 0 1499); do echo "many_dir/r$r.txt"; done > many_index.txt
for layout in many.txt many_index.txt many_dir; do
  if (ulimit -n 256; "$tireplay" replay --platform "$src/platforms/cluster_16.xml" --trace $layout -q --oversubscribe \
      --json many.json 2> many.err) && [ "$(python3 -c 'import json; print(json.load(open("many.json"))["ranks"])')" = 1500 ]; then
    echo "ok   open_files_$layout"
  else
    echo "FAIL open_files_$layout: $(head -c 300 many.err)"; failures=$((failures + 1))
  fi
done

# W3: 40,000 ranks (each actor's stack guard page was one more mapping: SimGrid aborted past ~32,000); and an abort
# inside SimGrid (the same, guard pages asked for) ends in a message naming the input and exit 2, not 134
awk 'BEGIN { for (r = 0; r < 40000; r++) print r " compute 1000" }' > ranks40k.txt
"$tireplay" replay --platform "$src/platforms/cluster_16.xml" --trace ranks40k.txt -q --oversubscribe --json 40k.json 2> 40k.err &&
  [ "$(python3 -c 'import json; print(json.load(open("40k.json"))["ranks"])')" = 40000 ] && echo "ok   ranks_40000" ||
  { echo "FAIL ranks_40000: $(head -c 300 40k.err)"; failures=$((failures + 1)); }
if [ "$(cat /proc/sys/vm/max_map_count)" -lt 80000 ]; then
  "$tireplay" replay --platform "$src/platforms/cluster_16.xml" --trace ranks40k.txt -q --oversubscribe \
    --cfg contexts/guard-size:1 > /dev/null 2> abort.err
  rc=$?
  if [ $rc -eq 2 ] && [ "$(tail -1 abort.err)" = "tireplay: the simulation was stopped by SimGrid (its message is above) while replaying ranks40k.txt on $src/platforms/cluster_16.xml: an input or option beyond what it can simulate" ]; then
    echo "ok   simgrid_abort"
  else
    echo "FAIL simgrid_abort: exit $rc: $(tail -1 abort.err)"; failures=$((failures + 1))
  fi
else
  echo "skip simgrid_abort: vm.max_map_count is large enough for 40,000 guarded stacks here"
fi

# tools/regression/check_traces.sh: options after the paths; a missing binary said once, up front
printf 'pair --platform %s --trace t.txt\n' "$P" > manifest.txt
out=$(bash "$src/tools/regression/check_traces.sh" manifest.txt baselines --write-baseline --tireplay "$tireplay" 2>&1)
[ $? -eq 0 ] && [ -f baselines/pair.json ] && echo "ok   check_traces_options_after" ||
  { echo "FAIL check_traces_options_after: $out"; failures=$((failures + 1)); }
out=$(bash "$src/tools/regression/check_traces.sh" manifest.txt baselines --tireplay ./no-such-binary 2>&1)
[ $? -eq 2 ] && [ "$out" = "check_traces.sh: ./no-such-binary: no such program (build it with tools/setup.sh, or give --tireplay BIN)" ] &&
  echo "ok   check_traces_no_binary" || { echo "FAIL check_traces_no_binary: $out"; failures=$((failures + 1)); }

# found by the options fuzzer: Boost's message for an option holding %canonical_option% never ended
expect boost_placeholder 2 "tireplay replay: '--%canonical_option%:1e-9': %canonical_option% cannot appear in an argument
(see tireplay replay --help)" -- replay --platform $P --trace t.txt --%canonical_option%:1e-9

# S10: calibration inputs that would give a platform SimGrid cannot run
printf '0 1e300 1\n0 1e9 1\n' > bursts_inf.txt
expect calibrate_flops_inf 2 "bursts_inf.txt:1: a rate of 1e+300 flop/s (flops / seconds), out of range (1 to 1e18)
    0 1e300 1" -- calibrate flops bursts_inf.txt
printf '1 1e300\n1000 2e-6\n100000 1e-4\n' > pingpong_huge.txt  # (it made a latency of 1.7e299 s once)
expect calibrate_pingpong_huge 2 "pingpong_huge.txt:1: a time of 1e+300 s, out of range for a measurement (1e-12 to 1e6 s)
    1 1e300" -- calibrate pingpong pingpong_huge.txt
expect set_speed_huge 2 "$P with --scale/--set: host 'mycluster-0.mysite.fr': speed 1e+300 flop/s cannot be simulated (it must be between 1 and 1e+30)" -- $R --set host.speed=1e300f

# A time past 1e9 s in exponent form (`compute 1e300` printed 290 digits, in the summary and the table)
printf '0 compute 1e300\n' > huge_time.txt
got=$("$tireplay" replay --platform "$src/platforms/cluster_16.xml" --trace huge_time.txt | sed -n '1p;4p' | tr -s ' ')
[ "$got" = "Simulated time: 8.547008547e+290 s
 0 mycluster-0.mysite.fr 8.547009e+290 0.000000 0.000000 8.547009e+290" ] && echo "ok   huge_time_shown" ||
  { echo "FAIL huge_time_shown: $got"; failures=$((failures + 1)); }
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "hardening: every case passed"
