#!/usr/bin/env bash
# Bad one-sided traces (docs/trace-format.md section 12): each gives its exact FILE:LINE message and exit 2, or,
# when the ranks' lines together never end, the deadlock report (exit 3) naming the blocked ranks' lines.
# Usage: rma_errors.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -uo pipefail
tireplay=$1
src=$2
scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0
source "$src/tests/cli/expect.sh"
trace() { printf '%s\n' "${@:2}" > "$1"; }
run=(replay --platform "$src/platforms/cluster_16.xml" --quiet --trace)
# Rank 1's side of a window: created and freed.
other=("1 win_create 1" "1 win_free 1")

trace no_epoch.txt "0 win_create 1" "0 put 1 1 100" "0 win_free 1" "${other[@]}"
expect outside_epoch 2 "no_epoch.txt:2: put: target 1 of window 1 is outside an access epoch (no win_fence, win_start or win_lock before it)
    0 put 1 1 100" -- "${run[@]}" no_epoch.txt
trace unknown_window.txt "0 win_create 1" "0 win_lock_all 1" "0 get 2 1 100" "${other[@]}"
expect unknown_window 2 "unknown_window.txt:3: get: window 2 is not created by an earlier win_create (or was freed)
    0 get 2 1 100" -- "${run[@]}" unknown_window.txt
trace freed.txt "0 win_create 1" "0 win_free 1" "0 win_fence 1" "${other[@]}"
expect freed_window 2 "freed.txt:3: win_fence: window 1 is not created by an earlier win_create (or was freed)
    0 win_fence 1" -- "${run[@]}" freed.txt
# A wait after the free of a window with no request left: the window is unknown; an index is not negative...
trace wait_freed.txt "0 win_create 1" "0 win_lock_all 1" "0 rput 1 1 8" "0 wait_rma 1 1" "0 win_unlock_all 1" \
  "0 win_free 1" "0 wait_rma 1 1" "${other[@]}"
expect wait_freed_window 2 "wait_freed.txt:7: wait_rma: window 1 is not created by an earlier win_create (or was freed)
    0 wait_rma 1 1" -- "${run[@]}" wait_freed.txt
trace wait_index.txt "0 win_create 1" "0 win_lock_all 1" "0 rput 1 1 8" "0 wait_rma 1 1 -1" "${other[@]}"
expect wait_negative_index 2 "wait_index.txt:4: wait_rma: field 'index' is negative (expected: wait_rma <win> <target> [<index>])
    0 wait_rma 1 1 -1" -- "${run[@]}" wait_index.txt
# ... nor beyond the requests in flight to its target, before the free or after it (it was accepted, and waited for
# nothing, where a wait after the free with none left was refused)
trace wait_beyond.txt "0 win_create 1" "0 win_lock_all 1" "0 rput 1 1 8" "0 wait_rma 1 1 1" "${other[@]}"
expect wait_index_beyond 2 "wait_beyond.txt:4: wait_rma: field 'index' is 1, but window 1 has 1 request in flight to target 1 (rput, rget, raccumulate, rget_accumulate not waited yet; 0 is the oldest) (expected: wait_rma <win> <target> [<index>])
    0 wait_rma 1 1 1" -- "${run[@]}" wait_beyond.txt
trace wait_none.txt "0 win_create 1" "0 win_lock_all 1" "0 rget 1 1 8" "0 wait_rma 1 0" "${other[@]}"
expect wait_no_request_to_target 2 "wait_none.txt:4: wait_rma: field 'index' is 0, but window 1 has no request in flight to target 0 (rput, rget, raccumulate, rget_accumulate not waited yet; 0 is the oldest) (expected: wait_rma <win> <target> [<index>])
    0 wait_rma 1 0" -- "${run[@]}" wait_none.txt
trace wait_freed_beyond.txt "0 win_create 1" "0 win_lock_all 1" "0 rput 1 1 8" "0 rput 1 1 8" "0 win_unlock_all 1" \
  "0 win_free 1" "0 wait_rma 1 1 1" "0 wait_rma 1 1 1" "${other[@]}"
expect wait_freed_index_beyond 2 "wait_freed_beyond.txt:8: wait_rma: field 'index' is 1, but window 1 has 1 request in flight to target 1 (rput, rget, raccumulate, rget_accumulate not waited yet; 0 is the oldest) (expected: wait_rma <win> <target> [<index>])
    0 wait_rma 1 1 1" -- "${run[@]}" wait_freed_beyond.txt
# A window created again under the id of a freed one keeps its requests (the replay finds them by id)
trace wait_recreated.txt "0 win_create 1" "0 win_lock_all 1" "0 rput 1 1 8" "0 win_unlock_all 1" "0 win_free 1" \
  "0 win_create 1" "0 wait_rma 1 1" "0 win_free 1" "${other[@]}" "${other[@]}"
expect wait_recreated_window 0 "" -- "${run[@]}" wait_recreated.txt
# ... on the same communicator only: on another, wait_rma's target named a rank of the old one to the reader and of
# the new one to the replay (a hostile trial's)
trace wait_recreated_comm.txt "0 comm_split 1 2 1 0" "0 win_create 1" "0 win_lock_all 1" "0 rput 1 1 8" \
  "0 win_unlock_all 1" "0 win_free 1" "0 win_create 1 comm=1" "0 wait_rma 1 0" "0 win_free 1" \
  "1 comm_split 1 2 1 0" "1 win_create 1" "1 win_free 1" "1 win_create 1 comm=1" "1 win_free 1"
expect wait_recreated_other_comm 2 "wait_recreated_comm.txt:7: win_create: window 1 still has requests of its previous creation not waited, on another communicator: wait_rma's target would name a rank of either (wait them first, or use another id)
    0 win_create 1 comm=1" -- "${run[@]}" wait_recreated_comm.txt
trace target.txt "0 win_create 1" "0 win_fence 1" "0 accumulate 1 2 100" "1 win_create 1" "1 win_fence 1"
expect target_outside_group 2 "target.txt:3: accumulate: field 'target' is not a rank of a communicator of size 2: '2' (expected: accumulate <win> <target> <bytes>)
    0 accumulate 1 2 100" -- "${run[@]}" target.txt
# A window on a communicator of one rank: rank 1 is not in its group.
trace sub.txt "0 comm_split 1 1 0" "0 win_create 1 comm=1" "0 win_lock 1 1 shared" "1 init"
expect target_outside_communicator 2 "sub.txt:3: win_lock: field 'target' is not a rank of a communicator of size 1: '1' (expected: win_lock <win> <target> <exclusive|shared> [nocheck])
    0 win_lock 1 1 shared" -- "${run[@]}" sub.txt
trace open_lock.txt "0 win_create 1" "0 win_lock 1 1 exclusive" "0 win_free 1" "${other[@]}"
expect free_with_lock 2 "open_lock.txt:3: win_free: window 1 still has an epoch open (win_lock of target 1 without win_unlock)
    0 win_free 1" -- "${run[@]}" open_lock.txt
trace unlock.txt "0 win_create 1" "0 win_unlock 1 1" "${other[@]}"
expect unlock_unlocked 2 "unlock.txt:2: win_unlock: target 1 of window 1 is not locked
    0 win_unlock 1 1" -- "${run[@]}" unlock.txt
trace flush.txt "0 win_create 1" "0 win_fence 1" "0 win_flush 1 1" "${other[@]}"
expect flush_outside_passive 2 "flush.txt:3: win_flush: target 1 of window 1 is not in a passive-target epoch (no win_lock or win_lock_all before it)
    0 win_flush 1 1" -- "${run[@]}" flush.txt
trace lock_type.txt "0 win_create 1" "0 win_lock 1 1 maybe" "${other[@]}"
expect lock_type 2 "lock_type.txt:2: win_lock: field 'type' is neither 'exclusive' nor 'shared': 'maybe' (expected: win_lock <win> <target> <exclusive|shared> [nocheck])
    0 win_lock 1 1 maybe" -- "${run[@]}" lock_type.txt
trace twice.txt "0 win_create 1" "0 win_lock_all 1" "0 win_lock 1 1 shared" "${other[@]}"
expect lock_under_lock_all 2 "twice.txt:3: win_lock: target 1 of window 1 is already locked (win_lock_all)
    0 win_lock 1 1 shared" -- "${run[@]}" twice.txt
trace complete.txt "0 win_create 1" "0 win_complete 1" "${other[@]}"
expect complete_without_start 2 "complete.txt:2: win_complete: no win_start on window 1 before it
    0 win_complete 1" -- "${run[@]}" complete.txt
trace group.txt "0 win_create 1" "0 win_post 1 2 1 1" "${other[@]}"
expect group_twice 2 "group.txt:2: win_post: rank 1 is listed twice
    0 win_post 1 2 1 1" -- "${run[@]}" group.txt
trace comm.txt "0 win_create 1" "0 win_fence 1" "0 put 1 1 100 comm=0" "${other[@]}"
expect comm_on_transfer 2 "comm.txt:3: put: field 'comm' belongs to win_create (a window keeps the communicator it was created on)
    0 put 1 1 100 comm=0" -- "${run[@]}" comm.txt
trace created.txt "0 win_create 1" "0 win_create 1" "${other[@]}"
expect created_twice 2 "created.txt:2: win_create: window 1 is already created (win_free it first)
    0 win_create 1" -- "${run[@]}" created.txt
trace id.txt "0 win_create 1000001" "${other[@]}"
expect window_id 2 "id.txt:1: win_create: field 'win' must be between 1 and 1000000 (expected: win_create <win> [bytes])
    0 win_create 1000001" -- "${run[@]}" id.txt
# Rank 0 starts an access epoch that rank 1 never exposes: both ranks' lines are named.
trace nopost.txt "0 win_create 1" "0 win_start 1 1 1" "0 win_complete 1" "0 win_free 1" "${other[@]}"
expect start_without_post 3 "tireplay: the replay ended with 2 ranks blocked:
  rank 0: blocked in win_start at nopost.txt:2
  rank 1: blocked in win_free at nopost.txt:6
tireplay: a trace of a run that ended deadlocks when it is cut short, when the program relied on MPI's buffering (a large send blocks here until it is received), or when its tracer left calls out (smpirun -trace-ti leaves out MPI_Sendrecv with an MPI_PROC_NULL half and sendRecv's tags: README, \"Record a trace of your MPI program\")
tireplay: 1 message was sent but never received:
  rank 1 -> rank 0: a message of the barrier, communicator 0, 0 bytes (nopost.txt:6)
tireplay: 1 receive never got a message:
  rank 1 <- rank 0: a message of the barrier, communicator 0 (nopost.txt:6)" -- "${run[@]}" nopost.txt
# A trace that ends with an epoch open (a lock held: it blocked the other origin for good, reported as a deadlock)
trace held.txt "0 win_create 1" "0 win_lock 1 1 exclusive" "1 win_create 1" "1 compute 1e6" "1 win_lock 1 1 exclusive"
expect lock_never_released 2 "held.txt: at the end of the trace of rank 0: window 1 still has an epoch open (win_lock of target 1 without win_unlock)" -- "${run[@]}" held.txt

# A get's data comes back by the route from its target: none, and both levels name the get's line (the fast level
# named no line). A window id freed and created again on another communicator at once (it was reported as on two).
printf '%s\n' h0 h1 h2 > asym_hosts.txt
trace asym.txt "0 win_create 1" "0 win_free 1" "1 win_create 1" "1 win_lock_all 1" "1 get 1 2 1000" "1 win_flush 1 2" \
  "1 win_unlock_all 1" "1 win_free 1" "2 win_create 1" "2 win_free 1"
trace reuse.txt "0 win_create 1" "0 win_free 1" "0 comm_split 1 1 0" "0 win_create 1 comm=1" "0 win_free 1" \
  "1 win_create 1" "1 win_free 1"
for level in full fast; do
  expect "no_route_back_$level" 2 "asym.txt:5: no route from host 'h2' to host 'h1': the platform gives them no link and no latency
    1 get 1 2 1000" -- replay --platform "$src/tests/cli/asymmetric_routes.xml" --hostfile asym_hosts.txt --trace \
    asym.txt --coll barrier=ompi_basic_linear -q --fidelity $level
  expect "window_id_reused_$level" 0 "" -- "${run[@]}" reuse.txt --fidelity $level
done

for level in full fast; do
  expect "fast_level_same_errors_$level" 2 "no_epoch.txt:2: put: target 1 of window 1 is outside an access epoch (no win_fence, win_start or win_lock before it)
    0 put 1 1 100" -- "${run[@]}" no_epoch.txt --fidelity $level
done

if [ "$failures" -gt 0 ]; then
  echo "$failures one-sided error checks failed"
  exit 1
fi
echo "all one-sided error checks passed"
