#!/usr/bin/env bash
# The lab: an emulated cluster on this machine, for what-if checks against real runs (docs/lab.md).
# Each node is a network namespace `tirlab<N>` with a veth link to the bridge `tirlab-br` in the root namespace,
# address 10.77.0.<N>/24, a name `tirlab<N>` in /etc/hosts (lines marked `# tireplay-lab`), and the core it runs on
# (/run/tireplay-lab/core_<node>).
# Open MPI starts its daemons there through tools/lab/agent.sh, which gives each node its own host name (Open MPI
# 4.1 aborts when two nodes share one) and pins it to its cores (without that, each node binds its rank to core 0).
#
#   lab.sh up [--nodes N] [--rate RATE] [--cpu NODE=PERCENT]...
#                                            make N nodes (1 to 4, default 2); RATE shapes each node's link with
#                                            tbf (e.g. 100mbit; default: unshaped); --cpu gives node NODE that share
#                                            of its core (cgroup v1 cpu quota, e.g. 2=50: a node at half speed)
#                                            [--bottleneck RATE]: every node's traffic into the bridge also goes
#                                            through one device shaped at RATE (an ifb), a link all flows share
#                                            [--burst BYTES]: the token bucket (default 0.6 ms at RATE, >= 3000)
#                                            [--queue TIME]: the longest a packet waits in the shaped link's FIFO
#                                            (tbf's latency; default 100ms, as the campaign ran; e.g. 5ms)
#   lab.sh run [--nodes N] [--rate RATE] [--ranks-per-node K] -- COMMAND...
#                                            make the lab, run COMMAND with $LAB_MPIRUN_OPTS set to the mpirun
#                                            options that use it (--host with K slots a node, the agent, the TCP
#                                            interface), tear down
#   lab.sh down                              remove every namespace, link and hosts line a lab made (also one a
#                                            killed run left)
#   lab.sh status                            what a lab left on this machine, if anything
# Needs root, iproute2 (ip, tc with tbf), util-linux (unshare, taskset). Exit status: 0, 2 when it cannot make the
# lab (the message says why), or COMMAND's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefix=tirlab bridge=tirlab-br net=10.77.0 hosts_mark="# tireplay-lab" state=/run/tireplay-lab
cgroups=/sys/fs/cgroup/cpu

die() { echo "lab: $*" >&2; exit 2; }

check() {
  [ "$(id -u)" -eq 0 ] || die "needs root (network namespaces, veth links, tc)"
  for tool in ip tc unshare taskset; do
    command -v "$tool" > /dev/null || die "needs $tool (Debian: iproute2, util-linux)"
  done
  ip netns add "${prefix}-probe" 2> /dev/null || die "cannot make a network namespace here (ip netns add failed)"
  ip netns del "${prefix}-probe"
}

down() {
  local ns link
  for ns in $(ip netns list 2> /dev/null | awk -v p="$prefix" 'index($1, p) == 1 { print $1 }'); do
    ip netns pids "$ns" 2> /dev/null | xargs -r kill -9 2> /dev/null || true
    ip netns del "$ns" 2> /dev/null || true
  done
  for link in $(ip -o link show 2> /dev/null | awk -F': ' -v p="$prefix" 'index($2, p) == 1 { sub(/@.*/, "", $2); print $2 }'); do
    ip link del "$link" 2> /dev/null || true
  done
  if grep -q "$hosts_mark" /etc/hosts 2> /dev/null; then
    local kept
    kept=$(grep -v "$hosts_mark" /etc/hosts)
    printf '%s\n' "$kept" > /etc/hosts  # in place: /etc/hosts may be a bind mount
  fi
  local group
  for group in "$cgroups/$prefix"*; do
    [ -d "$group" ] || continue
    xargs -r kill -9 < "$group/cgroup.procs" 2> /dev/null || true
    for _ in 1 2 3 4 5; do rmdir "$group" 2> /dev/null && break; sleep 0.2; done
  done
  rm -rf "$state"
}

status() {
  ip netns list 2> /dev/null | awk -v p="$prefix" 'index($1, p) == 1 { print "namespace " $1 }'
  ip -o link show 2> /dev/null | awk -F': ' -v p="$prefix" 'index($2, p) == 1 { sub(/@.*/, "", $2); print "link " $2 }'
  grep "$hosts_mark" /etc/hosts 2> /dev/null | sed 's/^/hosts /' || true
  local group
  for group in "$cgroups/$prefix"*; do [ -d "$group" ] && echo "cgroup $group"; done
  return 0
}

# burst_of RATE: the token bucket of a link at RATE, in bytes: --burst, else what 0.6 ms at RATE sends, 3000 at
# least. A message that fits the bucket passes at once when it is full, and a ping-pong refills it while the other
# side answers: with 64 KiB at 100mbit, ping-pongs of 1 to 64 KiB ran at 185-190 Mbit/s while a stream of the same
# messages ran at 95 (docs/lab.md). Smaller buckets keep that to the smallest messages, down to where the link no
# longer reaches its rate: at 100mbit, 1600 bytes gave 70 Mbit/s one way, 3000 bytes 86 Mbit/s each way in a
# stencil's exchanges (7500: 93); 12500 at 1gbit gave 870 one way.
burst_of() {
  if [ -n "$burst" ]; then echo "$burst"; return; fi
  local rate=${1,,} scale
  case $rate in
    *gbit) scale=1000000000 ;; *mbit) scale=1000000 ;; *kbit) scale=1000 ;; *bit) scale=1 ;;
    *) echo 64kb; return ;;
  esac
  local number=${rate%%[a-z]*}
  awk -v n="$number" -v s="$scale" 'BEGIN { b = n * s / 8 * 0.0006; if (b < 3000) b = 3000; printf "%d\n", b }'
}

# up NODES RATE BOTTLENECK [NODE=PERCENT...]
up() {
  local nodes=$1 rate=$2 bottleneck=$3 cores
  shift 3
  cores=$(nproc)
  [[ $nodes =~ ^[1-4]$ ]] || die "--nodes: '$nodes' is not 1 to 4"
  local quota
  for quota in "$@"; do  # checked before anything is made
    [[ $quota =~ ^([1-4])=([1-9][0-9]?|100)$ ]] && [ "${BASH_REMATCH[1]}" -le "$nodes" ] ||
      die "--cpu: '$quota' is not NODE=PERCENT (a node of the lab, 1 to 100 percent)"
    [ -d "$cgroups" ] || die "--cpu needs the cgroup v1 cpu controller ($cgroups)"
  done
  check
  down
  ip link add "$bridge" type bridge
  ip addr add "$net.254/24" dev "$bridge"
  ip link set "$bridge" up
  if [ -n "$bottleneck" ]; then  # the shared link: an ifb every node's ingress is redirected through
    ip link add "$prefix-ifb" type ifb || die "--bottleneck needs an ifb device (ip link add ... type ifb failed)"
    ip link set "$prefix-ifb" up
    tc qdisc replace dev "$prefix-ifb" root tbf rate "$bottleneck" burst "$(burst_of "$bottleneck")" latency "$queue" ||
      die "tc cannot shape at '$bottleneck' (tbf)"
  fi
  local n
  for n in $(seq 1 "$nodes"); do
    local ns=$prefix$n
    ip netns add "$ns"
    ip link add "$prefix-v$n" type veth peer name eth0 netns "$ns"
    ip link set "$prefix-v$n" master "$bridge" up
    if [ -n "$bottleneck" ]; then
      tc qdisc add dev "$prefix-v$n" ingress &&
        tc filter add dev "$prefix-v$n" parent ffff: protocol all u32 match u32 0 0 \
          action mirred egress redirect dev "$prefix-ifb" ||
        die "--bottleneck: tc cannot redirect $prefix-v$n's traffic (ingress, u32, mirred)"
    fi
    ip -n "$ns" addr add "$net.$n/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip -n "$ns" link set lo up
    if [ -n "$rate" ]; then
      tc -n "$ns" qdisc replace dev eth0 root tbf rate "$rate" burst "$(burst_of "$rate")" latency "$queue" ||
        die "tc cannot shape at '$rate' (tbf)"
    fi
    echo "$net.$n $ns $hosts_mark" >> /etc/hosts
    mkdir -p "$state" && echo "$(( (n - 1) % cores ))" > "$state/core_$ns"  # read by agent.sh
  done
  for quota in "$@"; do  # NODE=PERCENT: the node's processes in a cgroup with that share of one core
    [[ $quota =~ ^([1-4])=([0-9]+)$ ]]
    local group=$cgroups/$prefix${BASH_REMATCH[1]}
    mkdir -p "$group" || die "--cpu: cannot make the cgroup $group"
    echo 100000 > "$group/cpu.cfs_period_us"
    echo $((BASH_REMATCH[2] * 1000)) > "$group/cpu.cfs_quota_us"
    echo "$group" > "$state/cgroup_$prefix${BASH_REMATCH[1]}"  # read by agent.sh
  done
}

command=${1:-}
shift || true
nodes=2 rate="" bottleneck="" burst="" queue=100ms per_node=1 quotas=()
while [ $# -gt 0 ]; do
  case $1 in
    --nodes) nodes=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --burst) burst=$2; shift 2 ;;
    --queue) queue=$2; shift 2 ;;
    --ranks-per-node) per_node=$2; shift 2 ;;
    --cpu) quotas+=("$2"); shift 2 ;;
    --bottleneck) bottleneck=$2; shift 2 ;;
    --) shift; break ;;
    *) [ "$command" = run ] && break; die "unknown option '$1' (see the head of $0)" ;;
  esac
done
[[ $queue =~ ^[0-9]+(\.[0-9]+)?(us|ms|s)$ ]] || die "--queue: '$queue' is not a time such as 5ms"
case $command in
  up) up "$nodes" "$rate" "$bottleneck" ${quotas[@]+"${quotas[@]}"}; echo "lab: $nodes node(s) up${rate:+, links at $rate}" ;;
  down) down ;;
  status) status ;;
  run)
    [ $# -gt 0 ] || die "run: give the command after --"
    trap down EXIT
    trap 'exit 130' INT TERM
    up "$nodes" "$rate" "$bottleneck" ${quotas[@]+"${quotas[@]}"}
    [[ $per_node =~ ^[1-9][0-9]?$ ]] || die "--ranks-per-node: '$per_node' is not 1 to 99"
    hostlist=$(seq -f "$prefix%g:$per_node" 1 "$nodes" | paste -sd, -)
    # osc pt2pt: Open MPI 4.1's default one-sided component (osc/rdma) fails MPI_Win_allocate over TCP between nodes
    export LAB_MPIRUN_OPTS="--host $hostlist --bind-to none --mca plm_rsh_agent $here/agent.sh --mca btl tcp,self,vader \
--mca btl_tcp_if_include $net.0/24 --mca oob_tcp_if_include $net.0/24 --mca osc pt2pt"
    # In the background, in its own process group, so that a signal reaches this script at once (bash runs traps
    # only between foreground commands) and stops the whole command before the lab is taken down.
    setsid "$@" &
    child=$!
    trap 'kill -TERM -- -$child 2> /dev/null; wait $child 2> /dev/null || true; exit 130' INT TERM
    status=0
    wait "$child" || status=$?
    exit "$status"
    ;;
  *) die "usage: lab.sh up|run|down|status [--nodes N] [--rate RATE] [--burst BYTES] [--queue TIME]"\
" [--bottleneck RATE] [--cpu NODE=PERCENT] [--ranks-per-node K] [-- COMMAND...]" ;;
esac
