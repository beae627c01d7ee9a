#!/usr/bin/env bash
# Persistent buffered sends under the tracer (tests/otf2/bsend_init.c on 2 ranks): the MpiIsend of each MPI_Start or
# MPI_Startall of an MPI_Bsend_init request carries tireplay::send_mode = 1, so otf2ti writes it as MPI_Ibsend's, an
# `ibsend` (detached whatever its size, after smpi/ois), and its MPI_Wait or MPI_Test as the usual `wait` (after a
# `test`), which the replay finds complete (it was waited as any isend: a replayed rendezvous that blocked rank 0
# until rank 1 had computed and taken the message, 0.437 s predicted for a 0.266 s run; then an `isend` with no
# wait, which rank 0 waited for at its end). Then rank 0's computation starts at once in the replay: its longest
# computation starts in the first half of rank 1's (after its end when waited), and rank 0 finishes before rank 1
# has received the second message (its end, from where the replay's last receive of rank 1 ends).
# A small request started three times with MPI_Start and MPI_Wait while rank 1 computes (tests/otf2/bsend_restart.c:
# Open MPI 4.1 gives each restart a new handle, its previous message being still in flight) is three `ibsend`s, each
# followed by its `wait`, and the replayed rank 0 ends before rank 1's first receive.
# usage: bsend_init.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
source "$src/tests/otf2/trace_program.sh"
trace_program bsend_init 2
failures=0
rank0=ti/trace.txt_files/0.000000_rank-1.txt
# (`test` lines, which the polling loop writes or not as the copy happens to end, are left out)
actions=$(grep -v -e '^#' -e ' compute ' -e ' poll ' -e ' init' -e ' finalize' -e ' test ' "$rank0" | cut -d' ' -f2- |
  paste -sd';')
# Open MPI 4.1 gives the second start a new handle (its first message is still in the buffer, in flight): the tracer
# follows it, or the second start's MPI_Test finds no request it knows and records no completion (an ibsend with no
# wait).
want="ibsend 1 2 1048576;wait 0 1 2;ibsend 1 2 1048576;wait 0 1 2"
if [ "$actions" = "$want" ]; then echo "ok   rank 0's actions: $actions"; else
  echo "FAIL rank 0's actions: $actions, want $want"; failures=$((failures + 1)); fi
for level in full fast; do
  if "$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt -q \
    --fidelity "$level" --events-csv "$level.csv" > "replay_$level.log" 2>&1 &&
    awk -F, '$2 == "compute" && $1 == 0 && $7 + 0 > f0 { f0 = $7; s0 = $4 }
             $2 == "compute" && $1 == 1 && $7 + 0 > f1 { f1 = $7; e1 = $5 }
             $1 == 0 && $5 + 0 > end0 { end0 = $5 } $1 == 1 && $2 == "recv" { recv1 = $5 }
             END { exit !(s0 + 0 < e1 / 2 && end0 + 0 < recv1 + 0) }' "$level.csv"; then
    echo "ok   $level: rank 0 computes before rank 1 has received, and ends before"
  else
    echo "FAIL the $level level: rank 0 waited for rank 1:"; cat "replay_$level.log"; failures=$((failures + 1))
  fi
done

trace_program bsend_restart 2
actions=$(grep -v -e '^#' -e ' compute ' -e ' poll ' -e ' init' -e ' finalize' "$rank0" | cut -d' ' -f2- | paste -sd';')
want="ibsend 1 3 8000;wait 0 1 3;ibsend 1 3 8000;wait 0 1 3;ibsend 1 3 8000;wait 0 1 3"
if [ "$actions" = "$want" ]; then echo "ok   restarts: rank 0's actions: $actions"; else
  echo "FAIL restarts: rank 0's actions: $actions, want $want"; failures=$((failures + 1)); fi
if "$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt -q \
  --events-csv restart.csv > replay_restart.log 2>&1 &&
  awk -F, '$1 == 0 && $5 + 0 > end0 { end0 = $5 } $1 == 1 && $2 == "recv" && recv1 == "" { recv1 = $4 }
           END { exit !(end0 + 0 < recv1 + 0) }' restart.csv; then
  echo "ok   restarts: rank 0 ends before rank 1's first receive"
else
  echo "FAIL restarts: rank 0 waited for rank 1:"; cat replay_restart.log; failures=$((failures + 1))
fi
[ "$failures" -eq 0 ] || exit 1
echo "bsend_init: every check passed"
