#!/usr/bin/env bash
# `tireplay sweep --submit slurm` against a real Slurm started here (tests/slurm/local_slurm.sh): a 3x3 sweep
# submitted as job arrays gives the same results.csv as the local `--parallel 2` sweep, byte for byte; a task
# cancelled leaves its runs missing, `sweep status` names them, `sweep resubmit` runs only them, and the CSV is the
# local one again; a missing sbatch and a refused submission are clear errors (exit 2). Every daemon started is
# stopped, whatever happens.
# usage: sweep_slurm.sh BUILD_DIR SOURCE_DIR WORK_DIR   (exit 77: skipped, not root; exit 1 when Slurm cannot start)
set -uo pipefail
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd) work=$3
if [ "$(id -u)" -ne 0 ]; then
  echo "sweep_slurm: SKIP (needs root: slurmd runs each job as its owner; CI runs as root)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
work=$(pwd)
tireplay=$build/tireplay
trap 'bash "$src/tests/slurm/local_slurm.sh" stop "$work/slurm"' EXIT
if ! started=$(bash "$src/tests/slurm/local_slurm.sh" start "$work/slurm" 2>&1); then
  echo "FAIL Slurm did not start here: $started"
  exit 1
fi
export "${started?}"  # SLURM_CONF=...
failures=0
ok() { echo "ok   $1"; }
fail() { echo "FAIL $1"; failures=$((failures + 1)); }
sweep=(--trace "$src/traces/recorded/coll_basic/index.txt" --platform "$src/platforms/cluster_figure5.xml"
  --vary bw=0.5x,1x,2x --vary lat=0.5x,1x,2x)

"$tireplay" sweep "${sweep[@]}" -o local --parallel 2 -q || fail "the local sweep: exit $?"

# Submitted in tasks of 2 runs (5 tasks), gathered once the queue is empty: the local CSV
job=$("$tireplay" sweep "${sweep[@]}" -o slurm1 --submit slurm --runs-per-task 2 -q)
status=$?
[[ $status = 0 && $job =~ ^[0-9]+$ ]] && ok "submitted as job array $job" || fail "submit: exit $status, '$job'"
timeout 300 "$tireplay" sweep collect -o slurm1 --wait --poll 0.5 -q
status=$?
[ "$status" = 0 ] && cmp -s local/results.csv slurm1/results.csv &&
  ok "collect --wait: the local sweep's results.csv, byte for byte" ||
  fail "collect --wait: exit $status, $(diff local/results.csv slurm1/results.csv | head -5)"
got=$("$tireplay" sweep status slurm1)
[ "$got" = "slurm1: 9 runs: 9 done, 0 failed, 0 running, 0 pending, 0 missing" ] && ok "status: $got" ||
  fail "status: $got"

# Held, one task cancelled, released: its 3 runs are missing; resubmitted, they alone run again
job=$("$tireplay" sweep "${sweep[@]}" -o slurm2 --submit slurm --runs-per-task 3 --sbatch "--hold" -q)
got=$("$tireplay" sweep status slurm2)
[ "$got" = "slurm2: 9 runs: 0 done, 0 failed, 0 running, 9 pending, 0 missing" ] && ok "held: $got" ||
  fail "held: $got"
scancel "${job}_1" && scontrol release "$job"
timeout 300 "$tireplay" sweep collect -o slurm2 --wait --poll 0.5 -q 2> /dev/null
status=$?
got=$("$tireplay" sweep status slurm2)
[ "$status" = 1 ] && [ "$got" = "slurm2: 9 runs: 6 done, 0 failed, 0 running, 0 pending, 3 missing
missing: 003, 004, 005" ] && ok "a task cancelled: its runs missing, exit 1" || fail "cancelled task: exit $status, $got"
again=$("$tireplay" sweep resubmit slurm2 --sbatch "--comment=again" 2> resubmit.err)
grep -q "3 runs resubmitted as job array $again: 003, 004, 005" resubmit.err && ok "resubmit: the 3 missing runs" ||
  fail "resubmit: $(cat resubmit.err)"
timeout 300 "$tireplay" sweep collect -o slurm2 --wait --poll 0.5 -q
status=$?
[ "$status" = 0 ] && cmp -s local/results.csv slurm2/results.csv && ok "after the resubmission: the local CSV" ||
  fail "after the resubmission: exit $status, $(diff local/results.csv slurm2/results.csv | head -5)"
got=$("$tireplay" sweep resubmit slurm2 2>&1)
[ "$got" = "sweep: nothing to resubmit in slurm2: every run is done or queued" ] && ok "nothing left to resubmit" ||
  fail "resubmit when all are done: $got"

# Errors: no sbatch in PATH, a submission sbatch refuses
got=$(PATH=/nonexistent "$tireplay" sweep "${sweep[@]}" -o nosbatch --submit slurm --runs-per-task 1 2>&1)
status=$?
[ "$status:$got" = "2:tireplay sweep: --submit slurm: sbatch is not in PATH (run the sweep where Slurm's commands are: a login node)" ] &&
  ok "no sbatch: exit 2" || fail "no sbatch: exit $status, $got"
got=$("$tireplay" sweep "${sweep[@]}" -o refused --submit slurm --runs-per-task 1 --sbatch "--partition=nosuch" 2>&1)
status=$?
[ "$status" = 2 ] && [[ $got == "tireplay sweep: sbatch refused the job array (exit 1): sbatch: error: Batch job submission failed: Invalid partition name specified"* ]] &&
  ok "a refused submission: exit 2 with sbatch's message" || fail "refused submission: exit $status, $got"

[ "$failures" -eq 0 ] || exit 1
echo "sweep_slurm: every check passed"
