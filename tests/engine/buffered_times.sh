#!/usr/bin/env bash
# Buffered sends (docs/trace-format.md §4): `bsend` and `ibsend` are a send and an isend that detach whatever their
# size, as SMPI's MPI_Bsend and MPI_Ibsend do (MPI_REQ_BSEND): the sender waits for no receiver, after smpi/os
# (bsend) or smpi/ois (ibsend). Times computed by hand on one_link.xml (hand_check.sh: T(S) = L + (S + 16) / B,
# L = 1 ms, B = 100 MB/s, hosts of 1 Gf/s), then against smpirun -replay as far as SimGrid 3.32 goes: its replay
# has neither action (it aborts: "action bsend is unknown"), so it replays the same trace written with `send` and
# `isend` and smpi/send-is-detached-thresh above the messages' sizes, which is what its MPI_Bsend does.
# Usage: buffered_times.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR [REPLAY OPTION...]
set -uo pipefail
tireplay=$1
source_dir=$2
here=$2/tests/engine
scratch=$3
shift 3
every_run=("$@")
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
failures=0

source "$here/hand_check.sh"  # check NAME EXPECTED PLATFORM [options] -- trace lines

# T(1e6) = 0.001 + 1000016/1e8 = 0.01100016      T(2e6) = 0.001 + 2000016/1e8 = 0.02100016
# Rank 0 computes from 0 to 1 s at once: its 1 MB does not wait for rank 1, which receives it at 0.5 s (0.511 s).
# (As a `send`, rank 0 computed once rank 1 took the message: 1.51100016, engine_times.sh rendezvous_blocks_sender.)
check bsend_does_not_block 1 one_link.xml -- "0 bsend 1 0 1000000" "0 compute 1e9" "1 compute 5e8" \
  "1 recv 0 0 1000000"
# An ibsend's wait finds it complete (as an isend's, it waited until 0.511 s).
check ibsend_wait_does_not_block 1 one_link.xml -- "0 ibsend 1 0 1000000" "0 wait 0 1 0" "0 compute 1e9" \
  "1 compute 5e8" "1 recv 0 0 1000000"
# The message waits in rank 1's queue until its receive at 1 s: 1 + T(1e6).
check bsend_late_receiver 1.01100016 one_link.xml -- "0 bsend 1 0 1000000" "1 compute 1e9" "1 recv 0 0 1000000"
check ibsend_test_late_receiver 1.01100016 one_link.xml -- "0 ibsend 1 0 1000000" "0 test 0 1 0" \
  "1 compute 1e9" "1 recv 0 0 1000000"
# smpi/os = 1 ms for the bsend, smpi/ois = 2 ms for the ibsend: rank 0 ends at 0.303 s; rank 1 receives the 1 MB
# at 0.5 s (to 0.51100016), then the 2 MB: 0.51100016 + T(2e6) = 0.53200032.
overheads=(--cfg smpi/os:0:0.001:0 --cfg smpi/ois:0:0.002:0)
lines=("0 init" "1 init" "0 bsend 1 0 1000000" "0 compute 1e8" "0 ibsend 1 1 2000000" "0 compute 1e8" "0 wait 0 1 1"
       "0 compute 1e8" "1 compute 5e8" "1 recv 0 0 1000000" "1 recv 0 1 2000000" "0 finalize" "1 finalize")
check overheads 0.53200032 one_link.xml "${overheads[@]}" -- "${lines[@]}"

if command -v smpirun > /dev/null; then
  printf '%s\n' h0 h1 > "$scratch/hosts.txt"
  smpirun_cfg=(--cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=network/crosstraffic:0
               --cfg=smpi/os:0:0.001:0 --cfg=smpi/ois:0:0.002:0)
  smpirun_time() { bash "$source_dir/tests/e2e/smpirun_time.sh" "$1" 2 "$here/one_link.xml" "$scratch/hosts.txt" \
                     "${smpirun_cfg[@]}" "${@:2}" 2> "$scratch/smpirun.err"; }
  printf '%s\n' "${lines[@]}" > "$scratch/bsend.txt"
  sed 's/ bsend / send /; s/ ibsend / isend /' "$scratch/bsend.txt" > "$scratch/send.txt"
  if smpirun_time "$scratch/bsend.txt" > /dev/null || ! grep -q "action bsend is unknown" "$scratch/smpirun.err"; then
    echo "FAIL smpirun_bsend: SimGrid's replay now knows bsend: compare with it directly (trace-format.md §11)"
    failures=$((failures + 1))
  else
    echo "ok   smpirun_bsend: SimGrid 3.32's replay refuses bsend"
  fi
  expected=$(smpirun_time "$scratch/send.txt" --cfg=smpi/send-is-detached-thresh:4000000)
  got=$(sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$scratch/overheads.json")
  # (smpirun prints its time to 15 decimals)
  if [ -n "$expected" ] && awk -v g="$got" -v e="$expected" 'BEGIN { d = g - e; exit !((d < 0 ? -d : d) <= 1e-12) }'
  then echo "ok   smpirun_detached_sends: $got (smpirun -replay, sends detached: $expected)"
  else echo "FAIL smpirun_detached_sends: $got, smpirun -replay $expected $(cat "$scratch/smpirun.err")"
       failures=$((failures + 1)); fi
fi

[ "$failures" -eq 0 ] || { echo "buffered_times: $failures check(s) failed"; exit 1; }
echo "buffered_times: every check passed"
