#!/usr/bin/env bash
# Requests of one key waited in another order than posted (tests/otf2/wait_order.c on 2 ranks): otf2ti names the
# request a wait takes when it is not the key's oldest (`wait src dst tag INDEX`) and leaves out the tests of such a
# request (the replay would test the oldest: tag 2's polling loop), so that the replay waits for the 1 MB receive
# before rank 0's computation, as the program did (it waited for the 8-byte one, and the computation overlapped the
# transfer).
# usage: wait_order.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
source "$src/tests/otf2/trace_program.sh"
trace_program wait_order 2
failures=0
actions() {
  grep -v -e '^#' -e ' compute ' -e ' poll ' -e ' init' -e ' finalize' "$1" | cut -d' ' -f2- | paste -sd';'
}
check() {  # NAME GOT WANT
  if [ "$2" = "$3" ]; then echo "ok   $1: $2"; else echo "FAIL $1: $2, want $3"; failures=$((failures + 1)); fi
}
check "rank 0's actions" "$(actions ti/trace.txt_files/0.000000_rank-1.txt)" \
  "irecv 1 1 8;irecv 1 1 1048576;wait 1 0 1 1;wait 1 0 1;irecv 1 2 8;irecv 1 2 1048576;wait 1 0 2 1;wait 1 0 2"
check "rank 1's actions" "$(actions ti/trace.txt_files/0.000000_rank-2.txt)" \
  "isend 0 1 8;isend 0 1 1048576;wait 1 0 1 1;wait 1 0 1;isend 0 2 8;isend 0 2 1048576;wait 1 0 2 1;wait 1 0 2"
# Rank 0's first wait is the 1 MB receive's (9.5 ms on this platform; the 8-byte one took 0.1 ms), and its
# computation follows it, at both levels
for level in full fast; do
  "$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt -q \
    --fidelity "$level" --events-csv "events_$level.csv" > "replay_$level.log" 2>&1 || cat "replay_$level.log"
  got=$(awk -F, '$1 == 0 && $2 == "wait" && !w { w = $5 } $1 == 0 && $2 == "compute" && w && !c { c = $4 }
                 END { print (w > 0.005 && c >= w) ? "yes" : "no: first wait ends at " w ", computation from " c }' \
          "events_$level.csv")
  check "the $level level: the computation after the 1 MB receive" "$got" yes
done
[ "$failures" -eq 0 ] || exit 1
echo "wait_order: every check passed"
