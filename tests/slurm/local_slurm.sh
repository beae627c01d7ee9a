#!/usr/bin/env bash
# local_slurm.sh — a real Slurm on this machine, for the tests: munged (on a socket of its own, with a key of its
# own), slurmctld and slurmd, from a configuration generated in DIR, on ports of their own. Nothing of the machine's
# Slurm or munge configuration is read or changed. Needs root (slurmd runs jobs as their owner) and Debian's
# slurm-wlm and munge (tools/setup.sh installs them).
#
# usage: local_slurm.sh start DIR   starts the daemons, waits until the node is idle (30 s at most), prints
#                                   "SLURM_CONF=DIR/slurm.conf" (export it for sbatch, squeue, scancel, sinfo)
#        local_slurm.sh stop DIR    cancels the jobs, stops every daemon started in DIR by its pid (and the job steps
#                                   slurmd left), whatever state they are in
# Exit 2 with what failed when a daemon does not start (its log's last lines on stderr).
set -uo pipefail
action=${1:-} dir=${2:-}
if [ -z "$action" ] || [ -z "$dir" ]; then
  echo "usage: $0 start|stop DIR" >&2
  exit 2
fi

fail() {
  echo "local_slurm: $*" >&2
  exit 2
}

stop() {
  [ -f "$dir/slurm.conf" ] && SLURM_CONF="$dir/slurm.conf" timeout 10 scancel --quiet --full --user root 2>/dev/null
  # slurmd's job steps (slurmstepd) outlive it: those working in our directory
  for pid in $(pgrep -x slurmstepd); do
    case $(readlink "/proc/$pid/cwd") in "$dir" | "$dir"/*) kill -9 "$pid" 2>/dev/null ;; esac
  done
  for daemon in slurmd slurmctld munged; do
    local pid
    pid=$(cat "$dir/$daemon.pid" 2>/dev/null) || continue
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || continue
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
    rm -f "$dir/$daemon.pid"
  done
  return 0
}

case $action in
stop)
  dir=$(cd "$dir" 2> /dev/null && pwd -P || echo "$dir")
  stop
  exit 0
  ;;
start) ;;
*) fail "unknown action '$action' (start or stop)" ;;
esac

[ "$(id -u)" -eq 0 ] || fail "needs root (slurmd runs each job as its owner)"
for program in munged slurmctld slurmd sbatch sinfo; do
  command -v $program > /dev/null || fail "$program is not installed (tools/setup.sh installs slurm-wlm and munge)"
done
mkdir -p "$dir/state" "$dir/spool" || fail "cannot create $dir"
dir=$(cd "$dir" && pwd -P)
chmod 755 "$dir"
# A key of our own: munged wants it private to its user
head -c 1024 /dev/urandom > "$dir/munge.key" && chmod 600 "$dir/munge.key" || fail "cannot write $dir/munge.key"
munged --force --socket="$dir/munge.sock" --key-file="$dir/munge.key" --pid-file="$dir/munged.pid" \
  --log-file="$dir/munged.log" --seed-file="$dir/munge.seed" 2> "$dir/munged.err" ||
  fail "munged did not start: $(tail -3 "$dir/munged.err" "$dir/munged.log" 2>/dev/null)"
host=$(hostname)
port=$((20000 + $$ % 20000 * 2))  # two ports of our own: another test's Slurm may run beside
cat > "$dir/slurm.conf" <<CONF
ClusterName=tireplay
SlurmctldHost=$host
SlurmUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$dir/munge.sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF" 2> "$dir/slurmctld.err" ||
  { stop; fail "slurmctld did not start: $(tail -3 "$dir/slurmctld.err" "$dir/slurmctld.log" 2>/dev/null)"; }
slurmd -f "$SLURM_CONF" 2> "$dir/slurmd.err" ||
  { stop; fail "slurmd did not start: $(tail -3 "$dir/slurmd.err" "$dir/slurmd.log" 2>/dev/null)"; }
for _ in $(seq 60); do
  [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && { echo "SLURM_CONF=$SLURM_CONF"; exit 0; }
  sleep 0.5
done
state=$(sinfo -h -o %T 2>&1)
stop
fail "the node is not idle after 30 s (sinfo: ${state:-nothing}); slurmctld.log: $(tail -3 "$dir/slurmctld.log")"
