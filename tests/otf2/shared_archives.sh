#!/usr/bin/env bash
# otf2ti on the real archives of ../shared/data/otf2 (skipped when absent): what each converts to, checked by
# hand from otf2-print, and that the converted traces replay.
# Usage: shared_archives.sh OTF2TI TIREPLAY SOURCE_DIR SCRATCH
set -euo pipefail
otf2ti=$1 tireplay=$2 src=$3 scratch=$4
data=$src/../shared/data/otf2
mkdir -p "$scratch"
[ -d "$data" ] || { echo "no $data: skipped"; exit 0; }
fail() { echo "FAIL: $*"; exit 1; }
convert() { rm -rf "$scratch/$1"; "$otf2ti" "$data/$2/traces.otf2" -o "$scratch/$1" --threads 2 2> "$scratch/$1.err"; }
replays() { "$tireplay" replay --platform "$src/platforms/cluster_16.xml" --hostfile "$src/platforms/hosts_16.txt" \
  --trace "$scratch/$1/trace.txt" --quiet || fail "$1: the converted trace does not replay"; }
rank_file() { echo "$scratch/$1/trace.txt_files/0.000000_rank-$(($2 + 1)).txt"; }

# Ping-pong, 2 ranks: 16 sends and 16 receives each way in all, 16 KiB to 2 MiB (otf2-print: MPI_SEND / MPI_RECV).
convert pingpong pipit/ping-pong-otf2 || fail "ping-pong: $(cat "$scratch/pingpong.err")"
[ "$(grep -c ' send 1 10 ' "$(rank_file pingpong 0)")" = 8 ] || fail "ping-pong: rank 0 should send 8 messages"
[ "$(grep -c ' recv 0 10 ' "$(rank_file pingpong 1)")" = 8 ] || fail "ping-pong: rank 1 should receive 8 messages"
grep -q '^0 send 1 10 2097152$' "$(rank_file pingpong 0)" || fail "ping-pong: no 2 MiB send"
grep -q 'no flop counter' "$scratch/pingpong.err" || fail "ping-pong: the flop-rate fallback is not announced"
replays pingpong

# SST Ember: one MPI_Bcast of 4096 bytes from root 0 on 4 ranks.
convert ember sst-elements/test_emberotf2 || fail "ember: $(cat "$scratch/ember.err")"
for r in 0 1 2 3; do grep -q "^$r bcast 4096 0\$" "$(rank_file ember $r)" || fail "ember: rank $r has no 'bcast 4096 0'"; done
replays ember

# SST/macro coverage, 10 ranks: Comm_split into 4 pairs (ranks r and r + 6, r < 4), isend/irecv with waits.
convert macro sst-macro/otf2_test_traces || fail "macro: $(cat "$scratch/macro.err")"
grep -q '^0 comm_split 1 2 0 6$' "$(rank_file macro 0)" || fail "macro: rank 0 lacks its communicator {0, 6}"
grep -q '^6 comm_split 1 2 0 6$' "$(rank_file macro 6)" || fail "macro: rank 6 lacks its communicator {0, 6}"
grep -q '^6 allreduce [0-9]* 0 comm=1$' "$(rank_file macro 6)" || fail "macro: rank 6 allreduces nothing on its communicator"
[ "$(grep -c ' i[sr][ec][nc][dv] ' "$(rank_file macro 0)")" = "$(grep -c ' wait ' "$(rank_file macro 0)")" ] ||
  fail "macro: rank 0's isends and irecvs and their waits differ in number"
grep -q 'no MPI event .* MPI_Iallgather x360 (10 ranks) MPI_Iallreduce x360 (10 ranks) MPI_Ialltoall x360 (10 ranks)' \
  "$scratch/macro.err" || fail "macro: its non-blocking collectives, recorded without events, are not reported"
replays macro

# python3-otf2 synthetic run, 4 ranks with PAPI_FP_OPS: 3 iterations of a 1e6-flop kernel, an isend/irecv ring
# (tag 100 + i, 8 KiB), a 64 KiB send to the partner and a 1 KiB reply, an allreduce of 64 bytes; then a 4 KiB
# bcast from 0 (its root records 12288 bytes sent and 0 received, unlike Score-P) and a barrier.
convert synthetic synthetic_mpi_4 || fail "synthetic: $(cat "$scratch/synthetic.err")"
! grep -q 'no flop counter' "$scratch/synthetic.err" || fail "synthetic: PAPI_FP_OPS was not used"
for r in 0 1 2 3; do
  f=$(rank_file synthetic $r)
  [ "$(grep -c "^$r compute 1000000\$" "$f")" = 3 ] || fail "synthetic: rank $r should compute 1e6 flops 3 times"
  [ "$(grep -c ' compute ' "$f")" = 3 ] || fail "synthetic: rank $r has computations besides the kernels"
  grep -q "^$r bcast 4096 0\$" "$f" || fail "synthetic: rank $r has no 'bcast 4096 0'"
  [ "$(grep -c "^$r allreduce 64 0\$" "$f")" = 3 ] || fail "synthetic: rank $r should allreduce 64 bytes 3 times"
done
grep -q '^0 isend 1 102 8192$' "$(rank_file synthetic 0)" || fail "synthetic: rank 0's third ring isend"
grep -q '^0 wait 3 0 102$' "$(rank_file synthetic 0)" || fail "synthetic: rank 0's wait for its third ring irecv"
replays synthetic

# fastotf2: HIP only, no MPI: refused with exit 2 and a reason, no output.
set +e
"$otf2ti" "$data/fastotf2/simple-mi300-example-run/traces.otf2" -o "$scratch/hip" 2> "$scratch/hip.err"
status=$?
set -e
[ "$status" = 2 ] || fail "fastotf2: exit $status, expected 2"
grep -q 'not a trace of an MPI run' "$scratch/hip.err" || fail "fastotf2: unclear refusal: $(cat "$scratch/hip.err")"
[ ! -e "$scratch/hip/trace.txt" ] || fail "fastotf2: output written anyway"
echo "all shared OTF2 archives convert as expected"
