#!/usr/bin/env bash
# Open MPI's rsh agent for the lab (tools/lab/lab.sh): called as `agent.sh [rsh options] HOST COMMAND...`, it runs
# COMMAND in HOST's network namespace, under a UTS namespace named HOST, on the core lab.sh gave the node.
set -euo pipefail
while [ $# -gt 0 ] && [[ $1 == -* ]]; do shift; done  # ssh-style options Open MPI may pass
host=$1
shift
core=$(cat "/run/tireplay-lab/core_$host")  # written by lab.sh up
if [ -f "/run/tireplay-lab/cgroup_$host" ]; then  # a CPU quota: this process and what it starts
  echo $$ > "$(cat "/run/tireplay-lab/cgroup_$host")/cgroup.procs"
fi
exec taskset -c "$core" ip netns exec "$host" unshare --uts bash -c "hostname $host; $*"
