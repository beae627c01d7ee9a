#!/usr/bin/env bash
# Buffered sends (tests/otf2/buffered_archive.py): MPI_Bsend and MPI_Ibsend return once the message is copied, so
# otf2ti writes them as `bsend` and `ibsend` (docs/trace-format.md section 4), which the replay detaches whatever their
# size; the ibsend's MPI_Wait is its `wait`, which the replay finds complete. By hand, on cluster_figure5
# (1.17 Gf, smpi/os and smpi/ois 0): each rank's 0.3 s at 1e9 flop/s is C = 3e8 / 1.17e9 = 0.256 s. Rank 0's
# computation starts at once (the 1 MiB bsend does not wait for rank 1, which computes first) and rank 0 ends with
# it: its isend of 1000 bytes is detached (under 64 KiB) and its waits return at once, so it finishes at C. The run ends when rank 1 has received the 1 MiB, about 10 ms after C: under 1.2 C. Written as a `send`,
# rank 0 computed only once rank 1 took the message: 2 C + 10 ms (0.52 s); written as an `isend` with no wait of its
# own, a `wait` for it before the 1000 bytes' made rank 0 finish once rank 1 had taken the 1 MiB: C + 10 ms.
# Persistent buffered sends (buffered_archive.py persistent, as tireplay's tracer records them: each MPI_Start's
# MpiIsend of an MPI_Bsend_init request carries tireplay::send_mode = 1) are `ibsend`s, waited and tested where the
# program did. On tests/engine/one_link.xml, factors off (T(S) = 1 ms + (S + 16) / 100 MB/s, 1 Gf hosts): rank 0's
# two 1 MiB ibsends at 0 and 0.3 s, their wait at once, its test costs smpi/test (1e-4 s, factor 1): rank 0 ends at
# 0.3001 s; rank 1 receives them after its 0.3 s: 0.3 + 2 T(1 MiB) = 0.32297184 s, the run's time. As `isend`s with
# no wait, rank 0 waited at its end for the second until rank 1 took it: 0.32297184. Waited as any isend, rank 0
# computed once rank 1 took the first (0.3 + T), and the run took 0.62297184 s.
# usage: buffered_sends.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no python3-otf2)
set -uo pipefail
build=$1 src=$2 work=$3
/usr/bin/python3 -c 'import otf2' 2> /dev/null || { echo "buffered_sends: SKIP (needs python3-otf2)"; exit 77; }
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

PYTHONPATH=$src/tests/otf2 /usr/bin/python3 "$src/tests/otf2/buffered_archive.py" buffered || exit 1
"$build/otf2ti" buffered/traces.otf2 -o buffered.ti --flop-rate 1e9 --one-file 2> otf2ti.log ||
  { cat otf2ti.log; exit 1; }
! grep -q warning otf2ti.log || fail "otf2ti warned: $(cat otf2ti.log)"
rank() { grep "^$1 " buffered.ti/trace.txt | paste -sd '|'; }
want="0 init|0 bsend 1 0 1048576|0 compute 300000000|0 isend 1 0 1000|0 wait 0 1 0|0 ibsend 1 1 2000"
want+="|0 wait 0 1 1|0 finalize"
[ "$(rank 0)" = "$want" ] || fail "rank 0: got $(rank 0), want $want"
want="1 init|1 compute 300000000|1 recv 0 0 1048576|1 recv 0 0 1000|1 recv 0 1 2000|1 finalize"
[ "$(rank 1)" = "$want" ] || fail "rank 1: got $(rank 1), want $want"
[ "$failures" -eq 0 ] && echo "ok   actions: MPI_Bsend is a bsend, MPI_Ibsend an ibsend and its wait"

for level in full fast; do
  if ! "$build/tireplay" replay --fidelity $level --platform "$src/platforms/cluster_figure5.xml" \
    --trace buffered.ti/trace.txt --json $level.json --events-csv $level.csv -q > $level.log 2>&1; then
    fail "$level: the replay failed: $(cat $level.log)"; continue
  fi
  if /usr/bin/python3 - $level.json $level.csv <<'PY'
import csv, json, sys
c = 3e8 / 1.17e9
time = json.load(open(sys.argv[1]))["simulated_time"]
finish = json.load(open(sys.argv[1]))["per_rank"][0]["finish_time"]
rows = list(csv.DictReader(open(sys.argv[2])))
start = min(float(r["start"]) for r in rows if r["rank"] == "0" and r["action"] == "compute")
print(f"rank 0 computes from {start:.6f} s to {finish:.6f} s, the run takes {time:.6f} s (C = {c:.6f} s)")
sys.exit(0 if start < 1e-3 and abs(finish - c) < 1e-9 and c < time < 1.2 * c else 1)
PY
  then echo "ok   $level: rank 0 computes at once and ends with it, the run after rank 1's computation and the 1 MiB"
  else fail "$level: rank 0 waited for the buffered send, or the time is not as computed by hand"; fi
done
PYTHONPATH=$src/tests/otf2 /usr/bin/python3 "$src/tests/otf2/buffered_archive.py" persistent persistent || exit 1
"$build/otf2ti" persistent/traces.otf2 -o persistent.ti --flop-rate 1e9 --one-file 2> persistent.log ||
  { cat persistent.log; exit 1; }
got=$(grep '^0 ' persistent.ti/trace.txt | paste -sd '|')
want="0 init|0 ibsend 1 2 1048576|0 wait 0 1 2|0 compute 300000000|0 ibsend 1 2 1048576|0 test 0 1 2|0 wait 0 1 2"
want+="|0 finalize"
[ "$got" = "$want" ] && echo "ok   actions: MPI_Bsend_init's starts are ibsends, waited and tested as in the run" ||
  fail "persistent, rank 0: got $got, want $want"
# (earlier tracers' mark, tireplay::buffered_send = 1, reads the same)
PYTHONPATH=$src/tests/otf2 /usr/bin/python3 "$src/tests/otf2/buffered_archive.py" old persistent old || exit 1
"$build/otf2ti" old/traces.otf2 -o old.ti --flop-rate 1e9 --one-file 2> old.log || { cat old.log; exit 1; }
got=$(grep '^0 ' old.ti/trace.txt | paste -sd '|')
[ "$got" = "$want" ] && echo "ok   actions: the same with earlier tracers' tireplay::buffered_send" ||
  fail "persistent old, rank 0: got $got, want $want"
# A send mode no tracer writes is an error naming it, not an isend
PYTHONPATH=$src/tests/otf2 /usr/bin/python3 "$src/tests/otf2/buffered_archive.py" mode4 persistent mode4 || exit 1
if "$build/otf2ti" mode4/traces.otf2 -o mode4.ti --one-file 2> mode4.log; then rc=0; else rc=$?; fi
want_error="otf2ti: mode4/traces.otf2: location 0 (rank 0), event 6: MpiIsend in MPI_Start: tireplay::send_mode 4 is no"
want_error+=" send mode (1 buffered, 2 synchronous, 3 ready)"
[ "$rc" = 2 ] && [ "$(cat mode4.log)" = "$want_error" ] && echo "ok   an unknown send mode: exit 2, named" ||
  fail "send mode 4: exit $rc, $(cat mode4.log)"
for level in full fast; do
  "$build/tireplay" replay --fidelity $level --platform "$src/tests/engine/one_link.xml" \
    --trace persistent.ti/trace.txt --cfg smpi/bw-factor:0:1 --cfg smpi/lat-factor:0:1 --cfg network/crosstraffic:0 \
    -q --json persistent_$level.json > persistent_$level.log 2>&1
  got=$(/usr/bin/python3 -c 'import json, sys; j = json.load(open(sys.argv[1]))
print(j["simulated_time"], j["per_rank"][0]["finish_time"])' persistent_$level.json 2> /dev/null)
  if awk -v g="$got" 'BEGIN { split(g, t, " "); d = t[1] - 0.32297184; e = t[2] - 0.3001
    exit !(g != "" && (d < 0 ? -d : d) <= 1e-9 && (e < 0 ? -e : e) <= 1e-9) }'; then
    echo "ok   $level: persistent buffered sends, run and rank 0: $got s (0.3 + 2 T(1 MiB) = 0.32297184, 0.3001)"
  else fail "$level: persistent buffered sends, run and rank 0: $got s, not 0.32297184 0.3001" \
    "$(cat persistent_$level.log)"
  fi
done
# An MPI_Ibsend whose request is freed (MPI_Request_free: the buffer's detach completes it), then an MPI_Isend of its
# key and its MPI_Wait: the replay's wait takes the oldest request of the key, so the isend's completion is written
# after a `wait` for the ibsend (complete at once); a freed ibsend is not warned about as an isend never completed.
PYTHONPATH=$src/tests/otf2 /usr/bin/python3 "$src/tests/otf2/buffered_archive.py" freed freed || exit 1
"$build/otf2ti" freed/traces.otf2 -o freed.ti --flop-rate 1e9 --one-file 2> freed.log || { cat freed.log; exit 1; }
! grep -q warning freed.log || fail "freed: otf2ti warned: $(cat freed.log)"
got=$(grep '^0 ' freed.ti/trace.txt | paste -sd '|')
want="0 init|0 ibsend 1 0 1048576|0 isend 1 0 1000|0 wait 0 1 0|0 wait 0 1 0|0 finalize"
[ "$got" = "$want" ] && echo "ok   actions: a freed ibsend is waited before the isend of its key" ||
  fail "freed, rank 0: got $got, want $want"
[ "$failures" -eq 0 ] || { echo "buffered_sends: $failures check(s) failed"; exit 1; }
echo "buffered_sends: every check passed"
