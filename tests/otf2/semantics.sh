#!/usr/bin/env bash
# Point-to-point patterns that real codes use keep their meaning from the traced run to the replay
# (tests/otf2/semantics/*.c, 4 ranks): a non-periodic Cartesian halo exchange (MPI_Sendrecv and
# MPI_Sendrecv_replace with MPI_PROC_NULL at the ends), sendrecv against tagged send/recv/irecv, many small requests
# in flight completed by every wait and test (Open MPI shares one handle between requests complete at once),
# MPI_PROC_NULL in every kind of call, and reductions of a few elements (replayed, and run by SMPI, with Open MPI's
# rules, which go by element counts: the trace keeps elements and their size). Each program is traced natively (Open MPI + the tracer) and converted; then:
# - otf2ti says nothing but its notes (no warning);
# - check_semantics.py: the counts the program printed (actions, requests, completions, `# proc_null`), every
#   request completed once, no two computations in a row;
# - the replay exits 0 at both fidelity levels, with the same time (1e-6); `requests` with
#   smpi/grow-injected-times:no there: SMPI's growing test sleep is one counter shared by every rank, so where
#   two ranks wake at one date the order they run in moves it, and the fast level's order of same-date wake-ups
#   is not SimGrid's (docs/fidelity.md; seen on 1 recorded run in 30 or so: 0.05%);
# - with smpicc, the same program run by SMPI (online, MPI's real matching) on the same platform is the reference:
#   the trace without its computations (otf2ti --cpu-threshold 3600) replays to SMPI's time (1e-6). `requests` runs
#   with its waits only there (a polling loop of tests is the traced machine's timing), and SMPI with smpi/test:0:
#   SMPI's MPI_Waitsome, once a request completes, tests each other one, each test costing smpi/test (1e-4 s and
#   growing), which an MPI_Waitsome of Open MPI does not (with the default, SMPI's time is 57% over at 10 rounds).
# usage: semantics.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -euo pipefail
build=$(realpath "$1") src=$(realpath "$2") work=$3
tracer=$build/libtireplay_tracer.so
if ! command -v mpicc >/dev/null || [ ! -f "$tracer" ]; then
  echo "semantics: SKIP (needs mpicc and $tracer: tools/setup.sh installs them)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work" && cd "$work"
programs=$src/tests/otf2/semantics
platform=$src/platforms/cluster_figure5.xml hosts=$src/platforms/hosts_figure5.txt
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# trace NAME PROGRAM ARGS...: a native traced run on 4 ranks, converted to NAME.ti (and NAME.bare: no computations)
trace() {
  local name=$1
  shift
  TIREPLAY_TRACE_DIR=$name.otf2 mpirun --allow-run-as-root --oversubscribe -np 4 -x TIREPLAY_TRACE_DIR \
    -x LD_PRELOAD="$tracer" "$@" > "$name.out" 2>&1 || { cat "$name.out"; return 1; }
  "$build/otf2ti" "$name.otf2/traces.otf2" -o "$name.ti" --one-file 2> "$name.otf2ti.log" || { cat "$name.otf2ti.log"; return 1; }
  "$build/otf2ti" "$name.otf2/traces.otf2" -o "$name.bare" --one-file --cpu-threshold 3600 2> /dev/null
}

# replay TRACE LEVEL [OPTION...]: the simulated time, or the replay's output and a failure
replay() {
  local json=$1.$2.json
  local status=0
  "$build/tireplay" replay --fidelity "$2" --platform "$platform" --hostfile "$hosts" --trace "$1" --json "$json" \
    "${@:3}" > "$json.log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    cat "$json.log" >&2
    echo "exit-$status"
    return
  fi
  python3 -c 'import json,sys; print("%.9f" % json.load(open(sys.argv[1]))["simulated_time"])' "$json"
}

smpi=$(command -v smpicc || true)
for source in "$programs"/*.c; do
  p=$(basename "$source" .c)
  mpicc -O1 -I"$programs" -o "$p" "$source"
  if ! trace "$p" "./$p"; then fail "$p: the traced run or its conversion failed"; continue; fi
  if grep -v -e '^otf2ti: no flop counter' -e '^otf2ti: 4 ranks' -e '^otf2ti: the traced run took' \
       -e 'MPI_PROC_NULL as peer left no action' "$p.otf2ti.log" | grep -q .; then
    fail "$p: otf2ti said more than its notes:"; cat "$p.otf2ti.log"; continue
  fi
  if ! python3 "$src/tests/otf2/check_semantics.py" "$p.ti/trace.txt" "$p.out" > "$p.check"; then
    fail "$p:"; sed 's/^/  /' "$p.check"; continue
  fi
  same=() select=()
  [ "$p" = requests ] && same=(--cfg smpi/grow-injected-times:no)
  [ "$p" = reductions ] && select=(--select ompi)  # Open MPI's rules go by element counts
  full=$(replay "$p.ti/trace.txt" full "${same[@]}" "${select[@]}")
  fast=$(replay "$p.ti/trace.txt" fast "${same[@]}" "${select[@]}")
  if [[ $full == exit-* || $fast == exit-* ]] ||
     ! python3 -c 'import sys; a, b = map(float, sys.argv[1:]); sys.exit(abs(a - b) > 1e-6 * a)' "$full" "$fast"; then
    fail "$p: replay full $full, fast $fast (want exit 0 and the same time, 1e-6)"; continue
  fi
  verdict="replay $full s at both levels"
  if [ -n "$smpi" ]; then
    args=() cfg=()
    [ "$p" = requests ] && args=(waits) cfg=(--cfg=smpi/test:0)
    [ "$p" = reductions ] && cfg=(--cfg=smpi/coll-selector:ompi)
    bare=$p.bare/trace.txt
    if [ ${#args[@]} -gt 0 ]; then
      trace "$p.waits" "./$p" "${args[@]}" || { fail "$p ${args[*]}: the traced run failed"; continue; }
      bare=$p.waits.bare/trace.txt
    fi
    smpicc -O1 -I"$programs" -o "$p.smpi" "$source" 2> /dev/null
    smpirun -np 4 -platform "$platform" -hostfile "$hosts" --cfg=smpi/simulate-computation:no \
      "${cfg[@]}" --log=root.thresh:critical "./$p.smpi" "${args[@]}" > "$p.smpi.out" 2>&1 || { cat "$p.smpi.out"; fail "$p: smpirun"; continue; }
    want=$(awk '$1 == "finish" && $3 > m { m = $3 } END { printf "%.9f", m }' "$p.smpi.out")
    got_full=$(replay "$bare" full "${select[@]}") got_fast=$(replay "$bare" fast "${select[@]}")
    if ! python3 -c 'import sys; want, *got = map(float, sys.argv[1:]); sys.exit(any(abs(g - want) > 1e-9 + 1e-6 * want for g in got))' \
         "$want" "$got_full" "$got_fast" 2> /dev/null; then
      fail "$p: without computations, replay full $got_full s, fast $got_fast s; SMPI runs the program in $want s"
      continue
    fi
    verdict="$verdict; without computations $got_full s, as SMPI's run of the program ($want s)"
  fi
  printf 'ok   %-14s %s; %s\n' "$p" "$(cat "$p.check")" "$verdict"
done
[ "$failures" -eq 0 ] || { echo "semantics: $failures program(s) failed"; exit 1; }
echo "semantics: every pattern traced, converted and replayed as the program ran it"
