#!/usr/bin/env bash
# tireplay sweep: a 3x3x2 sweep of a bundled trace writes 18 rows in the product's order, each equal to the time
# of the replay run by hand with the options the value stands for; --parallel 1 and 2 write the same CSV, and so do
# --emit-jobs + running the commands + `sweep collect`; `model` leaves only its operation to the models; a
# failed run is marked and the sweep goes on; bad --vary give exact messages.
# Usage: sweep.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -uo pipefail
tireplay=$1
src=$2
scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
trace=$src/traces/recorded/coll_basic/index.txt
platform=$src/platforms/cluster_figure5.xml
hosts=$src/platforms/hosts_figure5.txt
failures=0
ok() { echo "ok   $1"; }
fail() { echo "FAIL $1"; failures=$((failures + 1)); }
simulated() { python3 -c "import json, sys; print(repr(json.load(open(sys.argv[1]))['simulated_time']))" "$1"; }
same_number() { python3 -c "import sys; sys.exit(float(sys.argv[1]) != float(sys.argv[2]))" "$1" "$2"; }
# the SMPI default of each collective operation, as `tireplay algorithms` marks it
defaults=$("$tireplay" algorithms | awk '/^[a-z]/ { op = $1 } /^  \*/ { print op "=" $2 }')

# --- the 3x3x2 sweep, with 2 jobs
"$tireplay" sweep --trace "$trace" --platform "$platform" --vary bw=0.5x,1x,2x --vary lat=0.5x,1x,100us \
  --vary bcast=chain,model --parallel 2 -o study2 -- --hostfile "$hosts" 2> study2.err
status=$?
[ "$status" = 0 ] && ok "sweep exits 0" || fail "sweep exits $status: $(cat study2.err)"
[ "$(head -1 study2/results.csv)" = "run,bw,lat,bcast,predicted_seconds,status" ] && ok "CSV header" ||
  fail "CSV header: $(head -1 study2/results.csv)"
rows=$(tail -n +2 study2/results.csv | grep -c ',ok$')
[ "$rows" = 18 ] && ok "18 rows, all ok" || fail "$rows ok rows instead of 18"

# option_of KEY VALUE: the replay options a value stands for, written from the documentation
option_of() {
  case "$1=$2" in
    bw=*x) echo "--scale link.bw=${2%x}" ;;
    lat=*x) echo "--scale link.lat=${2%x}" ;;
    lat=*) echo "--set link.lat=$2" ;;
    bcast=model)
      echo "--select model"
      for d in $defaults; do [ "${d%%=*}" = bcast ] || echo "--coll $d"; done ;;
    bcast=*) echo "--select fixed --coll bcast=$2" ;;
  esac
}
k=0
order_ok=1
for bw in 0.5x 1x 2x; do
  for lat in 0.5x 1x 100us; do
    for bcast in chain model; do
      id=$(printf '%03d' $k)
      row=$(grep "^$id," study2/results.csv)
      IFS=, read -r _ got_bw got_lat got_bcast got_time got_status <<< "$row"
      [ "$got_bw,$got_lat,$got_bcast" = "$bw,$lat,$bcast" ] || order_ok=0
      # shellcheck disable=SC2046
      "$tireplay" replay --trace "$trace" --platform "$platform" --hostfile "$hosts" -q --json "single_$id.json" \
        $(option_of bw "$bw") $(option_of lat "$lat") $(option_of bcast "$bcast")
      expected=$(simulated "single_$id.json")
      if same_number "$got_time" "$expected"; then ok "run $id ($bw $lat $bcast): $got_time s"
      else fail "run $id ($bw $lat $bcast): sweep $got_time s, replay $expected s"; fi
      k=$((k + 1))
    done
  done
done
[ "$order_ok" = 1 ] && ok "rows in the product's order, the last --vary fastest" || fail "rows out of order"
if ! same_number "$(grep '^000,' study2/results.csv | cut -d, -f5)" "$(grep '^017,' study2/results.csv | cut -d, -f5)"; then
  ok "the variations change the time"
else fail "runs 000 and 017 predict the same time"; fi

# --- the same with 1 job: the same CSV; the picture has a panel per parameter; a wall time per run
"$tireplay" sweep --trace "$trace" --platform "$platform" --vary bw=0.5x,1x,2x --vary lat=0.5x,1x,100us \
  --vary bcast=chain,model --parallel 1 -o study1 -q -- --hostfile "$hosts"
cmp -s study1/results.csv study2/results.csv && ok "--parallel 1 and --parallel 2 write the same CSV" ||
  fail "--parallel 1 and --parallel 2 CSVs differ: $(diff study1/results.csv study2/results.csv | head -5)"
panels=$(grep -c -E '>(bw|lat|bcast)</(text|tspan)>' study2/sweep.svg)
[ "$panels" = 3 ] && ok "sweep.svg has the 3 panels" || fail "sweep.svg: $panels panel titles instead of 3"
[ "$(tail -n +2 study2/wall_times.csv | grep -c -E '^[0-9]{3},[0-9.e-]+$')" = 18 ] && ok "18 wall times" ||
  fail "wall_times.csv: $(cat study2/wall_times.csv)"

# --- --emit-jobs, the commands run one by one, then collect: the same CSV
"$tireplay" sweep --trace "$trace" --platform "$platform" --vary bw=0.5x,1x,2x --vary lat=0.5x,1x,100us \
  --vary bcast=chain,model -o study3 --emit-jobs jobs.txt -q -- --hostfile "$hosts"
[ "$(wc -l < jobs.txt)" = 18 ] && [ ! -e study3/results.csv ] && ok "--emit-jobs writes 18 commands, runs none" ||
  fail "--emit-jobs: $(wc -l < jobs.txt) commands, results.csv: $(ls study3)"
"$tireplay" sweep collect -o study3 -q --plot none 2> early.err
status=$?
[ "$status" = 1 ] && [ "$(grep -c ',missing$' study3/results.csv)" = 18 ] && ok "collect before the runs: 18 missing, exit 1" ||
  fail "collect before the runs: exit $status, $(cat early.err)"
while read -r line; do bash -c "$line"; done < jobs.txt
"$tireplay" sweep collect -o study3 -q
status=$?
[ "$status" = 0 ] && cmp -s study3/results.csv study2/results.csv && [ -s study3/sweep.svg ] &&
  ok "emit-jobs + commands + collect: the same CSV, and the picture" ||
  fail "emit-jobs + collect: exit $status, $(diff study3/results.csv study2/results.csv | head -5)"
# A run attempted again that failed (its trace gone) counts as failed, not with its earlier summary
sleep 0.01
(sed -n 1p jobs.txt | sed "s|--trace [^ ]*|--trace gone.txt|" | bash) 2> /dev/null
"$tireplay" sweep collect -o study3 -q --plot none 2> again.err
status=$?
[ "$status" = 1 ] && [ "$(grep -c ',failed$' study3/results.csv)" = 1 ] && grep -q "its last attempt failed" again.err &&
  ok "a run attempted again that failed: failed, exit 1" ||
  fail "a run attempted again that failed: exit $status, $(cat again.err), $(grep -c ',ok$' study3/results.csv) ok"
# A summary of another replay than its run's (a file copied over, a job line edited) counts as failed: run 001's
# summary copied over run 000's (another bcast)
cp study3/runs/001.json study3/runs/000.json
"$tireplay" sweep collect -o study3 -q --plot none 2> copied.err
status=$?
[ "$status" = 1 ] && grep -q '^000,.*,failed$' study3/results.csv &&
  grep -q "000.json: not a run summary (its options or fidelity are not those of the plan's run 000: the summary of another replay)" copied.err &&
  ok "a summary of another run: failed, exit 1" || fail "a summary of another run: exit $status, $(cat copied.err)"
# A plan written again (the same sweep, or another with --force) takes the earlier results with it: an interrupted
# sweep left them beside a plan they were not of
"$tireplay" sweep --trace "$trace" --platform "$platform" --vary bw=0.5x,1x,2x --vary lat=0.5x,1x,100us \
  --vary bcast=chain,model -o study3 --emit-jobs jobs_again.txt -q -- --hostfile "$hosts"
[ ! -e study3/results.csv ] && [ ! -e study3/wall_times.csv ] && [ ! -e study3/sweep.svg ] &&
  ok "a plan written again: no results of the earlier one left" || fail "a plan written again left $(ls study3)"
python3 -c "import json; p = json.load(open('study3/plan.json')); p['runs'] = []; json.dump(p, open('study3/plan.json', 'w'))"
got=$("$tireplay" sweep collect -o study3 2>&1); status=$?
[ "$status:$got" = "2:study3/plan.json: field 'runs': no run" ] && ok "a plan without runs: exit 2" ||
  fail "a plan without runs: exit $status, $got"
# --- `model` leaves only its own operation to the models: one bcast and one reduce of 1 MB on 4 ranks
for r in 0 1 2 3; do printf '%s bcast 1000000\n%s reduce 1000000 1e6\n' $r $r; done > collectives.txt
"$tireplay" sweep --trace collectives.txt --platform "$platform" --vary bcast=model,binomial \
  --vary reduce=model,binomial -o models -q -- --hostfile "$hosts"
# run 001 is bcast=model reduce=binomial: its command explains one bcast decision and no reduce decision
args=$(python3 -c "import json; print('\n'.join(json.load(open('models/plan.json'))['runs'][1]['args']))")
mapfile -t run_args <<< "$args"
"$tireplay" "${run_args[@]}" --explain explain_001.txt
chosen=$(awk '/^bcast on/ { b = 1 } b && $1 == "*" { print $2; exit }' explain_001.txt)
segment=$(awk '/^bcast on/ { b = 1 } b && $1 == "*" { print ($5 == "(segments" ? $7 : 0); exit }' explain_001.txt)
if [ "$(grep -c '^bcast on' explain_001.txt)" = 1 ] && ! grep -q '^reduce on' explain_001.txt && [ -n "$chosen" ]; then
  ok "bcast=model reduce=binomial: the models choose the bcast ($chosen), not the reduce"
else fail "bcast=model reduce=binomial explains: $(cat explain_001.txt)"; fi
"$tireplay" replay --trace collectives.txt --platform "$platform" --hostfile "$hosts" -q --json fixed.json \
  --coll bcast="$chosen" --coll reduce=binomial --segment-bytes "$segment"
same_number "$(grep '^001,' models/results.csv | cut -d, -f4)" "$(simulated fixed.json)" &&
  ok "bcast=model reduce=binomial times as --coll bcast=$chosen --coll reduce=binomial" ||
  fail "bcast=model: $(grep '^001,' models/results.csv) against $(simulated fixed.json)"

# --- a failed run is reported with its command and messages, marked, and the others run
head -2 "$hosts" > two_hosts.txt
"$tireplay" sweep --trace "$trace" --platform "$platform" --vary ranks-per-node=1,4 -o folding -q \
  -- --hostfile two_hosts.txt 2> folding.err
status=$?
"$tireplay" replay --trace "$trace" --platform "$platform" --hostfile two_hosts.txt --ranks-per-node 4 -q --json rpn4.json
if [ "$status" = 1 ] && grep -q '^000,1,,failed$' folding/results.csv && grep -q "sweep: this run failed: .* --ranks-per-node 1 " folding.err &&
   grep -q "two_hosts.txt: 4 ranks at 1 per node need 4 hosts but only 2 are listed" folding.err &&
   same_number "$(grep '^001,' folding/results.csv | cut -d, -f3)" "$(simulated rpn4.json)"; then
  ok "a failed run: reported, marked failed, the next one ran; exit 1"
else fail "failed run: exit $status, $(cat folding/results.csv folding.err)"; fi
# sweep resubmit where sbatch is not: exit 2, and the failed run's messages stay (they were removed first)
got=$(PATH=/nonexistent "$tireplay" sweep resubmit folding 2>&1); status=$?
[ "$status" = 2 ] && [ "$got" = "tireplay sweep: --submit slurm: sbatch is not in PATH (run the sweep where Slurm's commands are: a login node)" ] &&
  [ -s folding/runs/000.err ] && [ -s folding/runs/000.failed ] && ok "resubmit without sbatch: exit 2, the run's files kept" ||
  fail "resubmit without sbatch: exit $status, $got, $(ls folding/runs)"
got=$("$tireplay" sweep status folding); status=$?
[ "$status:$got" = "0:folding: 2 runs: 1 done, 1 failed, 0 running, 0 pending, 0 missing
failed: 000" ] && ok "status of a local study" || fail "status: exit $status, $got"
# A plan edited by hand: its runs' arguments are checked, the plan and run named
cp folding/plan.json folding/plan.saved
python3 -c "import json; p = json.load(open('folding/plan.json')); p['runs'][0]['args'] = []; json.dump(p, open('folding/plan.json', 'w'))"
got=$("$tireplay" sweep status folding 2>&1); status=$?
[ "$status:$got" = "2:folding/plan.json: run 000: field 'args' is not a replay writing folding/runs/000.json (replay ... --json folding/runs/000.json)" ] &&
  ok "a plan whose run has no arguments: exit 2" || fail "a run without arguments: exit $status, $got"
python3 -c "import json; p = json.load(open('folding/plan.saved')); p['runs'][1]['args'][-1] = '--bogus'; json.dump(p, open('folding/plan.json', 'w'))"
got=$("$tireplay" sweep collect -o folding 2>&1); status=$?
[ "$status:$got" = "2:folding/plan.json: run 001: field 'args': unrecognised option '--bogus'" ] &&
  ok "a plan whose run has an unknown option: exit 2 naming it" || fail "a run with --bogus: exit $status, $got"
mv folding/plan.saved folding/plan.json

# --- bad input: exact messages, exit 2
expect() {
  local name=$1 expected=$2
  shift 2
  local got rc
  got=$("$tireplay" sweep "$@" 2>&1 >/dev/null)
  rc=$?
  if [ "$rc" = 2 ] && [ "$got" = "$expected" ]; then ok "$name"
  else fail "$name: exit $rc, got: $got
  expected: $expected"; fi
}
ops=$("$tireplay" algorithms | awk '/^[a-z]/ { print $1 }' | paste -sd, - | sed 's/,/, /g')
bcasts=$("$tireplay" algorithms | awk '/^[a-z]/ { op = $1 } op == "bcast" && /^ / { sub(/^ +[*]? +/, ""); print $1 }' | paste -sd, - | sed 's/,/, /g')
base=(--trace "$trace" --platform "$platform" -o bad)
expect unknown_key "tireplay sweep: --vary 'foo=1,2': unknown key 'foo' (valid: link.bw (bw), link.lat (lat), host.speed (speed), host.quota (quota) (each optionally @ZONE), ranks-per-node, fidelity, job-delay@JOB, or a collective ($ops))" \
  "${base[@]}" --vary foo=1,2
expect bare_number "tireplay sweep: --vary 'bw=1x,2': '2' is neither a factor (2x) nor a value with its unit" "${base[@]}" --vary bw=1x,2
expect bad_unit "tireplay sweep: --vary 'lat@za=5GBps': --set 'lat@za=5GBps': cannot read '5GBps' as a link.lat with its unit (e.g. 10us)" \
  "${base[@]}" --vary lat@za=5GBps
expect zero_factor "tireplay sweep: --vary 'speed=0x': --scale 'speed=0': '0' is not a positive factor (write 2 or 2x)" "${base[@]}" --vary speed=0x
expect bad_algorithm "tireplay sweep: --vary 'bcast=binomial,nope': unknown bcast algorithm 'nope' (valid: $bcasts)" \
  "${base[@]}" --vary bcast=binomial,nope
# Values out of range: refused before any run, naming the run and its values (they failed run by run before)
expect bw_out_of_range "$platform with --scale/--set (run 001: bw=1e-310x): link 'mycluster_backbone': bandwidth 1.25e-301 bytes/s cannot be simulated (it must be between 1 and 1e+30)" "${base[@]}" --vary bw=1x,1e-310x
expect lat_out_of_range "$platform with --scale/--set (run 000: lat=1e300s): link 'mycluster_backbone': latency 1e+300 s cannot be simulated (it must be between 0 and 10000)" "${base[@]}" --vary lat=1e300s
expect speed_out_of_range "$platform with --scale/--set (run 000: speed=1e308x): host 'mycluster-0.mysite.fr': speed inf flop/s cannot be simulated (it must be between 1 and 1e+30)" "${base[@]}" --vary speed=1e308x
# Each run's changes checked from the platform as loaded: three runs of bw=1e-4x (12,500 B/s each) were 1.25 B/s
# for the second and 1.25e-4 B/s, refused, for the third when they compounded.
rm -rf compound
"$tireplay" sweep "${base[@]/bad/compound}" --vary bw=1e-4x --vary lat=1x,2x,3x -q > compound.out 2>&1 &&
  [ "$(grep -c ',ok' compound/results.csv)" = 3 ] && ok "checks_do_not_compound" ||
  fail "checks_do_not_compound: $(head -c 400 compound.out; cat compound/results.csv 2>/dev/null)"
expect fast_not_lv08 "tireplay sweep: --fidelity fast prices messages as SimGrid's SMPI network model does, not LV08 (use --fidelity full, or leave network/model at SMPI)" "${base[@]}" --vary fidelity=full,fast --cfg network/model:LV08
expect varied_twice "tireplay sweep: --vary: 'bw' is varied twice (give all its values in one --vary)" "${base[@]}" --vary bw=1x --vary bw=2x
expect empty_value "tireplay sweep: --vary 'bw=1x,,2x': empty value" "${base[@]}" --vary bw=1x,,2x
expect repeated_value "tireplay sweep: --vary 'bw=1x,1x': '1x' is given twice" "${base[@]}" --vary bw=1x,1x
expect bad_ranks_per_node "tireplay sweep: --vary 'ranks-per-node=0,2': '0' is not a positive number of ranks per node" \
  "${base[@]}" --vary ranks-per-node=0,2
expect reserved_option "tireplay sweep: '--coll=reduce=chain': the sweep sets --coll of each run itself" \
  "${base[@]}" --vary bcast=chain -- --coll=reduce=chain
expect no_vary "tireplay sweep: the option '--vary' is required but missing
(see tireplay sweep --help)" "${base[@]}"
expect no_parallel "tireplay sweep: --parallel must be at least 1
(see tireplay sweep --help)" "${base[@]}" --vary bw=1x --parallel 0
expect old_jobs_spelling "tireplay sweep: note: --jobs is now --parallel (-j); --jobs-file names a jobs file
tireplay sweep: --jobs must be at least 1
(see tireplay sweep --help)" "${base[@]}" --vary bw=1x --jobs -1
expect old_jobs_zero "tireplay sweep: note: --jobs is now --parallel (-j); --jobs-file names a jobs file
tireplay sweep: --jobs must be at least 1
(see tireplay sweep --help)" "${base[@]}" --vary bw=1x --jobs 0
expect no_trace "nothing.txt: no such trace file or directory" --trace nothing.txt --platform "$platform" -o bad --vary bw=1x
expect bad_plot "tireplay sweep: --plot: unknown format 'gif' (valid: svg, png, both, none)
(see tireplay sweep --help)" "${base[@]}" --vary bw=1x --plot gif
expect newline_study "tireplay sweep: -o 'bad\\x0ax': gnuplot cannot write a picture into a directory whose name holds a control character (a newline, a tab...): choose another name, or --plot none
(see tireplay sweep --help)" --trace "$trace" --platform "$platform" -o "bad
x" --vary bw=1x
[ ! -e "bad
x" ] && ok "newline_study: nothing run" || fail "newline_study: the runs were made"
# an index's rank file is an input too: --emit-jobs does not replace it
mkdir -p indexed && cp "$(dirname "$trace")"/* indexed/ && cp indexed/rank0.txt rank0.kept
expect emit_jobs_rank_file "--emit-jobs indexed/rank0.txt: is the input indexed/rank0.txt: refusing to overwrite an input" \
  --trace indexed/index.txt --platform "$platform" --vary bw=1x,2x -o study4 --emit-jobs indexed/rank0.txt -- --hostfile "$hosts"
cmp -s indexed/rank0.txt rank0.kept && ok "emit_jobs_rank_file: the rank file is intact" || fail "emit_jobs_rank_file: replaced"
expect cfg_collective "tireplay sweep: '--cfg smpi/bcast:NTSL': the sweep sets each run's collective algorithms itself (--coll, --select)" "${base[@]}" --vary bcast=binomial,flat --cfg smpi/bcast:NTSL
# a trace directory holding the study: the same sweep runs again (its study was taken for one of the trace's files)
mkdir -p tracedir && cp "$(dirname "$trace")"/rank*.txt tracedir/
"$tireplay" sweep --trace tracedir --platform "$platform" --vary bw=1x,2x -o tracedir/study -q --plot none -- --hostfile "$hosts" &&
  "$tireplay" sweep --trace tracedir --platform "$platform" --vary bw=1x,2x -o tracedir/study -q --plot none -- --hostfile "$hosts" &&
  ok "study inside a trace directory: runs again" || fail "study inside a trace directory: refused the second time"
expect collect_no_plan "nowhere/plan.json: cannot open the plan (run \`tireplay sweep ... -o nowhere\` first)" collect -o nowhere
[ ! -e bad ] && ok "bad input writes nothing" || fail "bad input wrote $(ls bad)"

# A directory holding another study is not overwritten without --force; the same sweep again runs again.
"$tireplay" sweep --trace "$trace" --platform "$platform" --vary bw=1x,2x -o kept -q --plot none
"$tireplay" sweep --trace "$trace" --platform "$platform" --vary bw=1x,2x -o kept -q --plot none &&
  ok "the same sweep runs again in its directory" || fail "the same sweep again: exit $?"
expect other_study \
  "kept: holds another study (2 runs varying bw, and its results); give --force to replace it, or another -o" \
  --trace "$trace" --platform "$platform" --vary lat=1x -o kept
[ -e kept/runs/001.json ] && ok "the other study's results are kept" || fail "kept/runs/001.json removed"
"$tireplay" sweep --trace "$trace" --platform "$platform" --vary lat=1x -o kept -q --plot none --force &&
  [ ! -e kept/runs/001.json ] && ok "--force replaces it" || fail "--force: kept/runs/001.json still there or exit $?"

if [ "$failures" -gt 0 ]; then
  echo "$failures sweep checks failed"
  exit 1
fi
echo "all sweep checks passed"
