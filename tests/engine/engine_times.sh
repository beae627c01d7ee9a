#!/usr/bin/env bash
# Replays tiny traces on one-link and private-link platforms and checks the simulated time against values
# computed by hand. The SMPI bandwidth/latency factors and TCP cross-traffic are turned off so that a message
# of S bytes alone on a link takes T(S) = L + (S + 16) / B  (16: SMPI's envelope), with L = 1 ms, B = 100 MB/s.
# Usage: engine_times.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR [REPLAY OPTION...]
# (options given to every replay: --fidelity fast runs the same checks on the fast level.)
set -euo pipefail
tireplay=$1
source_dir=$2
here=$2/tests/engine
scratch=$3
shift 3
every_run=("$@")
mkdir -p "$scratch"
failures=0

source "$here/hand_check.sh"  # check NAME EXPECTED PLATFORM [options] -- trace lines

# T(1000) = 0.001 + 1016/1e8 = 0.00101016       T(1e6) = 0.001 + 1000016/1e8 = 0.01100016
# T(0)    = 0.001 + 16/1e8   = 0.00100016

check compute 2 one_link.xml -- "0 compute 2e9" "1 compute 5e8"
check sleep 0.25 one_link.xml -- "0 sleep 0.25" "1 init"
# A rendezvous message (>= 64 KiB) alone on the link.
check rendezvous 0.01100016 one_link.xml -- "0 send 1 0 1000000" "1 recv 0 0 1000000"
# A detached (small) send waits in the receiver's queue: the transfer starts when the receive is posted, at 1 s.
check detached_late_receiver 1.00101016 one_link.xml -- "0 send 1 0 1000" "1 compute 1e9" "1 recv 0 0 1000"
# A rendezvous starts when the late sender arrives.
check rendezvous_late_sender 1.01100016 one_link.xml -- "0 compute 1e9" "0 send 1 0 1000000" "1 recv 0 0 1000000"
# The rendezvous sender is blocked until the receiver comes (0.5 s), then computes 1 s.
check rendezvous_blocks_sender 1.51100016 one_link.xml -- "0 send 1 0 1000000" "0 compute 1e9" "1 compute 5e8" "1 recv 0 0 1000000"
# A detached sender does not block: it computes from 0 to 1 s; the message lands at 0.5 + T(1000).
check detached_does_not_block 1 one_link.xml -- "0 send 1 0 1000" "0 compute 1e9" "1 compute 5e8" "1 recv 0 0 1000"
# isend + compute overlap the transfer: the wait finds it done.
check isend_overlap 0.1 one_link.xml -- "0 isend 1 0 1000000" "0 compute 1e8" "0 wait 0 1 0" "1 irecv 0 0 1000000" "1 wait 0 1 0"
# A successful test injects smpi/test = 1e-4 s after 2 ms of compute; the later wait is a no-op.
check test_succeeds 0.0021 one_link.xml -- "0 send 1 0 1000" "1 irecv 0 0 1000" "1 compute 2e6" "1 test 0 1 0" "1 wait 0 1 0"
# Two failed tests grow SMPI's shared sleep factor to 3: the third test sleeps 3e-4 s.
# Rank 1 gets message 0 at 1 + T(1000) = 1.00101016, posts the tag-1 receive (transfer to 1.00202032),
# computes 0.02 s to 1.02101016, then its test sleeps 3e-4: 1.02131016.
check test_factor_grows 1.02131016 one_link.xml -- "0 compute 1e9" "0 send 1 0 1000" "0 send 1 1 1000" \
  "1 irecv 0 0 1000" "1 test 0 1 0" "1 test 0 1 0" "1 wait 0 1 0" "1 irecv 0 1 1000" "1 compute 2e7" "1 test 0 1 1"
# A test that finds its request complete leaves a null in its place, which the next test or wait of the key takes
# and ignores (SMPI's replay): the second test takes it, the third tests the second isend (rank 1 takes it at 2.011 s),
# and the wait waits for it: 2.011 + T(1e6) = 2.02200032, then 1 s of compute. (The null was left in place: every
# later test and the wait took it, and rank 0 ended at 2.0002; an MPI_Test loop kept one per test.)
check test_takes_null 3.02200032 one_link.xml -- "0 isend 1 0 1000000" "0 compute 1e9" "0 test 0 1 0" \
  "0 isend 1 0 1000000" "0 test 0 1 0" "0 test 0 1 0" "0 wait 0 1 0" "0 compute 1e9" "1 compute 5e8" \
  "1 recv 0 0 1000000" "1 compute 15e8" "1 recv 0 0 1000000"
# A polling loop as otf2ti writes it: a failed test, then the successful one as `test` + `wait`. The replay
# completes the eager isend at the first test (its sleep: 1e-4 s), the second takes the null it left, and the wait
# has nothing left to wait for (it stopped the replay: "wait not preceded by any isend or irecv", as SMPI's does):
# rank 0 computes 5 ms after the first test, 0.0051 (rank 1 receives at 1 ms + T(8192), 0.00208208).
check test_poll_then_wait 0.0051 one_link.xml -- "0 isend 1 0 8192" "0 test 0 1 0" "0 compute 5e6" "0 test 0 1 0" \
  "0 wait 0 1 0" "1 compute 1e6" "1 recv 0 0 8192"
# A wait with an index takes that one of its key's requests (otf2ti writes it when a program waits a later request
# first): rank 0 waits for the 1 MB receive (rank 1 sends it after 0.1 s: 0.1 + 0.01100016), computes 1 s, then
# waits for the 1000-byte one (there since 0.00101016): 1.11100016. Without the index the first wait took the small
# receive and the computation overlapped the large one: 1.00101016.
check wait_index 1.11100016 one_link.xml -- "0 irecv 1 0 1000" "0 irecv 1 0 1000000" "0 wait 1 0 0 1" \
  "0 compute 1e9" "0 wait 1 0 0" "1 send 0 0 1000" "1 compute 1e8" "1 send 0 0 1000000"
# A wait without its index after one with takes the oldest request left: the first small receive (there since
# 0.00101016), not the one its index would name (the last, sent after rank 1's 2 s computation): rank 1 sends T(1e3)
# + T(1e6) + 2 s + T(1e3) = 2.01202048, which rank 0's 1 s computation overlaps. The earlier index kept: 3.01202048.
check wait_index_not_kept 2.01202048 one_link.xml -- "0 irecv 1 0 1000" "0 irecv 1 0 1000000" "0 irecv 1 0 1000" \
  "0 wait 1 0 0 1" "0 wait 1 0 0" "0 compute 1e9" "0 wait 1 0 0" "1 send 0 0 1000" "1 send 0 0 1000000" \
  "1 compute 2e9" "1 send 0 0 1000"
# A sendrecv's tags match the other side's tagged calls: rank 0's send (tag 7) meets rank 1's receive half
# (T(1e6)), then rank 0's receive (tag 8) meets the send half, which waited for it: 2 T(1e6). With tag 0 on both
# halves (SMPI's sendRecv) nothing matches.
check sendrecv_tags 0.02200032 one_link.xml -- "0 send 1 7 1000000" "0 recv 1 8 1000000" \
  "1 sendrecv 1000000 0 1000000 0 sendtag=8 recvtag=7"
# A null half (MPI_PROC_NULL) does nothing; the other half keeps its tag: one message, T(1e6).
check sendrecv_null_half 0.01100016 one_link.xml -- "0 sendrecv 1000000 1 0 null sendtag=1" \
  "1 sendrecv 0 null 1000000 0 recvtag=1" "1 sendrecv 5 null 5 null"
# Binomial broadcast on 4 ranks, private links: two rounds of T(S).
check bcast_binomial_small 0.00202032 private_links.xml -- "0 bcast 1000" "1 bcast 1000" "2 bcast 1000" "3 bcast 1000"
check bcast_binomial_large 0.02200032 private_links.xml -- "0 bcast 1000000" "1 bcast 1000000" "2 bcast 1000000" "3 bcast 1000000"
# The flat broadcast posts its three sends at once, each on its own link: one T(S).
check bcast_flat_large 0.01100016 private_links.xml --coll bcast=flat -- "0 bcast 1000000" "1 bcast 1000000" "2 bcast 1000000" "3 bcast 1000000"
# Allreduce = linear reduce to 0 (T), binomial bcast (2T), then 1e9 reduction flops (1 s) on every rank.
check allreduce 1.00303048 private_links.xml -- "0 allreduce 1000 1e9" "1 allreduce 1000 1e9" "2 allreduce 1000 1e9" "3 allreduce 1000 1e9"
# Reduce, 1e6 flops per reduction (c = 1 ms). After the call (SimGrid's way): chain 3 T, then c on every rank.
check reduce_chain_after 0.00403048 private_links.xml --coll reduce=chain -- "0 reduce 1000 1e6" "1 reduce 1000 1e6" "2 reduce 1000 1e6" "3 reduce 1000 1e6"
# In steps (--reductions steps): each rank reduces what it receives before it sends on: 3 (T + c).
check reduce_chain_steps 0.00603048 private_links.xml --coll reduce=chain --reductions steps -- "0 reduce 1000 1e6" "1 reduce 1000 1e6" "2 reduce 1000 1e6" "3 reduce 1000 1e6"
# Binomial: rank 2 reduces 3's vector (T + c) and sends; meanwhile rank 0 reduced 1's (T + c): 2 (T + c).
check reduce_binomial_steps 0.00402032 private_links.xml --coll reduce=binomial --reductions steps -- "0 reduce 1000 1e6" "1 reduce 1000 1e6" "2 reduce 1000 1e6" "3 reduce 1000 1e6"
# Linear: the three vectors arrive together on their own links (T), then the root reduces them: T + 3c.
check reduce_linear_steps 0.00401016 private_links.xml --coll reduce=linear --reductions steps -- "0 reduce 1000 1e6" "1 reduce 1000 1e6" "2 reduce 1000 1e6" "3 reduce 1000 1e6"
# Linear barrier: empty messages to rank 0, then back: 2 T(0).
check barrier 0.00200032 private_links.xml -- "0 barrier" "1 barrier" "2 barrier" "3 barrier"
# All-to-all (linear for 4 ranks and 1000 bytes): each link carries one flow each way and is shared: B/2 each.
check alltoall_contention 0.00102032 private_links.xml -- "0 alltoall 1000 1000" "1 alltoall 1000 1000" "2 alltoall 1000 1000" "3 alltoall 1000 1000"
# Below smpi/async-small-thresh the transfer starts at the send: the late receiver finds the data there.
check eager 1 one_link.xml --cfg smpi/async-small-thresh:2000 -- "0 send 1 0 1000" "1 compute 1e9" "1 recv 0 0 1000"
# smpi/os injects 0.5 s in the sender before the message is posted.
check send_overhead 0.50101016 one_link.xml --cfg smpi/os:0:0.5:0 -- "0 send 1 0 1000" "1 recv 0 0 1000"
# smpi/or (1 ms after each detached message received) in a linear scan: SMPI waits the requests one after the other,
# receives from rank 0 up (colls::scan's non-commutative branch: the replay's MPI_OP_NULL). Rank 0 computes 3 ms:
# rank 3 takes its message at 0.003 + T(200), then pays 1 ms for each of the three, those of ranks 1 and 2 there
# since T(200) = 0.00100216: 0.00700216 (smpirun's). Paid as they arrive (a waitall), 0.00500216. Exscan the same.
for op in scan exscan; do
  check "${op}_receive_overhead" 0.00700216 private_links.xml --cfg smpi/or:0:1e-3:0 -- "0 compute 3e6" \
    "0 $op 200 0" "1 $op 200 0" "2 $op 200 0" "3 $op 200 0"
done
# Sub-communicators (tireplay extension): two disjoint 2-rank broadcasts run side by side in one round.
check comm_split_bcast 0.00101016 private_links.xml -- \
  "0 comm_split 1 2 0 2" "0 bcast 1000 comm=1" "2 comm_split 1 2 0 2" "2 bcast 1000 comm=1" \
  "1 comm_split 2 2 1 3" "1 bcast 1000 comm=2" "3 comm_split 2 2 1 3" "3 bcast 1000 comm=2"
# Ssend never detaches: the sender waits for the receiver (0.5 s) and the transfer, then computes 1 s.
check ssend_blocks 1.50101016 one_link.xml -- "0 Ssend 1 0 1000" "0 compute 1e9" "1 compute 5e8" "1 recv 0 0 1000"
# waitAny (the trace does not say which request) waits for the oldest pending request: the tag-0 message,
# sent at 1 s (arrives 1 + T), not the tag-1 one that arrived at T; then 1 s of compute: 2 + T.
check waitany_oldest 2.00101016 one_link.xml -- "0 send 1 1 1000" "0 compute 1e9" "0 send 1 0 1000" \
  "1 irecv 0 0 1000" "1 irecv 0 1 1000" "1 waitAny 2" "1 compute 1e9" "1 waitall"
# A SimGrid deployment file places the ranks (here on the same two hosts, reversed).
check deployment 0.01100016 one_link.xml --deployment "$here/deploy_reversed.xml" -- "0 send 1 0 1000000" "1 recv 0 0 1000000"
# MPI_ANY_TAG (-444, as SMPI writes it) takes any tag, in sending order.
check any_tag 1.00101016 one_link.xml -- "0 send 1 5 1000" "0 compute 1e9" "0 send 1 3 1000" \
  "1 recv 0 -444 1000" "1 recv 0 -444 1000"
# The paper's format: p-prefixed ranks, no tags.
check paper_format 0.01100016 one_link.xml -- "p0 send p1 1000000" "p1 recv p0 1000000"
# A receive from any source takes the message posted first (rank 2's, at 0), the second one rank 0's (at 1 s).
check any_source 1.00101016 private_links.xml -- "0 compute 1e9" "0 send 1 0 1000" "2 send 1 0 1000" \
  "1 recv -333 0 1000" "1 recv -1 0 1000" "3 init"
# tireplay/both-ways-factor (a message between two hosts also moves a fraction of its bytes back), on a
# full-duplex link: an exchange of 1e6 bytes each way takes T(1e6) without it; with the whole message moved back,
# each way carries two at once: 0.001 + 2 x 1000016 / 1e8; with half of it, B/2 until the half is back, then B:
# 0.001 + 1.5 x 1000016 / 1e8. A message alone sees its echo on the other way only: T(1e6). Messages up to the
# threshold (payload 1016 <= 65552) move nothing back: T(1000).
exchange=("0 isend 1 0 1000000" "0 irecv 1 0 1000000" "0 waitall" "1 isend 0 0 1000000" "1 irecv 0 0 1000000" "1 waitall")
check exchange 0.01100016 duplex_link.xml -- "${exchange[@]}"
check exchange_both_ways 0.02100032 duplex_link.xml --cfg 'tireplay/both-ways-factor:0:0;65552:1' -- "${exchange[@]}"
check exchange_half_back 0.01600024 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:0.5' -- "${exchange[@]}"
check one_way_both_ways 0.01100016 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' -- \
  "0 send 1 0 1000000" "1 recv 0 0 1000000"
check small_exchange_both_ways 0.00101016 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' -- \
  "0 isend 1 0 1000" "0 irecv 1 0 1000" "0 waitall" "1 isend 0 0 1000" "1 irecv 0 0 1000" "1 waitall"
# tireplay/both-ways-window: only an exchange that starts within the window after the hosts' last completed
# message with a fraction moves it back. Three exchanges, the last after 10 ms of computation: the first is alone
# (T), the second back to back (0.001 + 2 x 1000016 / 1e8), the third after the pause: T again with a 1 ms window,
# back to back with a 20 ms one; without a window (the default), every one moves its fraction back.
sequence=("${exchange[@]}" "${exchange[@]}" "0 compute 1e7" "1 compute 1e7" "${exchange[@]}")
check exchanges_window 0.05300064 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' \
  --cfg tireplay/both-ways-window:1ms -- "${sequence[@]}"
check exchanges_wide_window 0.06300080 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' \
  --cfg tireplay/both-ways-window:0.02 -- "${sequence[@]}"
# With tireplay/both-ways-factor-after-pause 0.5, the first and the third move half back: 0.001 + 1.5 x 1000016 / 1e8.
check exchanges_after_pause 0.06300080 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' \
  --cfg tireplay/both-ways-window:1ms --cfg 'tireplay/both-ways-factor-after-pause:65552:0.5' -- "${sequence[@]}"
# The window per size (a step covers the payloads above its threshold): 1000016 bytes take the 20 ms step above
# 500000, or the 1 ms one below 2000000.
check exchanges_window_by_size 0.06300080 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' \
  --cfg 'tireplay/both-ways-window:0:1ms;500000:0.02' -- "${sequence[@]}"
check exchanges_window_below 0.05300064 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' \
  --cfg 'tireplay/both-ways-window:0:1ms;2000000:0.02' -- "${sequence[@]}"
# What empties the queues ends a sequence: a small message between the hosts that arrives after the last large one
# (a barrier's, an allreduce's), or a communicator made by both (MPI_Comm_split's allgather, which the replay leaves
# out). With a 1 s window and nothing moved back after a pause: T(1e6) + T(1000) + T(1e6), and T(1e6) + T(1e6);
# without them the second large exchange would be back to back (0.001 + 2 x 1000016 / 1e8).
small=("0 isend 1 0 1000" "0 irecv 1 0 1000" "0 waitall" "1 isend 0 0 1000" "1 irecv 0 0 1000" "1 waitall")
check small_message_ends_sequence 0.02301048 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' \
  --cfg tireplay/both-ways-window:1 --cfg 'tireplay/both-ways-factor-after-pause:65552:0' -- \
  "${exchange[@]}" "${small[@]}" "${exchange[@]}"
check comm_split_ends_sequence 0.02200032 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' \
  --cfg tireplay/both-ways-window:1 --cfg 'tireplay/both-ways-factor-after-pause:65552:0' -- \
  "${exchange[@]}" "0 comm_split 1 2 0 1" "1 comm_split 1 2 0 1" "${exchange[@]}"
check no_small_message 0.03200048 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' \
  --cfg tireplay/both-ways-window:1 --cfg 'tireplay/both-ways-factor-after-pause:65552:0' -- \
  "${exchange[@]}" "${exchange[@]}"
check exchanges_no_window 0.07300096 duplex_link.xml --cfg 'tireplay/both-ways-factor:65552:1' -- "${sequence[@]}"
# Two pairs of ranks crossing the link at once (ranks 0, 1 on h0; 0-2 and 1-3 exchange): each way carries both
# pairs' messages and one echo between them, not two (the second message finds the first one's echo in flight with
# all its bytes left): 0.001 + 3 x 1000016 / 1e8 (with two echoes it would be 4 x, without any 2 x).
printf 'h0\nh0\nh1\nh1\n' > "$scratch/two_pairs.txt"
check two_pairs_both_ways 0.03100048 duplex_link.xml --hostfile "$scratch/two_pairs.txt" \
  --cfg 'tireplay/both-ways-factor:65552:1' -- "0 isend 2 0 1000000" "0 irecv 2 0 1000000" "0 waitall" \
  "2 isend 0 0 1000000" "2 irecv 0 0 1000000" "2 waitall" "1 isend 3 0 1000000" "1 irecv 3 0 1000000" "1 waitall" \
  "3 isend 1 0 1000000" "3 irecv 1 0 1000000" "3 waitall"
# Two ranks of one host: nothing moves back (the loopback, SimGrid's 10 GB/s and no latency): 1000016 / 1e10.
printf 'h0\nh0\n' > "$scratch/one_host.txt"
check exchange_one_host_both_ways 0.0001000016 duplex_link.xml --hostfile "$scratch/one_host.txt" \
  --cfg 'tireplay/both-ways-factor:65552:1' -- "${exchange[@]}"

# tireplay/polling: a rank waiting in MPI keeps polling on its host's core. Rank 1 waits for rank 0's message while
# rank 0 computes 1 s on the same one-core host: polling, rank 0 gets half the core (2 s), then the loopback's
# 1016 / 1e10. Without polling, or with the ranks on two hosts (nobody to take the core from), 1 s.
wait_on_one_core=("0 compute 1e9" "0 send 1 0 1000" "1 recv 0 0 1000")
check one_core_no_polling 1.0000001016 duplex_link.xml --hostfile "$scratch/one_host.txt" -- "${wait_on_one_core[@]}"
check one_core_polling 2.0000001016 duplex_link.xml --hostfile "$scratch/one_host.txt" --cfg tireplay/polling:yes -- \
  "${wait_on_one_core[@]}"
check two_hosts_polling 1.00101016 duplex_link.xml --cfg tireplay/polling:yes -- "${wait_on_one_core[@]}"
# Two ranks computing at once share the core whether they poll or not (2 s each), then rank 1 waits for rank 0's
# second computation (0.5e9 flops): polling, rank 0 has half the core for it (1 s more), without, 0.5 s.
both_compute=("0 compute 1e9" "0 compute 5e8" "0 send 1 0 1000" "1 compute 1e9" "1 recv 0 0 1000")
check shared_core 2.5000001016 duplex_link.xml --hostfile "$scratch/one_host.txt" -- "${both_compute[@]}"
check shared_core_polling 3.0000001016 duplex_link.xml --hostfile "$scratch/one_host.txt" --cfg tireplay/polling:yes \
  -- "${both_compute[@]}"

# tireplay/wakeup-delay: ranks 0 and 1 share h0's core, rank 2 is on h1. Rank 1 waits for rank 2's message
# (there at T(1000)) while rank 0 computes 1e7 flops (to 0.01 s): with a 2 ms delay rank 1 sees it at T(1000) + 2 ms
# and answers; rank 2 has the answer T(1000) later and computes 1 s: 1.00402032 (1.00202032 without the delay).
# Rank 0 computing only 1.5e6 flops frees the core at 1.5 ms, before the delay is over: 0.0015 + T(1000) + 1. A
# neighbour that sleeps holds no core: no delay.
printf 'h0\nh0\nh1\n' > "$scratch/shared_h0.txt"
wakeup=("1 recv 2 0 1000" "1 send 2 0 1000" "2 send 1 0 1000" "2 recv 1 0 1000" "2 compute 1e9")
check wakeup_delay 1.00402032 duplex_link.xml --hostfile "$scratch/shared_h0.txt" --cfg tireplay/wakeup-delay:2ms -- \
  "0 compute 1e7" "${wakeup[@]}"
check wakeup_no_delay 1.00202032 duplex_link.xml --hostfile "$scratch/shared_h0.txt" -- "0 compute 1e7" "${wakeup[@]}"
check wakeup_core_freed 1.00251016 duplex_link.xml --hostfile "$scratch/shared_h0.txt" \
  --cfg tireplay/wakeup-delay:2ms -- "0 compute 1.5e6" "${wakeup[@]}"
check wakeup_neighbour_sleeps 1.00202032 duplex_link.xml --hostfile "$scratch/shared_h0.txt" \
  --cfg tireplay/wakeup-delay:2ms -- "0 sleep 0.01" "${wakeup[@]}"
# A rank whose message is there when it waits does not block: no delay. Rank 1 computes 1e6 flops first (2 ms at
# half speed on the shared core); the message, eager below smpi/async-small-thresh, waits for it since T(1000):
# 0.002 + T(1000) + 1.
check wakeup_not_blocked 1.00301016 duplex_link.xml --hostfile "$scratch/shared_h0.txt" \
  --cfg tireplay/wakeup-delay:2ms --cfg smpi/async-small-thresh:2000 -- "0 compute 1e7" "1 compute 1e6" "${wakeup[@]}"
# A neighbour's computation that starts at the date a wait ends does not delay it, whichever of the two ranks the
# engine runs first at that date (the two levels' orders differ): rank 2 sends 1000 bytes to ranks 0 and 1 at once,
# which share the link and arrive together at 1 ms + 1016 / 5e7; rank 0 then computes, rank 1 answers rank 2 at
# once: T(1000) later rank 2 computes 1 s: 1.00203048 (2 ms more if rank 1 waited for rank 0's computation).
check wakeup_same_date 1.00203048 duplex_link.xml --hostfile "$scratch/shared_h0.txt" --cfg tireplay/wakeup-delay:2ms \
  -- "0 recv 2 0 1000" "0 compute 1e7" "1 recv 2 0 1000" "1 send 2 0 1000" "2 send 0 0 1000" "2 send 1 0 1000" \
  "2 recv 1 0 1000" "2 compute 1e9"

# A trace's `poll` (docs/trace-format.md): checks for messages between pieces of work, each taking tireplay/poll-cpu
# of the host's core (nothing by default, as SMPI's replay has no such action), tireplay/poll-cpu-shared on a host
# holding more ranks than cores. Rank 0 alone on its host: 1000 x 10 us, then 1 s. Ranks 0 and 1 on h0's one core:
# rank 0's 1000 checks at 20 us take 0.02 s of the core that rank 1's 1 s of computation shares: 1.02.
check poll_free 1 one_link.xml -- "0 poll 1000" "0 compute 1e9" "1 compute 5e8"
check poll_cpu 1.01 one_link.xml --cfg tireplay/poll-cpu:10us -- "0 poll 1000" "0 compute 1e9" "1 compute 5e8"
check poll_cpu_shared 1.02 duplex_link.xml --hostfile "$scratch/shared_h0.txt" --cfg tireplay/poll-cpu:10us \
  --cfg tireplay/poll-cpu-shared:20us -- "0 poll 1000" "1 compute 1e9" "2 init"
check poll_cpu_not_shared 1.01 duplex_link.xml --cfg tireplay/poll-cpu:10us --cfg tireplay/poll-cpu-shared:20us -- \
  "0 poll 1000" "0 compute 1e9" "1 init"

# tireplay/async-progress:no: a rendezvous message between hosts moves once the receiver answered from inside MPI
# and the sender saw the answer from inside MPI. A receiver computing 0.2 s after its irecv answers the request
# (sent at 1 ms) at its wait: 0.2 + T(1e6), not 0.2 (the bytes moved meanwhile); a sender computing after its isend
# sends at its wait: the same.
late_receiver=("0 compute 1e6" "0 send 1 0 1000000" "1 irecv 0 0 1000000" "1 compute 2e8" "1 wait 0 1 0")
late_sender=("0 isend 1 0 1000000" "0 compute 2e8" "0 wait 0 1 0" "1 recv 0 0 1000000")
check progress_receiver_computes 0.21100016 duplex_link.xml --cfg tireplay/async-progress:no -- "${late_receiver[@]}"
check async_receiver_computes 0.2 duplex_link.xml -- "${late_receiver[@]}"
check progress_sender_computes 0.21100016 duplex_link.xml --cfg tireplay/async-progress:no -- "${late_sender[@]}"
# A sender whose trace ends after its isend answers from inside MPI_Finalize: the receive, posted at 1 ms, gets
# the bytes T(1e6) later.
check progress_sender_finished 0.01200016 duplex_link.xml --cfg tireplay/async-progress:no -- "0 isend 1 0 1000000" \
  "1 compute 1e6" "1 recv 0 0 1000000"
# With ranks sharing h0's core: from 1 ms, rank 1 waits for rank 2's 1e6 bytes while rank 0 computes 0.1 s (from 0:
# a computation that starts at the date of a request does not delay its answer). It answers rank 2's request 2 ms
# late (rank 2, alone on h1, sends at once): the bytes arrive at 0.003 + T(1e6), which rank 1 sees 2 ms later still;
# its 1000-byte answer reaches rank 2 T(1000) later, which computes 1 s: 1.01701032 (1.01501032 when the bytes move
# from the start, async-progress on).
shared_rendezvous=("0 compute 1e8" "1 sleep 0.001" "1 recv 2 0 1000000" "1 send 2 0 1000" "2 sleep 0.001"
  "2 send 1 0 1000000" "2 recv 1 0 1000" "2 compute 1e9")
check progress_shared_core 1.01701032 duplex_link.xml --hostfile "$scratch/shared_h0.txt" --cfg tireplay/async-progress:no \
  --cfg tireplay/wakeup-delay:2ms -- "${shared_rendezvous[@]}"
check async_shared_core 1.01501032 duplex_link.xml --hostfile "$scratch/shared_h0.txt" --cfg tireplay/wakeup-delay:2ms \
  -- "${shared_rendezvous[@]}"
# Both halves of a rendezvous posted at one date, each rank then computing 0.2 s: whichever the engine runs first,
# the rank posting second answers or sends at once and the other at its wait: the bytes move at 0.2, 0.2 + T(1e6).
check progress_same_date 0.21100016 duplex_link.xml --cfg tireplay/async-progress:no -- "0 isend 1 0 1000000" \
  "0 compute 2e8" "0 wait 0 1 0" "1 irecv 0 0 1000000" "1 compute 2e8" "1 wait 0 1 0"
# A rank whose wait ends at the date its partner posts the other half is inside MPI at it, whichever the engine runs
# first: rank 1 posts its receive of tag 0 at 1 ms, where waiting rank 0 sends at once; both waits end at
# 0.001 + T(1e6) = 0.01200016, where rank 1 posts its receive of tag 1: rank 0, leaving its wait, sends at once (to
# 0.02300032), computes 1 s and finds the bytes arrived: 1.01200016 (it sent at its second wait, 1.02300032, when
# the engine ran it out of its wait first: each case at one level; a hostile trial's, 6.7% with collectives and SMPI
# overheads). The same with rank 0 posting its sends at 1 ms.
wait_ends=("0 isend 1 0 1000000" "0 isend 1 1 1000000" "0 wait 0 1 0" "0 compute 1e9" "0 wait 0 1 1"
  "1 recv 0 0 1000000" "1 recv 0 1 1000000")
check progress_wait_ends_receiver_late 1.01200016 duplex_link.xml --cfg tireplay/async-progress:no -- \
  "1 compute 1e6" "${wait_ends[@]}"
check progress_wait_ends_sender_late 1.01200016 duplex_link.xml --cfg tireplay/async-progress:no -- \
  "0 compute 1e6" "${wait_ends[@]}"

# A CPU quota (host.quota): h1 runs the first half of each 100 ms period. Rank 1's 1e8 flops (0.1 s at full speed)
# run from 0 to 0.05 s and from 0.1 to 0.15 s; with a 20 ms period, 10 ms of each: to 0.19 s. A rank posts only
# while its host runs: rank 1 computes to the stop (0.05 s), so its receive is posted at 0.1 s, where rank 0's
# message (sent at 0.06 s) moves: 0.1 + T(1000); without the quota, 0.06 + T(1000). A receive posted at 0 completes
# at 0.06 + T(1000), in the stop: rank 1 sees it at 0.1 s.
check quota_compute 0.15 duplex_link.xml --set host.quota@h1=0.5 -- "0 compute 1e6" "1 compute 1e8"
check quota_short_period 0.19 duplex_link.xml --set host.quota@h1=0.5 --cfg tireplay/quota-period:20ms -- \
  "0 compute 1e6" "1 compute 1e8"
# 1000 s of computation under 0.5 of 1 ms periods: 2e6 periods, the last one's share ending at 1999.9995 s.
check quota_long 1999.9995 duplex_link.xml --set host.quota@h1=0.5 --cfg tireplay/quota-period:1ms -- \
  "0 compute 1e6" "1 compute 1e12"
stopped_receiver=("0 compute 6e7" "0 send 1 0 1000" "1 compute 5e7" "1 recv 0 0 1000")
check quota_stopped_receiver 0.10101016 duplex_link.xml --set host.quota@h1=50% -- "${stopped_receiver[@]}"
check no_quota_receiver 0.06101016 duplex_link.xml -- "${stopped_receiver[@]}"
check quota_seen_later 0.1 duplex_link.xml --set host.quota@h1=50% -- "0 compute 6e7" "0 send 1 0 1000" \
  "1 recv 0 0 1000"
# Without asynchronous progress, a rendezvous to a stopped host waits for it to answer: rank 0's 1e6 bytes, sent at
# 0.06 s, start at 0.1 s when h1 runs again: 0.1 + T(1e6). With it, they move at once and rank 1 sees them at 0.1 s.
quota_rendezvous=("0 compute 6e7" "0 send 1 0 1000000" "1 recv 0 0 1000000")
check quota_rendezvous 0.11100016 duplex_link.xml --set host.quota@h1=50% --cfg tireplay/async-progress:no -- \
  "${quota_rendezvous[@]}"
check quota_rendezvous_async 0.1 duplex_link.xml --set host.quota@h1=50% -- "${quota_rendezvous[@]}"

# tireplay/transport-cpu: a message between hosts costs CPU on a host holding more ranks than cores (ranks 0 and 1
# share h0's core; rank 2 has h1's). Rank 0's 1e6 bytes to rank 2 cost it 0.001 + 0.01 x 999000 / 1e6 = 0.01099 s on
# the line between the two points: under T(1e6) = 0.01100016, hidden; with 0.021 at the second point (0.02098 s), the
# send ends with its CPU time (rank 2, alone on its core, pays nothing). Rank 1 computing 1e7 flops beside rank 0's
# send shares the core with it: half speed for 0.01 s, then alone, 0.015 s. With a rank per host, or within one
# host (the calibration's message times hold it), nothing: T(1e6), and 1000016 / 1e10 on the loopback.
printf 'h0\nh0\nh1\n' > "$scratch/sender_shares.txt"
one_message=("0 send 2 0 1000000" "2 recv 0 0 1000000")
check transport_cpu_hidden 0.01100016 duplex_link.xml --hostfile "$scratch/sender_shares.txt" \
  --cfg 'tireplay/transport-cpu:1000:0.001;1001000:0.011' -- "${one_message[@]}"
check transport_cpu_longer 0.02098 duplex_link.xml --hostfile "$scratch/sender_shares.txt" \
  --cfg 'tireplay/transport-cpu:1000:0.001;1001000:0.021' -- "${one_message[@]}"
check transport_cpu_shares_core 0.015 duplex_link.xml --hostfile "$scratch/sender_shares.txt" \
  --cfg 'tireplay/transport-cpu:1000000:0.005' -- "${one_message[@]}" "1 compute 1e7"
check transport_cpu_core_each 0.01100016 duplex_link.xml --cfg 'tireplay/transport-cpu:1000000:0.5' -- \
  "0 send 1 0 1000000" "1 recv 0 0 1000000"
check transport_cpu_one_host 0.0001000016 duplex_link.xml --hostfile "$scratch/one_host.txt" \
  --cfg 'tireplay/transport-cpu:1000000:0.5' -- "0 send 1 0 1000000" "1 recv 0 0 1000000"
# A receive from any source matched at the date its wait starts pays after the bytes have come, whichever of the
# receiver and the sender the engine runs first at that date: T(1e6) + 0.01 (rank 2, alone on h1, pays nothing).
check transport_cpu_any_source 0.02100016 duplex_link.xml --hostfile "$scratch/sender_shares.txt" \
  --cfg 'tireplay/transport-cpu:1000000:0.01' -- "0 recv -1 0 1000000" "1 init" "2 send 0 0 1000000"

# Links a message reaches at one date are all shared (SimGrid 3.32's lazy updates, its default, leave a link out when
# several messages end their latency together: tools/repro/lazy_updates). On cluster_figure5 (125 MB/s private links,
# L = 3 x 16.67 us): D (h2->h1) and E (h1->h1) of 10 MB from 0; at 1 ms, A (h3->h1), B (h3->h0) and C (h2->h0) of
# 1 MB. h1's down link holds D, E, A (41.67 MB/s each); B and C share h0's down link at 62.5 MB/s (lazy: 83.3 each,
# 166 MB/s through a 125 MB/s link), then rank 4 computes 1 s: 1 + 0.001 + L + 1000016 / 62.5e6.
printf 'mycluster-%s.mysite.fr\n' 2 1 1 3 0 2 > "$scratch/six_on_four.txt"
check latency_ends_together 1.017050266 ../../platforms/cluster_figure5.xml --hostfile "$scratch/six_on_four.txt" -- \
  "0 isend 1 0 10000000" "0 waitall 1" "1 irecv 0 0 10000000" "1 irecv 2 0 10000000" "1 irecv 3 0 1000000" \
  "1 waitall 3" "2 isend 1 0 10000000" "2 waitall 1" "3 compute 1170000" "3 isend 1 0 1000000" \
  "3 isend 4 0 1000000" "3 waitall 2" "4 irecv 3 0 1000000" "4 irecv 5 0 1000000" "4 waitall 2" \
  "4 compute 1170000000" "5 compute 1170000" "5 isend 4 0 1000000" "5 waitall 1"

# Two zones' hosts are two hosts (SimGrid numbers hosts within each zone: cluster1-0 and cluster2-0 shared a number,
# and async-progress:no took them for one host): rank 1 computes 0.2 s after its irecv, the 1 MB moves when it waits,
# across two_level.xml's interconnect (L = 50 us + 1 ms + 50 us, 12.5 MB/s): 0.2 + 0.0011 + 1000016 / 12.5e6.
printf 'cluster1-0.site1.fr\ncluster2-0.site2.fr\n' > "$scratch/two_zones.txt"
check async_progress_two_zones 0.28110128 ../../platforms/two_level.xml --hostfile "$scratch/two_zones.txt" \
  --cfg tireplay/async-progress:no -- "0 isend 1 0 1000000" "0 wait 0 1 0" "1 irecv 0 0 1000000" "1 compute 2e8" \
  "1 wait 0 1 0"

# Determinism: the same inputs give the same JSON summary, bit for bit, but for the wall time.
for run in 1 2; do
  "$tireplay" replay --platform "$source_dir/platforms/cluster_figure5.xml" \
    --hostfile "$source_dir/platforms/hosts_figure5.txt" --trace "$source_dir/traces/recorded/coll_alltoall/index.txt" \
    --quiet --json "$scratch/determinism$run.json" ${every_run[@]+"${every_run[@]}"}
  grep -v '"wall_seconds"' "$scratch/determinism$run.json" > "$scratch/determinism$run.cut"
done
if cmp -s "$scratch/determinism1.cut" "$scratch/determinism2.cut"; then
  echo "ok   determinism"
else
  echo "FAIL determinism: two replays of the same trace differ"
  failures=$((failures + 1))
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures engine time checks failed"
  exit 1
fi
echo "all engine time checks passed"
