#!/usr/bin/env bash
# Hardening, round two (issue "Hardening, round two"): outputs and inputs as a shell user gives them, full disks,
# interruptions, and messages that name what went wrong. Each case checks the exact message (or the part of it that
# does not depend on a temporary name) and the exit status.
# Usage: outputs.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -uo pipefail
tireplay=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0
source "$src/tests/cli/expect.sh"

P=platform.xml
cp "$src/platforms/cluster_figure5.xml" $P
printf '%s\n' "0 init" "0 compute 1e6" "0 send 1 0 1000" "1 init" "1 recv 0 0 1000" "0 finalize" "1 finalize" > t.txt
R="replay --platform $P --trace t.txt -q"
time_of() { python3 -c 'import json,sys; print(json.load(sys.stdin)["simulated_time"])'; }
want=$("$tireplay" $R --json /dev/null > /dev/null 2>&1; "$tireplay" $R --json - | time_of)

# 1. A full disk: the split copy of a shared trace cut short was replayed as a shorter trace (exit 0).
{ echo "0 init"; for i in $(seq 3000); do echo "0 compute 1000"; done; echo "0 compute 5e9"; echo "0 finalize"; } > fs.txt
got=$( (trap '' XFSZ; ulimit -f 56; exec "$tireplay" replay --platform $P --trace fs.txt -q) 2>&1 >/dev/null); rc=$?
if [ $rc -eq 2 ] && [[ $got == "fs.txt: cannot write the split copy of the trace in "*": File too large (set TMPDIR to a directory with room for it)" ]]; then
  ok full_tmpdir
else
  fail "full_tmpdir: exit $rc: $got"
fi
got=$( (trap '' XFSZ; ulimit -f 100; exec "$tireplay" replay --platform $P --trace fs.txt -q --events-csv events.csv) 2>&1 >/dev/null); rc=$?
if [ $rc -eq 2 ] && [ "$got" = "events.csv: cannot write the event log: File too large" ] && [ ! -e events.csv ] &&
  [ -z "$(ls -A | grep '\.part')" ]; then
  ok full_disk_output_left_nothing
else
  fail "full_disk_output_left_nothing: exit $rc: $got; $(ls -A | paste -sd' ')"
fi

# 2. "-" is standard output; devices and FIFOs are written as they are.
[ "$("$tireplay" $R --json - | time_of)" = "$want" ] && [ ! -e ./- ] && ok json_stdout || fail "json_stdout"
[ "$("$tireplay" $R --json /dev/stdout | time_of)" = "$want" ] && ok json_dev_stdout || fail "json_dev_stdout"
# /dev/stdout is standard output too: the summary goes to standard error beside it, also when stdout is a file
"$tireplay" replay --platform $P --trace t.txt --json /dev/stdout > to_file.json 2> summary2.txt &&
  [ "$(time_of < to_file.json)" = "$want" ] && grep -q '^Simulated time: ' summary2.txt && ok json_dev_stdout_file ||
  fail "json_dev_stdout_file: $(head -3 to_file.json)"
[ "$("$tireplay" $R --events-csv - | head -1)" = "rank,action,state,start,end,bytes,flops,line" ] &&
  ok events_csv_stdout || fail "events_csv_stdout"
[ "$("$tireplay" replay --platform $P --trace t.txt --json - 2> summary.txt | time_of)" = "$want" ] &&
  grep -q '^Simulated time: ' summary.txt && ok summary_to_stderr_beside_json || fail "summary_to_stderr_beside_json"
echo old > real.json && ln -s real.json link.json && "$tireplay" $R --json link.json && [ -L link.json ] &&
  [ "$(time_of < real.json)" = "$want" ] && ok symlink_written_through || fail "symlink_written_through"
expect empty_json 2 "tireplay replay: --json: an empty file name
(see tireplay replay --help)" -- $R --json ''
expect empty_hostfile 2 "tireplay replay: --hostfile: an empty file name
(see tireplay replay --help)" -- $R --hostfile ''
expect same_file 2 "--json out.json and --events-csv ./out.json name the same file" -- $R --json out.json --events-csv ./out.json
expect two_stdout 2 "tireplay replay: only one output can be standard output ('-')" -- $R --json - --paje -
expect gantt_stdout 2 "tireplay replay: --gantt -: a picture needs a file name ending in .svg or .png, not standard output" -- $R --gantt -
expect otf2_stdout 2 "--otf2-out -: standard output cannot hold a directory (give a directory's path)" -- $R --otf2-out -

mkdir pictures
"$tireplay" $R --gantt pictures/g.svg --breakdown pictures/b.svg && [ -s pictures/g.svg ] && [ -s pictures/b.svg ] &&
  [ "$(ls -A pictures | wc -l)" -eq 2 ] && ok pictures_renamed_whole || fail "pictures_renamed_whole: $(ls -A pictures)"
"$tireplay" sweep --trace t.txt --platform $P --vary bw=1x,2x -o study --emit-jobs - -q > jobs.txt &&
  [ "$(wc -l < jobs.txt)" -eq 2 ] && ok emit_jobs_stdout || fail "emit_jobs_stdout: $(cat jobs.txt)"

# A file name is never run by gnuplot (double-quoted strings run `command` there): the picture is drawn under it.
mkdir inj && (cd inj && "$tireplay" replay --platform ../$P --trace ../t.txt -q --gantt 'g`touch PWNED`.svg' &&
  "$tireplay" sweep --platform ../$P --trace ../t.txt --vary bw=1x,2x -o 's`touch PWNED2`' -q)
[ ! -e inj/PWNED ] && [ ! -e inj/PWNED2 ] && [ -s 'inj/g`touch PWNED`.svg' ] && [ -s 'inj/s`touch PWNED2`/sweep.svg' ] &&
  ok gnuplot_no_injection || fail "gnuplot_no_injection: $(ls -A inj)"
expect picture_newline 2 "tireplay replay: a picture's file name may not hold control characters (a newline, a tab...)" -- $R --gantt "$(printf 'a\nb.svg')"

# 3. Inputs from a pipe: read once; a FIFO that nobody writes is an error, not a hang.
got=$("$tireplay" replay --platform <(cat $P) --hostfile <(printf 'mycluster-0.mysite.fr\nmycluster-1.mysite.fr\n') \
  --trace t.txt --json - -q | time_of)
[ "$got" = "$want" ] && ok pipe_inputs || fail "pipe_inputs: $got, want $want"
mkfifo nobody
expect fifo_nobody_writes 2 "nobody: nothing written to the FIFO in 10 s (the hostfile)" -- $R --hostfile nobody

# 4. Jobs: a hex float delay; a job with more ranks than the deployment's hosts.
printf 'a t.txt 2 0x10\n' > hex.jobs
expect jobs_hex_delay 2 "hex.jobs:1: field 'start_delay_flops' is not a number of flops (1.25e11, 125Gf): '0x10' (a job is \`id trace np start_delay_flops [hostfile]\`)
    a t.txt 2 0x10" -- replay --platform $P --jobs-file hex.jobs -q
printf 'a t.txt 2 0\n' > one.jobs
printf 'mycluster-0.mysite.fr\n' > one_host.txt
expect jobs_stacked 2 "one.jobs:1: job 'a' has 2 ranks but one_host.txt lists only 1 host (pass --oversubscribe to place several ranks per host, as smpirun does)" -- replay --platform $P --jobs-file one.jobs --hostfile one_host.txt -q
printf 'a t.txt 2 0 /dev/null\n' > devnull.jobs
expect jobs_hostfile_device 2 "devnull.jobs:1: field 'hostfile': '/dev/null' is not a regular file (a FIFO, device or socket cannot be a job's hostfile) (a job is \`id trace np start_delay_flops [hostfile]\`)
    a t.txt 2 0 /dev/null" -- replay --platform $P --jobs-file devnull.jobs -q
# A host listed twice is two places, for a job's own hostfile as for --hostfile: both ranks on it, no option needed.
printf 'mycluster-3.mysite.fr\nmycluster-3.mysite.fr\n' > twice_host.txt
printf 'a t.txt 2 0 twice_host.txt\n' > twice.jobs
"$tireplay" replay --platform $P --jobs-file twice.jobs --json twice.json -q &&
  python3 -c 'import json, sys; sys.exit([r["host"] for r in json.load(open("twice.json"))["per_rank"]] != ["mycluster-3.mysite.fr"] * 2)' &&
  ok jobs_host_listed_twice || fail "jobs_host_listed_twice"
"$tireplay" replay --platform $P --jobs-file one.jobs --hostfile one_host.txt --oversubscribe -q && ok jobs_oversubscribed ||
  fail "jobs_oversubscribed"

# A job whose ranks end blocked: its time and its ranks' ends are not before its start.
printf '%s\n' "0 init" "1 init" "0 recv 1 0 10" "1 recv 0 0 10" "0 finalize" "1 finalize" > dl.txt
printf 'a t.txt 2 0\nb dl.txt 2 1e6\n' > blocked.jobs
"$tireplay" replay --platform $P --jobs-file blocked.jobs --json blocked.json -q 2> /dev/null
rc=$?
python3 - blocked.json <<'PY2' && [ $rc -eq 3 ] && ok blocked_job_times || fail "blocked_job_times: exit $rc"
import json, sys
j = json.load(open(sys.argv[1]))
b = next(x for x in j["jobs"] if x["id"] == "b")
assert b["simulated_time"] >= 0, b
assert all(r["finish_time"] >= r["start_time"] for r in j["per_rank"]), j["per_rank"]
PY2

# 5. Messages: a rank that never enters a barrier; a trace compressed twice.
printf '%s\n' "0 init" "0 barrier" "0 finalize" "1 init" "1 finalize" > nobarrier.txt
got=$("$tireplay" replay --platform $P --trace nobarrier.txt -q 2>&1 >/dev/null); rc=$?
[[ $rc -ne 0 && $got == *"rank 0 <- rank 1: a message of the barrier, communicator 0 (rank 1 ended without entering it)"* ]] &&
  ok barrier_never_entered || fail "barrier_never_entered: exit $rc: $got"
# Collectives that do not match, with messages small enough not to block their senders: the run ends, not completed.
printf '%s\n' "0 bcast 100" "1 reduce 100 0" > mismatch.txt
got=$("$tireplay" replay --platform $P --trace mismatch.txt --json mismatch.json -q 2>&1 >/dev/null); rc=$?
[ $rc -eq 3 ] && [ "$(python3 -c 'import json; print(json.load(open("mismatch.json"))["completed"])')" = False ] &&
  [[ $got == *"rank 0 -> rank 1: a message of the bcast, communicator 0, 100 bytes"* ]] &&
  [[ $got == *"the ranks' collective calls do not match"* ]] && ok collectives_mismatch || fail "collectives_mismatch: exit $rc: $got"
summary=$("$tireplay" replay --platform $P --trace mismatch.txt 2>/dev/null | head -1)
[[ $summary == "Simulated time: none: collectives that do not match left messages unreceived at "*" s (see below)" ]] &&
  ok collectives_mismatch_summary || fail "collectives_mismatch_summary: $summary"
gzip -c t.txt | gzip -c > twice.txt.gz
got=$("$tireplay" replay --platform $P --trace twice.txt.gz -q 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && [ "$got" = "twice.txt.gz:1: binary data: compressed again inside (a file compressed twice, or a compressed file renamed?)" ] &&
  ok compressed_twice || fail "compressed_twice: exit $rc: $got"

# smpirun's habits: its option spellings, and SMPI's algorithm names in --cfg smpi/OP:NAME
printf '%s\n' "0 init" "1 init" "2 init" "3 init" "0 bcast 1e6" "1 bcast 1e6" "2 bcast 1e6" "3 bcast 1e6" \
  "0 finalize" "1 finalize" "2 finalize" "3 finalize" > bcast.txt
flat=$("$tireplay" replay --platform $P --trace bcast.txt --coll bcast=flat --json - -q | time_of)
binomial=$("$tireplay" replay --platform $P --trace bcast.txt --coll bcast=binomial --json - -q | time_of)
[ "$("$tireplay" replay --platform $P --trace bcast.txt --cfg smpi/bcast:flattree --json - -q | time_of)" = "$flat" ] &&
  [ "$("$tireplay" replay --platform $P --trace bcast.txt --cfg smpi/bcast:binomial_tree --json - -q | time_of)" = "$binomial" ] &&
  [ "$flat" != "$binomial" ] && ok smpi_algorithm_names || fail "smpi_algorithm_names: flat $flat, binomial $binomial"
# SMPI's allgather "ring" is our shift (own block to rank + i at step i; ours passes blocks to rank + 1): with
# --cfg smpi/allgather:ring the time is smpirun's (1.0468813834e-05 s here), not our ring's (1.4454e-05 s)
printf 'node-0\nnode-1\nnode-0\nnode-1\n' > ag_hosts.txt
for i in 0 1 2 3; do printf '%s\n' "$i init" "$i allgather 1000 1000" "$i finalize"; done > ag.txt
ag() { "$tireplay" replay --platform "$src/platforms/cluster_10x24.xml" --hostfile ag_hosts.txt --trace ag.txt -q \
  --json - "$@" | time_of; }
[ "$(ag --cfg smpi/allgather:ring)" = "$(ag --coll allgather=shift)" ] &&
  [ "$(ag --coll allgather=shift)" != "$(ag --coll allgather=ring)" ] && ok smpi_allgather_ring ||
  fail "smpi_allgather_ring: $(ag --cfg smpi/allgather:ring) $(ag --coll allgather=shift) $(ag --coll allgather=ring)"
[ "$("$tireplay" replay -platform $P -replay t.txt -np 2 --json - -q | time_of)" = "$want" ] && ok smpirun_spellings ||
  fail "smpirun_spellings"
[ "$("$tireplay" -platform $P -replay t.txt -np 2 --json - -q | time_of)" = "$want" ] && ok options_mean_replay ||
  fail "options_mean_replay: options without a command"
# smpirun's -machinefile, -map and --log=CATEGORY.thres:PRIORITY; SimGrid's other log settings (which abort it on a
# bad value) are refused
printf 'mycluster-0.mysite.fr\nmycluster-1.mysite.fr\n' > machines.txt
[ "$("$tireplay" replay -platform $P -machinefile machines.txt -map --log=replay.thresh:critical -replay t.txt \
    --json - -q | time_of)" = "$want" ] && ok smpirun_habits || fail "smpirun_habits"
expect log_not_threshold 2 "tireplay replay: --log 'root.app:file:/tmp/x': tireplay takes SimGrid's log thresholds only, \
CATEGORY.thres:PRIORITY (PRIORITY: trace, debug, verbose, info, warning, error or critical)
(see tireplay replay --help)" -- replay --platform $P --trace t.txt --log=root.app:file:/tmp/x
expect sweep_pipe 2 "tireplay sweep: --hostfile nobody: a pipe, which each of the sweep's runs would have to read again: give a file
(see tireplay sweep --help)" -- sweep --trace t.txt --platform $P --vary bw=1x -o swp --hostfile nobody

# Open MPI's rules (SMPI's default selector for all-to-all) pick pairwise, which needs a power of two, on 5 ranks:
# the ring runs, said once.
for r in 0 1 2 3 4; do printf '%s\n' "$r init" "$r alltoall 600000 600000" "$r alltoall 600000 600000" "$r finalize"; done > a2a.txt
got=$("$tireplay" replay --platform $P --trace a2a.txt --oversubscribe --json a2a.json -q 2>&1)
ring=$("$tireplay" replay --platform $P --trace a2a.txt --oversubscribe --coll alltoall=ring --json - -q | time_of)
[ "$got" = "tireplay: note: Open MPI's rules pick the pairwise alltoall for 5 ranks, which SMPI runs only on a power of two: the ring runs instead (Open MPI's own pairwise order, any size)" ] &&
  [ "$(time_of < a2a.json)" = "$ring" ] && ok alltoall_pairwise_5_ranks || fail "alltoall_pairwise_5_ranks: $got"

# 6. calibrate contention warns when its fit misses the table.
printf '4 1000 1e-4\n4 100000 3e-3\n8 1000 3e-4\n8 100000 2e-3\n16 1000 8e-4\n16 100000 2e-2\n' > bad_alltoall.txt
got=$("$tireplay" calibrate contention --alltoall bad_alltoall.txt --alpha 1us --bandwidth 1GBps 2>&1 >/dev/null)
[ "$got" = "tireplay calibrate contention: warning: the fit misses bad_alltoall.txt's times by up to 71.5%, beyond --max-error 10.0% (the table above gives each row's error): equation 5 does not describe these measurements well; check them, or measure more sizes per n" ] &&
  ok contention_fit_warning || fail "contention_fit_warning: $got"

# 7. A sweep stopped by SIGTERM stops its replays: none lives on to write a run's summary later.
awk 'BEGIN { print "0 init"; print "1 init"; for (i = 0; i < 400000; i++) { print "0 send 1 0 100"; print "1 recv 0 0 100" }
             print "0 finalize"; print "1 finalize" }' > long.txt
"$tireplay" sweep --trace long.txt --platform $P --vary link.bw=1GBps,2GBps,3GBps,4GBps,5GBps,6GBps --parallel 2 \
  -o swi --plot none > /dev/null 2>&1 &
sweep=$!
sleep 1
kill -TERM $sweep
wait $sweep
rc=$?
before=$(ls swi/runs 2>/dev/null | grep -c '\.json$')
sleep 3
left=$(pgrep -f "swi/runs" | wc -l)
after=$(ls swi/runs 2>/dev/null | grep -c '\.json$')
[ $rc -eq 143 ] && [ "$left" -eq 0 ] && [ "$after" -eq "$before" ] && [ "$before" -lt 6 ] && ok sweep_term_stops_runs ||
  fail "sweep_term_stops_runs: exit $rc, $left replays left, $before run summaries at the stop, $after 3 s later"

# --progress: progress where standard error is not a terminal (a log): a line at the end at least.
got=$("$tireplay" replay --platform $P --trace t.txt --progress 2>&1 >/dev/null)
[[ $got == "[tireplay] 7 actions in "*" s of replay (set-up aside), "*" actions/s, 100% of the trace read" ]] &&
  ok progress_in_a_log ||
  fail "progress_in_a_log: $got"
# a compressed trace's text is not known in advance: no share of it (it said 100% read from the start)
grep '^0 ' t.txt | gzip > r0.txt.gz && grep '^1 ' t.txt | gzip > r1.txt.gz && printf 'r0.txt.gz\nr1.txt.gz\n' > gz_index.txt
got=$("$tireplay" replay --platform $P --trace gz_index.txt --progress 2>&1 >/dev/null)
[[ $got == "[tireplay] 7 actions in "*" s of replay (set-up aside), "*" actions/s" ]] && ok progress_compressed || fail "progress_compressed: $got"

# 8. The event log's bytes of the v-collectives: what the rank sends (alltoallv's rows said 0). Rank 0 sends 100 + 200
# in the alltoallv, rank 1 400 + 50; scatterv's root sends 10 + 20, the other rank nothing; reducescatter's ranks each
# give the 5 + 7 bytes reduced; gatherv and allgatherv send their send count.
printf '%s\n' "0 init" "1 init" "0 alltoallv 300 100 200 500 100 400" "1 alltoallv 450 400 50 250 200 50" \
  "0 scatterv 10 20 10" "1 scatterv 10 20 20" "0 reducescatter 5 7 0" "1 reducescatter 5 7 0" \
  "0 gatherv 10 10 20" "1 gatherv 20 10 20" "0 allgatherv 10 10 20" "1 allgatherv 20 10 20" > vcoll.txt
"$tireplay" replay --platform $P --trace vcoll.txt -q --events-csv vcoll.csv
got=$(awk -F, 'NR > 1 && $2 != "init" { print $1 " " $2 " " $6 }' vcoll.csv | paste -sd';')
want="0 alltoallv 300;0 scatterv 30;0 reducescatter 12;0 gatherv 10;0 allgatherv 10;"
want+="1 alltoallv 450;1 scatterv 0;1 reducescatter 12;1 gatherv 20;1 allgatherv 20"
[ "$got" = "$want" ] && ok events_csv_v_collective_bytes || fail "events_csv_v_collective_bytes: $got, want $want"

# 9. A sweep's outputs over the files of a directory trace (otf2ti's trace.txt, its rank files in
# trace.txt_files/), also through a jobs file: --emit-jobs replaced a rank's trace.
mkdir -p ti/trace.txt_files && grep '^0 ' t.txt > ti/trace.txt_files/rank0.txt &&
  grep '^1 ' t.txt > ti/trace.txt_files/rank1.txt &&
  printf '%s\n' trace.txt_files/rank0.txt trace.txt_files/rank1.txt > ti/trace.txt && printf 'a ti 2 0\n' > ti.jobs
cp ti/trace.txt_files/rank1.txt rank1.saved
S="sweep --platform $P --vary bw=1x,2x -q --plot none"
expect emit_jobs_over_dir_rank_file 2 "--emit-jobs ti/trace.txt_files/rank1.txt: is the input ti/trace.txt_files/rank1.txt: refusing to overwrite an input" -- $S --trace ti -o sti --emit-jobs ti/trace.txt_files/rank1.txt
cmp -s rank1.saved ti/trace.txt_files/rank1.txt && ok emit_jobs_left_rank_file ||
  fail "emit_jobs_left_rank_file: $(cat ti/trace.txt_files/rank1.txt)"
expect study_over_dir_rank_files 2 "-o ti/trace.txt_files: holds the input ti/trace.txt_files/rank0.txt: refusing to overwrite an input" -- $S --trace ti -o ti/trace.txt_files
expect emit_jobs_over_jobs_rank_file 2 "--emit-jobs ti/trace.txt_files/rank0.txt: is the input ti/trace.txt_files/rank0.txt: refusing to overwrite an input" -- $S --jobs-file ti.jobs -o stj --emit-jobs ti/trace.txt_files/rank0.txt
printf '%s\n' "h0" "h1" > job_hosts.txt && printf 'a t.txt 2 0 job_hosts.txt\n' > hosts.jobs
expect emit_jobs_over_job_hostfile 2 "--emit-jobs job_hosts.txt: is the input job_hosts.txt: refusing to overwrite an input" -- $S --jobs-file hosts.jobs -o sth --emit-jobs job_hosts.txt
"$tireplay" $S --trace ti -o ti/study --emit-jobs ti/jobs.txt && [ "$(wc -l < ti/jobs.txt)" -eq 2 ] &&
  ok emit_jobs_beside_dir_trace || fail "emit_jobs_beside_dir_trace"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
