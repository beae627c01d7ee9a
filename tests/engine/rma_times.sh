#!/usr/bin/env bash
# One-sided actions (docs/trace-format.md section 12) replayed on two- and three-host platforms, their simulated
# times checked against values computed by hand. A message of S bytes alone on a link: T(S) = L + (S + 16) / B,
# L = 1 ms, B = 100 MB/s: T0 = T(0) = 0.00100016, T(1e6) = 0.01100016, T(1000) = 0.00101016.
# Window creation and freeing are the communicator's barrier (linear here): every rank sends an empty message to
# rank 0, which answers each; on two ranks rank 0 leaves after T0 (rank 1's message), rank 1 after 2 T0.
# Usage: rma_times.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR [REPLAY OPTION...] (--fidelity fast: the same checks)
set -euo pipefail
tireplay=$1
here=$2/tests/engine
scratch=$3
shift 3
every_run=("$@")
mkdir -p "$scratch"
failures=0
source "$here/hand_check.sh"

# Fence (duplex link): create ends at T0 (rank 0) / 2 T0 (rank 1); the first fence's barrier: rank 1's message
# leaves at 2 T0, rank 0 leaves at 3 T0 and puts 1 MB, done at 3 T0 + T(1e6) = 0.01400064; the second fence waits
# for it, then rank 1's message (posted long before, moved when rank 0 receives): 0.0150008; the answer reaches
# rank 1 at 0.01600096; the free's barrier: rank 1's message at 0.01700112, the answer at 0.01800144.
check rma_fence_put 0.01800144 duplex_link.xml -- \
  "0 win_create 1" "0 win_fence 1" "0 put 1 1 1000000" "0 win_fence 1" "0 win_free 1" \
  "1 win_create 1" "1 win_fence 1" "1 win_fence 1" "1 win_free 1"
# A get under win_lock_all (no message): its request leaves at T0 with rank 0's answer of the create's barrier, on
# the same way: both share B and arrive at T0 + L + 32 / B = 0.00200048 (rank 1 leaves the create then); the data
# back T(1e6): flushed at 0.01300064; then the free's barrier: rank 1's message T0, the answer T0: 0.01500096.
check rma_get_flush 0.01500096 duplex_link.xml -- \
  "0 win_create 1" "0 win_lock_all 1" "0 get 1 1 1000000" "0 win_flush 1 1" "0 win_unlock_all 1" "0 win_free 1" \
  "1 win_create 1" "1 win_free 1"
# get_accumulate: 1000 bytes there, sharing the way with the barrier's answer (16 bytes) until it ends: L + 1032 / B;
# T(1000) back: T0 + 0.00101032 + T(1000) = 0.00302064, then the free's 2 T0.
check rma_get_accumulate 0.00502096 duplex_link.xml -- \
  "0 win_create 1" "0 win_lock_all 1" "0 get_accumulate 1 1 1000 1000" "0 win_flush_all 1" "0 win_unlock_all 1" \
  "0 win_free 1" "1 win_create 1" "1 win_free 1"
# The target computes meanwhile (one-sided): it leaves the create at 0.00200048 (as above), computes 0.1 s, then
# the free's barrier: its message T0, rank 0's answer T0 (rank 0 waits there since 0.01300064): 0.1040008.
check rma_target_computes 0.1040008 duplex_link.xml -- \
  "0 win_create 1" "0 win_lock_all 1" "0 get 1 1 1000000" "0 win_flush 1 1" "0 win_unlock_all 1" "0 win_free 1" \
  "1 win_create 1" "1 compute 1e8" "1 win_free 1"
# A put overlaps the origin's computation: flushed at T0 + 0.1 s with nothing left to wait for; free: 2 T0 more.
check rma_put_overlaps 0.10300048 duplex_link.xml -- \
  "0 win_create 1" "0 win_lock_all 1" "0 put 1 1 1000000" "0 compute 1e8" "0 win_flush 1 1" "0 win_unlock_all 1" \
  "0 win_free 1" "1 win_create 1" "1 win_free 1"
# rget completed by wait_rma after 1 ms of computation: as the get above.
check rma_rget_wait 0.01500096 duplex_link.xml -- \
  "0 win_create 1" "0 win_lock_all 1" "0 rget 1 1 1000000" "0 compute 1e6" "0 wait_rma 1 1" "0 win_unlock_all 1" \
  "0 win_free 1" "1 win_create 1" "1 win_free 1"
# ... and by waitall, or by the end of the trace when nothing waits for it: the same.
check rma_rget_waitall 0.01500096 duplex_link.xml -- \
  "0 win_create 1" "0 win_lock_all 1" "0 rget 1 1 1000000" "0 waitall" "0 win_unlock_all 1" "0 win_free 1" \
  "1 win_create 1" "1 win_free 1"
# wait_rma's index: the second request to rank 1 (1 MB) is waited before the computation: the create's answer and
# the two rputs share the way from T0, the 1 MB ends at T0 + L + 1000056 / B = 0.01200072 (the oldest, 8 bytes, at
# T0 + L + 64 / B); the computation to 0.11200072, the free's barrier T0 + T0: 0.11400104; the first request waited
# after its window's free (legal MPI: already complete).
check rma_wait_index 0.11400104 duplex_link.xml -- \
  "0 win_create 1" "0 win_lock_all 1" "0 rput 1 1 8" "0 rput 1 1 1000000" "0 wait_rma 1 1 1" "0 compute 1e8" \
  "0 win_unlock_all 1" "0 win_free 1" "0 wait_rma 1 1" "1 win_create 1" "1 win_free 1"
# A transfer to the origin itself takes no time: the two barriers' times only (rank 1 leaves each at 2 T0).
check rma_self 0.00400064 duplex_link.xml -- \
  "0 win_create 1" "0 win_lock 1 0 exclusive" "0 put 1 0 1000000" "0 win_unlock 1 0" "0 win_free 1" \
  "1 win_create 1" "1 win_free 1"
# PSCW: rank 1 posts at 2 T0, its notice reaches rank 0 at 3 T0; the put ends at 0.01400064; the completion notice
# reaches rank 1 at 0.0150008, whose free's message reaches rank 0 at 0.01600096, the answer rank 1 at 0.01700112.
check rma_pscw 0.01700112 duplex_link.xml -- \
  "0 win_create 1" "0 win_start 1 1 1" "0 put 1 1 1000000" "0 win_complete 1" "0 win_free 1" \
  "1 win_create 1" "1 win_post 1 1 0" "1 win_wait 1" "1 win_free 1"

# Epochs of an empty group (MPI_GROUP_EMPTY) wait for nobody: the create's barrier and the free's, 2 T0 each.
check rma_pscw_empty_groups 0.00400064 duplex_link.xml -- \
  "0 win_create 1" "0 win_post 1 0" "0 win_start 1 0" "0 win_complete 1" "0 win_wait 1" "0 win_free 1" \
  "1 win_create 1" "1 win_free 1"

# Locks, three ranks on three hosts with a link per pair (shared by its two ways): ranks 0 and 2 lock rank 1's
# window. The create's barrier ends at T0 for rank 0, 2 T0 for rank 2, and for rank 1 (its answer shares the link
# with rank 0's lock request) and rank 0's request at 2 T0 + 16 / B = 0.00200048. The grant comes back at
# 0.00300064, rank 0's put ends at 0.0140008, its release arrives at 0.01500096 (unlock returns then). Rank 2
# computes 1 ms so that its request arrives second, at 0.00400048.
lock_lines() {  # TYPE
  printf '%s\n' "0 win_create 1" "0 win_lock 1 1 $1" "0 put 1 1 1000000" "0 win_unlock 1 1" "0 win_free 1" \
    "1 win_create 1" "1 win_free 1" \
    "2 win_create 1" "2 compute 1e6" "2 win_lock 1 1 $1" "2 put 1 1 1000000" "2 win_unlock 1 1" "2 win_free 1"
}
# Exclusive: rank 2 is granted at the release, 0.01500096 + T0; put 0.02700128; release 0.02800144; its free
# message reaches rank 0 at 0.0290016, the answers the others at 0.03000176.
mapfile -t lines < <(lock_lines exclusive)
check rma_lock_exclusive 0.03000176 private_links.xml -- "${lines[@]}"
# Shared: rank 2 is granted at once, 0.00500064; put 0.0160008; release 0.01700096; its free message reaches rank 0
# at 0.01800112 (after rank 1's), the answers the others at 0.01900128.
mapfile -t lines < <(lock_lines shared)
check rma_lock_shared 0.01900128 private_links.xml -- "${lines[@]}"
# nocheck: no request, no grant, no release: rank 0's put ends at T0 + T(1e6), rank 2's at 2 T0 + 1 ms + T(1e6) =
# 0.01400048; rank 2's free message reaches rank 0 at 0.01500064, the answers at 0.0160008.
mapfile -t lines < <(lock_lines "exclusive nocheck")
check rma_lock_nocheck 0.0160008 private_links.xml -- "${lines[@]}"
# A tie: ranks 1 and 2 leave the create at one date (2 T0), rank 1 takes win_lock_all, rank 2 an exclusive lock of
# its own window: at one date, locks go in their origins' order whichever rank the engine runs first, so rank 1's
# shared lock first; its put (T(1e6)) ends at 0.01300048 with its unlock_all, rank 2 is granted then; both compute
# 0.1 s from then; the free's barrier: their messages T0, rank 0's answers T0: 0.1150008 (fast and full levels went
# opposite ways before: 0.215 and 0.115 s).
check rma_lock_tie 0.1150008 private_links.xml -- \
  "0 win_create 1" "0 win_free 1" \
  "1 win_create 1" "1 win_lock_all 1" "1 put 1 2 1000000" "1 win_unlock_all 1" "1 compute 1e8" "1 win_free 1" \
  "2 win_create 1" "2 win_lock 1 2 exclusive" "2 compute 1e8" "2 win_unlock 1 2" "2 win_free 1"
# The same 2 s later (every rank computes 2 s after the create): 2.1150008. (The full level's end of a date, an
# instant later, was computed towards 1 s: before it past 1 s, which SimGrid stopped at.)
check rma_lock_tie_late 2.1150008 private_links.xml -- \
  "0 win_create 1" "0 compute 2e9" "0 win_free 1" \
  "1 win_create 1" "1 compute 2e9" "1 win_lock_all 1" "1 put 1 2 1000000" "1 win_unlock_all 1" "1 compute 1e8" \
  "1 win_free 1" "2 win_create 1" "2 compute 2e9" "2 win_lock 1 2 exclusive" "2 compute 1e8" "2 win_unlock 1 2" \
  "2 win_free 1"
# Not a tie, 1e6 s on: rank 3 holds rank 0's window; rank 2 asks, rank 1 0.5 us later (500 flops): rank 2 first,
# in arrival order (the same trace 1e6 s earlier: 11.0210016; a date counted as one within a relative 1e-12, 1 us
# here, put rank 1 first: 1000011.033). A hostile trial's.
check rma_lock_order_late 1000011.0200016 private_links.xml -- \
  "0 win_create 1" "0 win_free 1" \
  "1 win_create 1" "1 compute 1000000000000500" "1 win_lock 1 0 exclusive" "1 put 1 0 1000000" "1 win_unlock 1 0" \
  "1 win_free 1" "2 win_create 1" "2 compute 1000000000000000" "2 win_lock 1 0 exclusive" "2 put 1 0 1000000" \
  "2 win_unlock 1 0" "2 compute 1e10" "2 win_free 1" \
  "3 win_create 1" "3 win_lock 1 0 exclusive" "3 compute 1000000000000000" "3 compute 1e9" "3 win_unlock 1 0" \
  "3 win_free 1"
# Another tie: rank 1's request for rank 0's window arrives (3 T0) as rank 0's computation ends and rank 0 locks its
# own window: rank 0's first (its origin's order), until its computation of 0.1 s ends (0.10300048); the grant
# reaches rank 1 T0 later, its release T0 after; the free's barrier T0 + T0: 0.10700112.
check rma_lock_tie_compute 0.10700112 duplex_link.xml -- \
  "0 win_create 1" "0 compute 2000320" "0 win_lock 1 0 exclusive" "0 compute 1e8" "0 win_unlock 1 0" "0 win_free 1" \
  "1 win_create 1" "1 win_lock 1 0 exclusive" "1 win_unlock 1 0" "1 win_free 1"

# CPU costs (measured by tools/accuracy/pingpong.c): creating a window of 500,000 bytes takes 0.001 + 0.1 x 0.5 s
# (tireplay/win-create-cpu's two points) on each member before the barrier: 0.051 + 2 T0, then the free's 2 T0.
check rma_window_cpu 0.05500064 duplex_link.xml --cfg 'tireplay/win-create-cpu:0:0.001;1000000:0.101' -- \
  "0 win_create 1 500000" "0 win_free 1" "1 win_create 1 500000" "1 win_free 1"
# Every other one-sided call takes tireplay/rma-call-cpu (1 ms) on its rank: lock_all ends at T0 + 1 ms, the put
# starts at T0 + 2 ms and ends T(1e6) later, 0.01400032; the flush waits for it; unlock_all 1 ms more; the free's
# barrier: rank 1's message T0 (0.01600048), the answer T0.
check rma_call_cpu 0.01700064 duplex_link.xml --cfg tireplay/rma-call-cpu:1ms -- \
  "0 win_create 1" "0 win_lock_all 1" "0 put 1 1 1000000" "0 win_flush 1 1" "0 win_unlock_all 1" "0 win_free 1" \
  "1 win_create 1" "1 win_free 1"

# Ties of one date decided alike at both levels (found by a fuzzer of random lock traces, 400 seeds): rank 1's
# exclusive request reaches target 2 (0.00300064) at the date rank 3 makes its win_lock_all; in origin order rank 1's
# is granted first and the lock_all waits for its release at target 2 (the full level granted the lock_all first:
# SimGrid ended the request's message a step after the date's settle): 0.01001208.
check rma_lock_tie_arrival 0.01001208 private_links.xml -- \
  "0 win_create 1" "0 win_lock 1 3 exclusive" "0 compute 1000160" "0 win_unlock 1 3" "0 win_free 1" "1 win_create 1" \
  "1 win_lock_all 1" "1 win_unlock_all 1" "1 win_lock 1 2 exclusive" "1 rput 1 2 1000" "1 win_unlock 1 2" \
  "1 win_free 1" "2 win_create 1" "2 win_lock 1 1 shared" "2 compute 1000160" \
  "2 accumulate 1 1 100000" "2 win_unlock 1 1" "2 win_free 1" "3 win_create 1" "3 compute 1000160" "3 win_lock_all 1" \
  "3 win_flush 1 1" "3 put 1 3 100000" "3 get 1 0 0" "3 win_unlock_all 1" "3 win_free 1"
# Rank 2 releases its win_lock_all and takes it again at 0.00703232, the date rank 3 asks for its own window
# exclusively: rank 2 first (origin order; the full level's clock, a rounding error apart within the date, put rank
# 3's request at an earlier date): 0.01703296.
check rma_lock_tie_relock 0.01703296 private_links.xml -- \
  "0 win_create 1" "0 win_lock 1 2 shared" "0 win_flush 1 2" "0 compute 3000000.0" "0 win_flush 1 2" \
  "0 win_unlock 1 2" "0 win_free 1" "1 win_create 1" "1 win_lock_all 1" "1 win_flush 1 3" "1 compute 1000160" \
  "1 win_unlock_all 1" "1 win_lock 1 3 shared" "1 accumulate 1 3 8" "1 get 1 3 0" "1 win_unlock 1 3" \
  "1 win_lock 1 0 exclusive" "1 put 1 0 1000" "1 get 1 0 1000" "1 rput 1 0 100000" "1 win_unlock 1 0" "1 win_free 1" \
  "2 win_create 1" "2 win_lock_all 1" "2 put 1 0 1000" "2 win_flush 1 2" "2 compute 1000160" "2 win_unlock_all 1" \
  "2 win_lock_all 1" "2 win_flush 1 1" "2 win_flush 1 2" "2 win_unlock_all 1" "2 win_lock_all 1" "2 get 1 3 100000" \
  "2 win_unlock_all 1" "2 compute 5000000.0" "2 win_free 1" "3 win_create 1" "3 compute 0" "3 win_lock 1 1 exclusive" \
  "3 accumulate 1 1 100000" "3 get 1 1 1000" "3 get 1 1 1000" "3 win_unlock 1 1" "3 win_lock 1 3 exclusive" \
  "3 put 1 3 0" "3 win_unlock 1 3" "3 win_free 1"
# 40,000 puts in flight at once (each 16 bytes, with the create's answer: 40,001 share the way from T0): all end at
# T0 + L + 40001 * 16 / B = 0.00840032, then the free's 2 T0. (The full level made an actor per message in flight:
# SimGrid ran out of memory maps near 30,000.)
many=()
for ((i = 0; i < 40000; i++)); do many+=("0 put 1 1 0"); done
check rma_many_in_flight 0.01040064 duplex_link.xml -- \
  "0 win_create 1" "0 win_lock_all 1" "${many[@]}" "0 win_flush_all 1" "0 win_unlock_all 1" "0 win_free 1" \
  "1 win_create 1" "1 win_free 1"

# tireplay/rma-target-progress (Open MPI's osc/pt2pt): the target's MPI library handles each one-sided message, in
# the order sent, when it is inside MPI; a flush or unlock is answered once handled.
# Flush while the target computes: rank 0 leaves the create at T0, its answer, the put and the flush request share
# the way: the answer and the request arrive at T0 + L + 48 / B = 0.00200064 (rank 1 leaves the create), the put at
# T0 + L + 1048 / B, while rank 1 computes; both are handled at its win_free (0.10200064), the answer back at
# 0.1030008 (alone: rank 1's barrier message waits for rank 0's receive); unlock_all's round trip (rank 1 waits in
# the barrier: at once) 2 T0, to 0.10500112; the free's barrier T0 + T0: 0.10700144 (0.1040008 without the setting).
check rma_progress_flush 0.10700144 duplex_link.xml --cfg tireplay/rma-target-progress:yes -- \
  "0 win_create 1" "0 win_lock_all 1" "0 put 1 1 1000" "0 win_flush 1 1" "0 win_unlock_all 1" "0 win_free 1" \
  "1 win_create 1" "1 compute 1e8" "1 win_free 1"
# An exclusive lock: the request arrives with the create's answer (0.00200048), as rank 1 leaves its wait: handled
# then; the grant at 0.00300064; the put and the release go together (no flush first): the put is handled at rank 1's
# win_free (0.10200048), then the release, answered at 0.10300064; the free's barrier: 0.10500096 (0.1040008 without).
check rma_progress_lock 0.10500096 duplex_link.xml --cfg tireplay/rma-target-progress:yes -- \
  "0 win_create 1" "0 win_lock 1 1 exclusive" "0 put 1 1 1000000" "0 win_unlock 1 1" "0 win_free 1" \
  "1 win_create 1" "1 compute 1e8" "1 win_free 1"
# A target waiting in MPI answers at once: the put (0.00201064) then the flush request, answered at 0.0030108;
# unlock_all's round trip to 0.00501112; the free: 0.00701144 (0.0040108 without the setting).
check rma_progress_waiting 0.00701144 duplex_link.xml --cfg tireplay/rma-target-progress:yes -- \
  "0 win_create 1" "0 win_lock_all 1" "0 put 1 1 1000" "0 win_flush_all 1" "0 win_unlock_all 1" "0 win_free 1" \
  "1 win_create 1" "1 win_free 1"

# A date's end granting two requests while the first one's rank runs: at 0.00500144 rank 1's exclusive request for
# rank 0's window reaches rank 0 (behind the answer to rank 0's unlock, in order) as rank 0 locks its own window
# shared: rank 0 first (origin order); it unlocks and takes win_lock_all at that date, again before rank 1, which is
# granted once unlock_all's round trips end (0.00700176), T0 later; its unlock's round trip, the free's barrier:
# 0.01200256. (The full level woke rank 0 during the date's end, whose next grant then found its lock released:
# 0.01100256. A hostile trial's.)
check rma_progress_settle_wakes 0.01200256 private_links.xml --cfg tireplay/rma-target-progress:yes -- \
  "0 win_create 1" "0 win_lock 1 1 shared" "0 win_unlock 1 1" "0 win_lock 1 0 shared" "0 win_unlock 1 0" \
  "0 win_lock_all 1" "0 win_unlock_all 1" "0 win_free 1" "1 win_create 1" "1 win_lock_all 1" "1 win_unlock_all 1" \
  "1 win_lock 1 0 exclusive" "1 win_unlock 1 0" "1 win_free 1"
if [ "$failures" -gt 0 ]; then
  echo "$failures one-sided time checks failed"
  exit 1
fi
echo "all one-sided time checks passed"
